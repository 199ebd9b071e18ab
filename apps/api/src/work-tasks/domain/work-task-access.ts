import { Injectable } from '@nestjs/common';
import { WORK_TASK_ASSIGN_PERMISSION, WORK_TASK_VIEW_ALL_PERMISSION } from '@schoolflow/contracts';
import { AuditedAccess } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { WorkTasksErrors } from '../work-tasks.errors.js';

/**
 * Who may do what with work tasks, checked on the server (docs/adr/0055-work-tasks.md#decision): leaders (work_tasks:assign)
 * assign and review the tasks they assigned; holders of work_tasks:view_all see every task; anyone signed in sees the
 * tasks assigned to them, and only their own assignment of each. Assignments, and every refusal, go to the operation log.
 */
@Injectable()
export class WorkTaskAccess extends AuditedAccess {
  seesAll(me: Principal): boolean {
    return me.permissions.has(WORK_TASK_VIEW_ALL_PERMISSION);
  }

  async mayAssign(me: Principal, client: ClientInfo, action: string): Promise<void> {
    if (me.permissions.has(WORK_TASK_ASSIGN_PERMISSION)) return;
    throw await this.refuse(me, client, action, null, WorkTasksErrors.forbidden());
  }

  async maySeeAll(me: Principal, client: ClientInfo, action: string): Promise<void> {
    if (this.seesAll(me)) return;
    throw await this.refuse(me, client, action, null, WorkTasksErrors.forbidden());
  }

  /** A task someone may not see answers 404 (its existence is not told), logged as a refusal. */
  async notVisible(me: Principal, client: ClientInfo, id: string): Promise<never> {
    throw await this.refuse(me, client, 'workTask.view', id, WorkTasksErrors.notFound());
  }
}
