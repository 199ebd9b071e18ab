export * from './engine/flow.js';
export * from './kit/define-flow.js';
export * from './kit/rules.js';
export * from './leave/leave.events.js';
export * from './leave/leave.machine.js';
export * from './leave/leave.flow.js';
export * from './leave/leave-duration.js';
export { FLOWS, flowOf } from './registry.js';
