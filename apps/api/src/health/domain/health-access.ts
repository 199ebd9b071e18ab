import { Injectable } from '@nestjs/common';
import { HEALTH_MANAGE_PERMISSION, RoleCode } from '@schoolflow/contracts';
import { AuditedAccess } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { HealthErrors } from '../health.errors.js';
import type { HealthStudent } from './health.repository.js';

/**
 * Who reads a student's health records (docs/adr/0054-health.md#access): the school doctor (health:manage, every
 * student), the student's head teacher, the student, their parent. Everyone else is refused and the refusal logged —
 * a teacher who is not the class's included. The kit's lists apply the same rule through their scope.
 */
@Injectable()
export class HealthAccess extends AuditedAccess {
  manages(me: Principal): boolean {
    return me.permissions.has(HEALTH_MANAGE_PERMISSION);
  }

  /** Staff who read a student's page: the doctor and the student's head teacher. */
  async mayWatch(me: Principal, client: ClientInfo, s: HealthStudent): Promise<void> {
    if (this.manages(me) || (s.head_teacher_id !== null && s.head_teacher_id === me.userId)) return;
    throw await this.refuse(me, client, 'health.risk', s.id, HealthErrors.forbidden());
  }

  /**
   * Whose flags a risk query answers: every student's for the doctor (null), a head teacher's classes' (their id) —
   * others named are left out, since a list page mixes them — anyone else refused and logged.
   */
  async flagsScope(me: Principal, client: ClientInfo): Promise<string | null> {
    if (this.manages(me)) return null;
    if (me.roles.includes(RoleCode.headTeacher)) return me.userId;
    throw await this.refuse(me, client, 'health.risks', '', HealthErrors.forbidden());
  }

  /** A family account reads only its own: the student's own record, a parent's child's. */
  async mayReadOwn(me: Principal, client: ClientInfo, studentId: string, own: readonly { id: string }[]): Promise<void> {
    if (own.some((s) => s.id === studentId)) return;
    throw await this.refuse(me, client, 'health.mine', studentId, HealthErrors.forbidden());
  }
}
