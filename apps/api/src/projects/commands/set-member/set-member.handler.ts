import { Injectable } from '@nestjs/common';
import { PROJECT_LIMITS, type ProjectDetail, type ProjectMemberInput } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ProjectAccess } from '../../domain/project-access.js';
import { ProjectWrites } from '../../domain/project-writes.js';
import { type Db, ProjectsRepository } from '../../domain/projects.repository.js';
import { ProjectsErrors } from '../../projects.errors.js';
import { ProjectDetailQuery } from '../../queries/project-detail/project-detail.query.js';

/**
 * The owner adds a member (staff only, 50 at most), changes one's role, removes one, or hands the project over
 * (`owner`: the previous owner stays as a member). The owner is never removed nor demoted directly. Whoever stops
 * writing (removed, made a viewer) owns none of its tasks any more. The one removed is told too. Logged.
 */
@Injectable()
export class SetMember {
  constructor(
    private readonly db: DataSource,
    private readonly projects: ProjectsRepository,
    private readonly access: ProjectAccess,
    private readonly writes: ProjectWrites,
    private readonly detail: ProjectDetailQuery,
  ) {}

  async execute(id: string, userId: string, input: ProjectMemberInput, me: Principal, client: ClientInfo): Promise<ProjectDetail> {
    const { role } = input;
    await this.writes.run(
      id,
      me,
      client,
      'project.member',
      'manage',
      'members',
      async (tx) => {
        const current = await this.projects.roleOf(tx, id, userId);
        if (role === null) {
          if (current === 'owner') throw ProjectsErrors.ownerRole();
          if (current && (await this.projects.removeMember(tx, id, userId))) await this.projects.unassign(tx, id, userId);
          return { value: null, also: [userId] };
        }
        if (current === 'owner') {
          if (role === 'owner') return { value: null };
          throw ProjectsErrors.ownerRole();
        }
        if (!current) await this.mayJoin(tx, id, userId);
        if (role === 'owner') await this.projects.setRole(tx, id, me.userId, 'member'); // the caller is the owner: handed over
        await this.projects.setRole(tx, id, userId, role);
        if (role === 'viewer') await this.projects.unassign(tx, id, userId);
        return { value: null };
      },
      { whileArchived: true },
    );
    await this.access.record(me, client, 'project.member', id, { userId, role });
    return this.detail.view(this.db, id, (await this.projects.roleOf(this.db, id, me.userId)) ?? 'member');
  }

  private async mayJoin(tx: Db, id: string, userId: string): Promise<void> {
    if ((await this.projects.staffName(tx, userId)) === null) throw ProjectsErrors.notStaff();
    if ((await this.projects.memberCount(tx, id)) >= PROJECT_LIMITS.members) throw ProjectsErrors.tooManyMembers();
  }
}
