import { Injectable } from '@nestjs/common';
import { DUTY_MANAGE_PERMISSION } from '@schoolflow/contracts';
import { AuditedAccess } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { DutyErrors } from '../duty-rosters.errors.js';

/**
 * Who may do what with duty rosters (docs/adr/0064-duty-rosters.md#access): holders of `duty:manage` (the office,
 * the principal, administrators) keep posts, rosters and recorded leave; every signed-in member of staff reads the
 * published rosters and their own duties. Changes and refusals go to the operation log.
 */
@Injectable()
export class DutyAccess extends AuditedAccess {
  manages(me: Principal): boolean {
    return me.permissions.has(DUTY_MANAGE_PERMISSION);
  }

  async mayManage(me: Principal, client: ClientInfo, action: string, target: string | null = null): Promise<void> {
    if (this.manages(me)) return;
    throw await this.refuse(me, client, action, target, DutyErrors.forbidden());
  }
}
