import { Injectable } from '@nestjs/common';
import { type ProjectDetail, PROJECTS_CREATE_PERMISSION, type ProjectValues } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ProjectAccess } from '../../domain/project-access.js';
import { ProjectNotifier } from '../../domain/project-notifier.js';
import { ProjectsRepository } from '../../domain/projects.repository.js';
import { ProjectsErrors } from '../../projects.errors.js';
import { ProjectDetailQuery } from '../../queries/project-detail/project-detail.query.js';

/** Start a project (the page's permission): its starter is its owner, the only member until they add others. Logged. */
@Injectable()
export class CreateProject {
  constructor(
    private readonly db: DataSource,
    private readonly projects: ProjectsRepository,
    private readonly access: ProjectAccess,
    private readonly notifier: ProjectNotifier,
    private readonly detail: ProjectDetailQuery,
  ) {}

  async execute(v: ProjectValues, me: Principal, client: ClientInfo): Promise<ProjectDetail> {
    if (!me.permissions.has(PROJECTS_CREATE_PERMISSION)) throw await this.access.refuse(me, client, 'project.create', null, ProjectsErrors.forbidden());
    const { id, pushes } = await this.db.transaction(async (tx) => {
      const id = await this.projects.insertProject(tx, v, me.userId);
      return { id, pushes: await this.notifier.changed(tx, id, null, 'project', me.userId) };
    });
    this.notifier.emit(pushes);
    await this.access.record(me, client, 'project.create', id, { name: v.name });
    return this.detail.view(this.db, id, 'owner');
  }
}
