import { Injectable } from '@nestjs/common';
import type { ProjectDetail, ProjectRole } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ProjectAccess } from '../../domain/project-access.js';
import { ProjectWrites } from '../../domain/project-writes.js';
import { type Db, ProjectsRepository } from '../../domain/projects.repository.js';
import { ProjectsErrors } from '../../projects.errors.js';

/** One project as its board and timeline show it: its members and every task by column and place (members only). */
@Injectable()
export class ProjectDetailQuery {
  constructor(
    private readonly db: DataSource,
    private readonly projects: ProjectsRepository,
    private readonly access: ProjectAccess,
    private readonly writes: ProjectWrites,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo): Promise<ProjectDetail> {
    const role = await this.access.role(this.db, id, me, client, 'project.read', 'read');
    return this.view(this.db, id, role);
  }

  async view(db: Db, id: string, role: ProjectRole): Promise<ProjectDetail> {
    const today = this.writes.today();
    const [p, members, tasks] = await Promise.all([this.projects.project(db, id), this.projects.members(db, id), this.projects.tasks(db, id, today)]);
    if (!p) throw ProjectsErrors.notFound();
    return {
      id: p.id,
      name: p.name,
      description: p.description,
      startDate: p.start_date,
      endDate: p.end_date,
      archived: p.archived,
      ownerId: p.owner_id ?? '',
      myRole: role,
      members,
      tasks,
      today,
      updatedAt: new Date(p.updated_at).toISOString(),
    };
  }
}
