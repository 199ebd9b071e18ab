import { Injectable } from '@nestjs/common';
import { MessageType, PROJECT_LIMITS, PROJECTS_PAGE, type ProjectTask, roleWrites, type TaskValues } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import type { PlannedMessage } from '../../../workflow/domain/flow-plugin.js';
import { ProjectAccess } from '../../domain/project-access.js';
import { ProjectWrites } from '../../domain/project-writes.js';
import { type Db, ProjectsRepository } from '../../domain/projects.repository.js';
import { ProjectsErrors } from '../../projects.errors.js';

/**
 * A member or the owner writes a task down or changes one (docs/product/office.md#projects): a task's owner is one who
 * writes in the project; a new task goes last in its column, and one whose status changes goes last in its new
 * column. Whoever is made its owner by someone else gets a bell message, written with the change.
 */
@Injectable()
export class SaveTask {
  constructor(
    private readonly db: DataSource,
    private readonly projects: ProjectsRepository,
    private readonly access: ProjectAccess,
    private readonly writes: ProjectWrites,
  ) {}

  async create(projectId: string, v: TaskValues, me: Principal, client: ClientInfo): Promise<ProjectTask> {
    const id = await this.writes.run(projectId, me, client, 'project.task.create', 'write', 'task', async (tx, project) => {
      if ((await this.projects.taskCount(tx, projectId)) >= PROJECT_LIMITS.tasks) throw ProjectsErrors.tooManyTasks();
      await this.assignable(tx, projectId, v.assigneeId);
      const id = await this.projects.insertTask(tx, projectId, v, me.userId);
      return { value: id, taskId: id, messages: this.told(v.assigneeId, null, me, project.name, projectId, id, v.title) };
    });
    await this.access.record(me, client, 'project.task.create', projectId, { taskId: id, title: v.title });
    return (await this.projects.task(this.db, projectId, id, this.writes.today())) as ProjectTask;
  }

  async update(projectId: string, taskId: string, v: TaskValues, me: Principal, client: ClientInfo): Promise<ProjectTask> {
    await this.writes.run(projectId, me, client, 'project.task.update', 'write', 'task', async (tx, project) => {
      const before = await this.projects.task(tx, projectId, taskId, this.writes.today());
      if (!before) throw ProjectsErrors.taskNotFound();
      await this.assignable(tx, projectId, v.assigneeId);
      await this.projects.updateTask(tx, projectId, taskId, v);
      if (before.status !== v.status) await this.projects.setPositions(tx, await this.projects.column(tx, projectId, before.status));
      return { value: null, taskId, messages: this.told(v.assigneeId, before.assigneeId, me, project.name, projectId, taskId, v.title) };
    });
    return (await this.projects.task(this.db, projectId, taskId, this.writes.today())) as ProjectTask;
  }

  /** A task's owner writes in the project (its owner or a member). */
  private async assignable(tx: Db, projectId: string, assigneeId: string | null): Promise<void> {
    if (assigneeId !== null && !roleWrites(await this.projects.roleOf(tx, projectId, assigneeId))) throw ProjectsErrors.assigneeNotMember();
  }

  /** The bell message of a task's new owner, when someone else made them so. */
  private told(assigneeId: string | null, before: string | null, me: Principal, project: string, projectId: string, taskId: string, title: string): PlannedMessage[] {
    if (assigneeId === null || assigneeId === before || assigneeId === me.userId) return [];
    return [
      {
        recipientId: assigneeId,
        type: MessageType.task,
        titleKey: 'messages.projectTaskAssigned.title',
        contentKey: 'messages.projectTaskAssigned.content',
        params: { title, project, actor: me.name },
        link: `${PROJECTS_PAGE.url}?id=${projectId}&task=${taskId}`,
      },
    ];
  }
}
