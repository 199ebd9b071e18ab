export * from './engine/flow.js';
export * from './leave/leave.events.js';
export * from './leave/leave.machine.js';
export * from './leave/leave.flow.js';
export * from './leave/leave-duration.js';

import type { FlowDefinition } from './engine/flow.js';
import { leaveFlow } from './leave/leave.flow.js';

/** Every flow by its API name (`/api/workflows/{flow}`). */
export const FLOWS: Record<string, FlowDefinition> = {
  leave: leaveFlow as unknown as FlowDefinition,
};
