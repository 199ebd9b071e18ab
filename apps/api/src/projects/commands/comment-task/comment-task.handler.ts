import { Injectable } from '@nestjs/common';
import type { TaskCommentInput, TaskDetail } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ProjectAccess } from '../../domain/project-access.js';
import { ProjectWrites } from '../../domain/project-writes.js';
import { type Db, ProjectsRepository } from '../../domain/projects.repository.js';
import { ProjectsErrors } from '../../projects.errors.js';
import { TaskDetailQuery } from '../../queries/task-detail/task-detail.query.js';

/** A member or the owner comments on a task; a comment is deleted by its author or the project's owner. */
@Injectable()
export class CommentTask {
  constructor(
    private readonly db: DataSource,
    private readonly projects: ProjectsRepository,
    private readonly access: ProjectAccess,
    private readonly writes: ProjectWrites,
    private readonly detail: TaskDetailQuery,
  ) {}

  async add(projectId: string, taskId: string, input: TaskCommentInput, me: Principal, client: ClientInfo): Promise<TaskDetail> {
    const role = await this.writes.run(projectId, me, client, 'project.comment', 'write', 'comment', async (tx, project) => {
      await this.taskOf(tx, projectId, taskId);
      await this.projects.insertComment(tx, taskId, me.userId, input.content);
      return { value: project.role, taskId };
    });
    return this.detail.view(this.db, projectId, taskId, me, role);
  }

  async remove(projectId: string, taskId: string, commentId: string, me: Principal, client: ClientInfo): Promise<TaskDetail> {
    const role = await this.writes.run(projectId, me, client, 'project.comment.delete', 'write', 'comment', async (tx, project) => {
      await this.taskOf(tx, projectId, taskId);
      const comment = await this.projects.commentAuthor(tx, taskId, commentId);
      if (!comment) throw ProjectsErrors.commentNotFound();
      if (project.role !== 'owner' && comment.authorId !== me.userId) throw await this.access.refuse(me, client, 'project.comment.delete', projectId, ProjectsErrors.ownerOnly());
      await this.projects.deleteComment(tx, commentId);
      return { value: project.role, taskId };
    });
    return this.detail.view(this.db, projectId, taskId, me, role);
  }

  private async taskOf(tx: Db, projectId: string, taskId: string): Promise<void> {
    if (!(await this.projects.task(tx, projectId, taskId, this.writes.today()))) throw ProjectsErrors.taskNotFound();
  }
}
