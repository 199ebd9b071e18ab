import { Injectable } from '@nestjs/common';
import { PROJECT_LIMITS, type TaskAttachInput, type TaskDetail } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { ownUploads } from '../../../files/domain/own-uploads.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ProjectAccess } from '../../domain/project-access.js';
import { ProjectWrites } from '../../domain/project-writes.js';
import { type Db, ProjectsRepository } from '../../domain/projects.repository.js';
import { ProjectsErrors } from '../../projects.errors.js';
import { TaskDetailQuery } from '../../queries/task-detail/task-detail.query.js';

const TYPES = PROJECT_LIMITS.attachmentTypes.split(',').map((t) => t.replace(/^\./, ''));

/**
 * A member or the owner attaches their own uploads to a task (the upload service's files, as feedback's pictures are:
 * checked again here — type, size, at most ten a task); an attachment is removed by who attached it or the project's
 * owner, and its file then goes with the sweep. The project's members may download a task's files (FileStore.visible).
 */
@Injectable()
export class AttachFiles {
  constructor(
    private readonly db: DataSource,
    private readonly projects: ProjectsRepository,
    private readonly access: ProjectAccess,
    private readonly writes: ProjectWrites,
    private readonly detail: TaskDetailQuery,
  ) {}

  async add(projectId: string, taskId: string, input: TaskAttachInput, me: Principal, client: ClientInfo): Promise<TaskDetail> {
    const ids = [...new Set(input.resIds)];
    const role = await this.writes.run(projectId, me, client, 'project.attach', 'write', 'attachment', async (tx, project) => {
      await this.taskOf(tx, projectId, taskId);
      const files = await ownUploads(tx, ids, me.userId);
      if (files.length !== ids.length) throw await this.access.refuse(me, client, 'project.attach', projectId, ProjectsErrors.attachmentNotYours());
      if (files.some((f) => !TYPES.includes(f.suffix.replace(/^\./, '').toLowerCase()) || f.size > PROJECT_LIMITS.attachmentKb * 1024)) throw ProjectsErrors.attachmentInvalid();
      const held = new Set((await this.projects.attachments(tx, taskId, this.writes.timeZone)).map((a) => a.resId));
      if (held.size + ids.filter((id) => !held.has(id)).length > PROJECT_LIMITS.attachments) throw ProjectsErrors.tooManyAttachments();
      await this.projects.attach(tx, taskId, ids, me.userId);
      return { value: project.role, taskId };
    });
    return this.detail.view(this.db, projectId, taskId, me, role);
  }

  async remove(projectId: string, taskId: string, resId: string, me: Principal, client: ClientInfo): Promise<TaskDetail> {
    const role = await this.writes.run(projectId, me, client, 'project.detach', 'write', 'attachment', async (tx, project) => {
      await this.taskOf(tx, projectId, taskId);
      const held = await this.projects.attachmentAdder(tx, taskId, resId);
      if (!held) throw ProjectsErrors.attachmentNotFound();
      if (project.role !== 'owner' && held.addedBy !== me.userId) throw await this.access.refuse(me, client, 'project.detach', projectId, ProjectsErrors.ownerOnly());
      await this.projects.detach(tx, taskId, resId);
      return { value: project.role, taskId };
    });
    return this.detail.view(this.db, projectId, taskId, me, role);
  }

  private async taskOf(tx: Db, projectId: string, taskId: string): Promise<void> {
    if (!(await this.projects.task(tx, projectId, taskId, this.writes.today()))) throw ProjectsErrors.taskNotFound();
  }
}
