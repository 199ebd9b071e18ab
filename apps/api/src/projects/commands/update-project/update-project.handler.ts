import { Injectable } from '@nestjs/common';
import type { ProjectDetail, ProjectValues } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ProjectAccess } from '../../domain/project-access.js';
import { ProjectWrites } from '../../domain/project-writes.js';
import { ProjectsRepository } from '../../domain/projects.repository.js';
import { ProjectDetailQuery } from '../../queries/project-detail/project-detail.query.js';

/** The owner renames the project, changes its description and dates, archives it or restores it. Logged. */
@Injectable()
export class UpdateProject {
  constructor(
    private readonly db: DataSource,
    private readonly projects: ProjectsRepository,
    private readonly access: ProjectAccess,
    private readonly writes: ProjectWrites,
    private readonly detail: ProjectDetailQuery,
  ) {}

  async execute(id: string, v: ProjectValues, me: Principal, client: ClientInfo): Promise<ProjectDetail> {
    await this.writes.run(id, me, client, 'project.update', 'manage', 'project', async (tx) => ({ value: await this.projects.updateProject(tx, id, v) }), { whileArchived: true });
    await this.access.record(me, client, 'project.update', id, { name: v.name, archived: v.archived });
    return this.detail.view(this.db, id, 'owner');
  }
}
