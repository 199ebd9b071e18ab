import { Injectable } from '@nestjs/common';
import { CONSULT_PERMISSION } from '@schoolflow/contracts';
import { AdminAudit } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { ConsultErrors } from '../consult.errors.js';

/**
 * Who answers consultations, checked on the server (docs/product/consultation.md#agents): holders of `consult:answer`
 * (the school office and administrators by default). Refusals and every change of a conversation (accept, transfer,
 * close, export) go to the operation log.
 */
@Injectable()
export class ConsultAccess {
  constructor(private readonly audit: AdminAudit) {}

  async mayAnswer(me: Principal, client: ClientInfo, action: string, target: string | null): Promise<void> {
    if (me.permissions.has(CONSULT_PERMISSION)) return;
    await this.audit.record(me, client, action, target, { reason: 'consult.errors.forbidden' }, 'failure');
    throw ConsultErrors.forbidden();
  }

  record(me: Principal, client: ClientInfo, action: string, target: string | null, detail: Record<string, unknown> = {}): Promise<void> {
    return this.audit.record(me, client, action, target, detail);
  }

  refused(me: Principal, client: ClientInfo, action: string, target: string | null, reason: string): Promise<void> {
    return this.audit.record(me, client, action, target, { reason }, 'failure');
  }
}
