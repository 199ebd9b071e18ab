import { Injectable } from '@nestjs/common';
import { ELECTIVE_MANAGE_PERMISSION, ELECTIVE_SELECT_PERMISSION } from '@schoolflow/contracts';
import { AdminAudit } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { ElectivesErrors } from '../electives.errors.js';

/**
 * Who may do what in 选修课, checked on the server (docs/product/electives.md#who): managing batches, rosters and the
 * draw needs `elective:manage` (administrators, the office); selecting and ranking `elective:select` (students), and
 * the student's own row (elective_select reads it by the caller's account: nobody selects for another). Permission
 * refusals and every management change go to the operation log; a seat refused for being full is an answer, not an
 * incident, and is not logged (2,000 students at 8:00 would write 2,000 rows for nothing).
 */
@Injectable()
export class ElectiveAccess {
  constructor(private readonly audit: AdminAudit) {}

  async mayManage(me: Principal, client: ClientInfo, action: string, target: string | null): Promise<void> {
    if (me.permissions.has(ELECTIVE_MANAGE_PERMISSION)) return;
    await this.audit.record(me, client, action, target, { reason: 'electives.errors.forbidden' }, 'failure');
    throw ElectivesErrors.forbidden();
  }

  async maySelect(me: Principal, client: ClientInfo, action: string, target: string | null): Promise<void> {
    if (me.permissions.has(ELECTIVE_SELECT_PERMISSION)) return;
    await this.audit.record(me, client, action, target, { reason: 'electives.errors.notStudent' }, 'failure');
    throw ElectivesErrors.notStudent();
  }

  record(me: Principal, client: ClientInfo, action: string, target: string, detail: Record<string, unknown> = {}): Promise<void> {
    return this.audit.record(me, client, action, target, detail);
  }
}
