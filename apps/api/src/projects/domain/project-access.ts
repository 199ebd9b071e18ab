import { Injectable } from '@nestjs/common';
import { type ProjectRole, roleManages, roleWrites } from '@schoolflow/contracts';
import { AdminAudit, AuditedAccess } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { ProjectsErrors } from '../projects.errors.js';
import { type Db, type LockedProject, ProjectsRepository } from './projects.repository.js';

/** What a call needs of the caller's role: to read (any member), to write (owner, member), to manage (the owner). */
export type ProjectNeed = 'read' | 'write' | 'manage';

/**
 * Who may do what with a project, checked on the server (docs/adr/0059-projects.md#access): only its members read it —
 * to anyone else it does not exist (404), and a reach for one that exists is logged; the owner and members write its
 * tasks, comments and attachments, a viewer only reads (403, logged); the project itself and its members are the
 * owner's (403, logged).
 */
@Injectable()
export class ProjectAccess extends AuditedAccess {
  constructor(
    audit: AdminAudit,
    private readonly projects: ProjectsRepository,
  ) {
    super(audit);
  }

  /** The caller's role in the project, when it is enough for `need`; otherwise the refusal, logged. */
  async role(db: Db, projectId: string, me: Principal, client: ClientInfo, action: string, need: ProjectNeed): Promise<ProjectRole> {
    const role = await this.projects.roleOf(db, projectId, me.userId);
    if (!role) {
      if (await this.projects.exists(db, projectId)) await this.refused(me, client, action, projectId, 'projects.errors.notFound');
      throw ProjectsErrors.notFound();
    }
    if (need === 'write' && !roleWrites(role)) throw await this.refuse(me, client, action, projectId, ProjectsErrors.readOnly());
    if (need === 'manage' && !roleManages(role)) throw await this.refuse(me, client, action, projectId, ProjectsErrors.ownerOnly());
    return role;
  }

  /** The project locked for a write (its row FOR UPDATE) and the caller's role, when it is enough for `need`. */
  async locked(tx: Db, projectId: string, me: Principal, client: ClientInfo, action: string, need: ProjectNeed): Promise<LockedProject & { role: ProjectRole }> {
    const project = await this.projects.lock(tx, projectId);
    if (!project) throw ProjectsErrors.notFound();
    return { ...project, role: await this.role(tx, projectId, me, client, action, need) };
  }
}
