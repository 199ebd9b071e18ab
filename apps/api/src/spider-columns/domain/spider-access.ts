import { Injectable } from '@nestjs/common';
import { SPIDER_MANAGE_PERMISSION } from '@schoolflow/contracts';
import { AdminAudit, AuditedAccess } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { SpiderErrors } from '../spider-columns.errors.js';

/**
 * Who may do what with collected columns (docs/adr/0067-spider-columns.md#access): everything — list, try, save,
 * run, publish or ignore an item — needs spider:manage; a refusal is 403 and goes to the operation log, as does every
 * change. Publishing an item is publishing's own use case besides, with its kind's permission.
 */
@Injectable()
export class SpiderAccess extends AuditedAccess {
  constructor(audit: AdminAudit) {
    super(audit);
  }

  async mayManage(me: Principal, client: ClientInfo, action: string, target: string | null): Promise<void> {
    if (me.permissions.has(SPIDER_MANAGE_PERMISSION)) return;
    throw await this.refuse(me, client, action, target, SpiderErrors.forbidden());
  }
}
