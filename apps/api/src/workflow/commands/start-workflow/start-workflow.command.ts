import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';

export class StartWorkflowCommand {
  constructor(
    readonly flow: string,
    readonly form: unknown,
    readonly actor: Principal,
    readonly client: ClientInfo,
    readonly requestId: string,
    /** Idempotency-Key: the same key answers the first outcome and appends nothing. */
    readonly key: string | null = null,
  ) {}
}
