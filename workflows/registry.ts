import type { FlowDefinition } from './engine/flow.js';
import { leaveFlow } from './leave/leave.flow.js';

/**
 * Every flow by its API name (`/api/workflows/{flow}`): the one place that lists them. The server, the browser and
 * the tests find a flow here and read everything else from its declaration.
 */
export const FLOWS: Readonly<Record<string, FlowDefinition>> = {
  leave: leaveFlow as unknown as FlowDefinition,
};

export function flowOf(flow: string): FlowDefinition | undefined {
  return Object.hasOwn(FLOWS, flow) ? FLOWS[flow] : undefined;
}
