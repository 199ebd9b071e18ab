import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';

export class StartWorkflowCommand {
  constructor(
    readonly flow: string,
    readonly form: unknown,
    readonly actor: Principal,
    readonly client: ClientInfo,
    readonly requestId: string,
  ) {}
}
