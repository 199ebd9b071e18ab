import { Injectable } from '@nestjs/common';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ProjectAccess } from '../../domain/project-access.js';
import { ProjectWrites } from '../../domain/project-writes.js';
import { ProjectsRepository } from '../../domain/projects.repository.js';
import { ProjectsErrors } from '../../projects.errors.js';

/** A member or the owner deletes a task with its comments and attachments; its column closes up. Logged. */
@Injectable()
export class DeleteTask {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly access: ProjectAccess,
    private readonly writes: ProjectWrites,
  ) {}

  async execute(projectId: string, taskId: string, me: Principal, client: ClientInfo): Promise<void> {
    const title = await this.writes.run(projectId, me, client, 'project.task.delete', 'write', 'task-deleted', async (tx) => {
      const before = await this.projects.task(tx, projectId, taskId, this.writes.today());
      if (!before) throw ProjectsErrors.taskNotFound();
      await this.projects.deleteTask(tx, projectId, taskId);
      await this.projects.setPositions(tx, await this.projects.column(tx, projectId, before.status));
      return { value: before.title, taskId };
    });
    await this.access.record(me, client, 'project.task.delete', projectId, { taskId, title });
  }
}
