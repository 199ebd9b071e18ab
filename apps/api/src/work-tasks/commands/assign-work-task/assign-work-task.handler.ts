import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { WORK_TASK_FLOW, type WorkTaskDetail, type WorkTaskValues } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { keyedInstanceId } from '../../../workflow/domain/idempotency.js';
import { WorkflowCommands } from '../../../workflow/domain/workflow-commands.service.js';
import { WorkTaskAccess } from '../../domain/work-task-access.js';
import { planWorkTask } from '../../domain/work-task-plan.js';
import { WorkTasksRepository } from '../../domain/work-tasks.repository.js';
import { WorkTaskLists } from '../../queries/work-task-lists/work-task-lists.query.js';

/** Starts in flight at once: the group commit gathers them into few statements (docs/adr/0012). */
const CONCURRENT_STARTS = 16;

/** An assignment's instance id: the same (task, person) always names the same instance, so it is opened once. */
export const assignmentInstanceId = (taskId: string, userId: string): string => keyedInstanceId('system', WORK_TASK_FLOW, `${taskId}:${userId}`);

/**
 * A leader assigns a task (docs/product/office.md#work-tasks): checked and expanded (`planWorkTask`), the task's row
 * written, then one `work-task` instance per assignee opened by the engine as `system`, each with its assignee's row
 * in the start's own statement. The assignee is told by the flow's message of ASSIGN.
 */
@Injectable()
export class AssignWorkTask {
  constructor(
    private readonly db: DataSource,
    private readonly repo: WorkTasksRepository,
    private readonly access: WorkTaskAccess,
    private readonly commands: WorkflowCommands,
    private readonly lists: WorkTaskLists,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(v: WorkTaskValues, me: Principal, client: ClientInfo): Promise<WorkTaskDetail> {
    await this.access.mayAssign(me, client, 'workTask.assign');
    const { taskId, assignees } = await this.assign(v, me.userId, Date.now());
    await this.access.record(me, client, 'workTask.assign', taskId, { title: v.title, assignees, departments: v.departmentIds.length });
    return this.lists.detail(taskId, me, client);
  }

  /**
   * The assignment itself, decided at `now` (the demo seed assigns "days ago", so its tasks can be overdue today):
   * answers the task's id and how many were assigned.
   */
  async assign(v: WorkTaskValues, leaderId: string, now: number): Promise<{ taskId: string; assignees: number }> {
    const plan = planWorkTask(v, await this.repo.readAssignment(this.db, v), leaderId, now, this.config.timeZone);
    const taskId = await this.repo.insertTask(this.db, v, leaderId, plan.deadlineAt);
    const requestId = randomUUID();
    const starts = plan.starts(taskId);
    for (let i = 0; i < starts.length; i += CONCURRENT_STARTS) {
      await Promise.all(
        starts.slice(i, i + CONCURRENT_STARTS).map(({ assigneeId, plan: start }) =>
          this.commands.startAsSystem(
            WORK_TASK_FLOW,
            assignmentInstanceId(taskId, assigneeId),
            {
              ...start,
              also: (param, cte) => [
                `${cte('assignee')} AS (
                  INSERT INTO work_task_assignee (task_id, user_id, instance_id)
                  SELECT ${param(taskId, 'uuid')}, ${param(assigneeId, 'uuid')}, id FROM ${cte('inst')}
                  ON CONFLICT DO NOTHING)`,
              ],
            },
            requestId,
          ),
        ),
      );
    }
    return { taskId, assignees: plan.assignees.length };
  }
}
