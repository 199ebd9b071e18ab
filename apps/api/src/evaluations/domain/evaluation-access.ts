import { Injectable } from '@nestjs/common';
import { EvaluationPermission, RoleCode } from '@schoolflow/contracts';
import { AuditedAccess } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { EvaluationsErrors } from '../evaluations.errors.js';

/** Roles that read every class's results and progress (the rest of evaluations:analysis reads their own class). */
const SCHOOL_WIDE = new Set<string>([RoleCode.admin, RoleCode.office, RoleCode.principal, RoleCode.gradeLeader]);

/**
 * Who may do what, checked on the server (docs/product/evaluations.md#who): settings need evaluations:manage; a sheet
 * needs evaluations:evaluate AND being its evaluator (SheetsRepository.evaluatees); results need evaluations:analysis
 * and, for a head teacher, their own class. Refusals and every settings change go to the operation log.
 */
@Injectable()
export class EvaluationAccess extends AuditedAccess {
  async mayManage(me: Principal, client: ClientInfo, action: string, target: string | null): Promise<void> {
    if (me.permissions.has(EvaluationPermission.manage)) return;
    await this.refused(me, client, action, target, 'evaluations.errors.forbidden');
    throw EvaluationsErrors.forbidden();
  }

  async mayEvaluate(me: Principal, client: ClientInfo, action: string, target: string): Promise<void> {
    if (me.permissions.has(EvaluationPermission.evaluate)) return;
    await this.refused(me, client, action, target, 'evaluations.errors.notEvaluator');
    throw EvaluationsErrors.notEvaluator();
  }

  /** Every class's results (school-wide roles, managers), else null: only the classes one is head teacher of. */
  schoolWide(me: Principal): boolean {
    return me.permissions.has(EvaluationPermission.manage) || me.roles.some((r) => SCHOOL_WIDE.has(r));
  }

  async mayAnalyse(me: Principal, client: ClientInfo, action: string, target: string, headTeacherId: string | null | undefined): Promise<void> {
    if (me.permissions.has(EvaluationPermission.analysis) && (this.schoolWide(me) || (headTeacherId !== undefined && headTeacherId === me.userId))) return;
    const reason = me.permissions.has(EvaluationPermission.analysis) ? 'notYourClass' : 'forbidden';
    await this.refused(me, client, action, target, `evaluations.errors.${reason}`);
    throw EvaluationsErrors[reason]();
  }
}
