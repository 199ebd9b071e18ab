import { Injectable } from '@nestjs/common';
import { HOLIDAY_MANAGE_PERMISSION } from '@schoolflow/contracts';
import { AuditedAccess } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { CalendarErrors } from '../calendar.errors.js';

/**
 * Who may change the declared days, checked on the server (docs/product/office.md#public-holidays): administrators
 * (calendar:holidays:edit). Every change and every refusal goes to the operation log as the other admin writes do.
 */
@Injectable()
export class HolidayAccess extends AuditedAccess {
  async mayManage(me: Principal, client: ClientInfo, action: string, target: string | null): Promise<void> {
    if (me.permissions.has(HOLIDAY_MANAGE_PERMISSION)) return;
    await this.refused(me, client, action, target, 'server.holidayForbidden');
    throw CalendarErrors.holidayForbidden();
  }
}
