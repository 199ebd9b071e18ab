import { Injectable } from '@nestjs/common';
import { CONSULT_PERMISSION } from '@schoolflow/contracts';
import { AuditedAccess } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { ConsultErrors } from '../consult.errors.js';

/**
 * Who answers consultations, checked on the server (docs/product/consultation.md#agents): holders of `consult:answer`
 * (the school office and administrators by default). Refusals and every change of a conversation (accept, transfer,
 * close, export) go to the operation log.
 */
@Injectable()
export class ConsultAccess extends AuditedAccess {
  async mayAnswer(me: Principal, client: ClientInfo, action: string, target: string | null): Promise<void> {
    if (me.permissions.has(CONSULT_PERMISSION)) return;
    await this.refused(me, client, action, target, 'consult.errors.forbidden');
    throw ConsultErrors.forbidden();
  }
}
