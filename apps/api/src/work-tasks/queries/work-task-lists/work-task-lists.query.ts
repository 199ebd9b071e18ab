import { Inject, Injectable } from '@nestjs/common';
import type { WorkAssignment, WorkTaskCandidates, WorkTaskDetail, WorkTaskOverview, WorkTaskSummary } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { WorkTaskAccess } from '../../domain/work-task-access.js';
import { summaryOf, WorkTasksRepository } from '../../domain/work-tasks.repository.js';

/**
 * The work tasks' reads (docs/product/office.md#work-tasks): the tasks a leader assigned, one's own assignments, the
 * submissions waiting for one's review, one task, and the leader view (every task, what is overdue, each department's
 * progress). Permission and ownership are checked here.
 */
@Injectable()
export class WorkTaskLists {
  constructor(
    private readonly db: DataSource,
    private readonly repo: WorkTasksRepository,
    private readonly access: WorkTaskAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  private async summaries(leaderId: string | null, now: number): Promise<{ tasks: WorkTaskSummary[]; assignments: WorkAssignment[] }> {
    const tasks = await this.repo.tasks(this.db, leaderId);
    const assignments = await this.repo.ofTasks(this.db, tasks.map((t) => t.id), now);
    return { tasks: tasks.map((t) => summaryOf(t, assignments.filter((a) => a.taskId === t.id), this.config.timeZone)), assignments };
  }

  async created(me: Principal, client: ClientInfo): Promise<WorkTaskSummary[]> {
    await this.access.mayAssign(me, client, 'workTask.listCreated');
    return (await this.summaries(me.userId, Date.now())).tasks;
  }

  async candidates(me: Principal, client: ClientInfo): Promise<WorkTaskCandidates> {
    await this.access.mayAssign(me, client, 'workTask.candidates');
    return this.repo.candidates(this.db, me.userId);
  }

  mine(me: Principal): Promise<WorkAssignment[]> {
    return this.repo.ofAssignee(this.db, me.userId, Date.now());
  }

  /** What waits for my review: only the tasks I assigned (the repository reads them by leader). */
  review(me: Principal): Promise<WorkAssignment[]> {
    return this.repo.toReview(this.db, me.userId, Date.now());
  }

  async detail(id: string, me: Principal, client: ClientInfo): Promise<WorkTaskDetail> {
    const task = await this.repo.task(this.db, id);
    if (!task) return this.access.notVisible(me, client, id);
    const all = await this.repo.ofTasks(this.db, [id], Date.now());
    const leads = task.leader_id === me.userId || this.access.seesAll(me);
    const shown = leads ? all : all.filter((a) => a.assigneeId === me.userId);
    if (shown.length === 0 && !leads) return this.access.notVisible(me, client, id);
    return { ...summaryOf(task, all, this.config.timeZone), content: task.content, leaderId: task.leader_id, assignments: shown };
  }

  async overview(me: Principal, client: ClientInfo): Promise<WorkTaskOverview> {
    await this.access.maySeeAll(me, client, 'workTask.overview');
    const { tasks, assignments } = await this.summaries(null, Date.now());
    const byDept = new Map<string, WorkTaskOverview['departments'][number]>();
    for (const a of assignments) {
      const department = a.department ?? { zh: '—', en: '—' };
      const row = byDept.get(department.zh) ?? { department, total: 0, submitted: 0, approved: 0, overdue: 0 };
      row.total += 1;
      if (a.state === 'submitted' || a.state === 'approved') row.submitted += 1;
      if (a.state === 'approved') row.approved += 1;
      if (a.overdue) row.overdue += 1;
      byDept.set(department.zh, row);
    }
    return { tasks, overdue: assignments.filter((a) => a.overdue).length, departments: [...byDept.values()].sort((x, y) => y.total - x.total || x.department.zh.localeCompare(y.department.zh)) };
  }
}
