import { Injectable } from '@nestjs/common';
import type { ProjectRole, TaskDetail } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ProjectAccess } from '../../domain/project-access.js';
import { ProjectWrites } from '../../domain/project-writes.js';
import { type Db, ProjectsRepository } from '../../domain/projects.repository.js';
import { ProjectsErrors } from '../../projects.errors.js';

/** One task with its comments and attachments (members only); what the reader may delete marked. */
@Injectable()
export class TaskDetailQuery {
  constructor(
    private readonly db: DataSource,
    private readonly projects: ProjectsRepository,
    private readonly access: ProjectAccess,
    private readonly writes: ProjectWrites,
  ) {}

  async execute(projectId: string, taskId: string, me: Principal, client: ClientInfo): Promise<TaskDetail> {
    const role = await this.access.role(this.db, projectId, me, client, 'project.task.read', 'read');
    return this.view(this.db, projectId, taskId, me, role);
  }

  async view(db: Db, projectId: string, taskId: string, me: Principal, role: ProjectRole): Promise<TaskDetail> {
    const task = await this.projects.task(db, projectId, taskId, this.writes.today());
    if (!task) throw ProjectsErrors.taskNotFound();
    const [comments, attachments] = await Promise.all([this.projects.comments(db, taskId, this.writes.timeZone), this.projects.attachments(db, taskId, this.writes.timeZone)]);
    const writes = role === 'owner' || role === 'member';
    return {
      task,
      myRole: role,
      comments: comments.map((c) => ({ ...c, deletable: role === 'owner' || (writes && c.authorId === me.userId) })),
      attachments: attachments.map(({ addedById, ...a }) => ({ ...a, deletable: role === 'owner' || (writes && addedById === me.userId) })),
    };
  }
}
