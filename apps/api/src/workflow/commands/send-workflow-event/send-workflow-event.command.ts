import type { WorkflowEventInput } from '@schoolflow/contracts';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';

export class SendWorkflowEventCommand {
  constructor(
    readonly flow: string,
    readonly id: string,
    readonly input: WorkflowEventInput,
    readonly ifMatch: number | null,
    readonly actor: Principal,
    readonly client: ClientInfo,
    readonly requestId: string,
    /** Idempotency-Key: the same key answers the first outcome and appends nothing. */
    readonly key: string | null = null,
  ) {}
}
