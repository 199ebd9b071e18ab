import { Injectable } from '@nestjs/common';
import { PROJECT_LIMITS, type ProjectCandidate, type ProjectListQuery, PROJECTS_CREATE_PERMISSION, type ProjectSummary } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ProjectAccess } from '../../domain/project-access.js';
import { ProjectWrites } from '../../domain/project-writes.js';
import { ProjectsRepository } from '../../domain/projects.repository.js';
import { ProjectsErrors } from '../../projects.errors.js';

/** My projects (the latest changed first), and the staff one may make members. */
@Injectable()
export class ListProjects {
  constructor(
    private readonly db: DataSource,
    private readonly projects: ProjectsRepository,
    private readonly access: ProjectAccess,
    private readonly writes: ProjectWrites,
  ) {}

  execute(q: ProjectListQuery, me: Principal): Promise<ProjectSummary[]> {
    return this.projects.mine(this.db, me.userId, q.archived, this.writes.today());
  }

  async candidates(q: string, me: Principal, client: ClientInfo): Promise<ProjectCandidate[]> {
    if (!me.permissions.has(PROJECTS_CREATE_PERMISSION)) throw await this.access.refuse(me, client, 'project.candidates', null, ProjectsErrors.forbidden());
    return this.projects.candidates(this.db, q, PROJECT_LIMITS.candidates);
  }
}
