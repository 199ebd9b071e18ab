export * from './envelope.js';
export * from './api.js';
export * from './permissions.js';
export * from './schemas.js';
export * from './password-digest.js';
export * from './themes.js';
export * from './socket-events.js';
export * from './locales/index.js';
