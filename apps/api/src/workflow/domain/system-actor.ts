import { Permission } from '@schoolflow/contracts';
import type { Principal } from '../../infrastructure/http/request-context.js';

/** Who acts when the engine itself appends an event (timers, jobs; docs/architecture.md#system-events-and-timers). */
export const SYSTEM_ACTOR = 'system';

/** The engine reading an instance for its own event: it may read every instance. */
export const SYSTEM_PRINCIPAL: Principal = { userId: SYSTEM_ACTOR, account: SYSTEM_ACTOR, name: SYSTEM_ACTOR, userType: '', sessionId: '', roles: [], permissions: new Set([Permission.workflowViewAll]) };
