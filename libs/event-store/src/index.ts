export * from './types.js';
export * from './event-store.js';
export * from './subscription.js';
export * from './listener.js';
export * from './announcer.js';
export * from './group-append.js';
export * from './prepared.js';
