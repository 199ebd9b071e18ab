import { Injectable } from '@nestjs/common';
import { RoleCode, SURVEY_MANAGE_PERMISSION } from '@schoolflow/contracts';
import { AdminAudit } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { SurveysErrors } from '../surveys.errors.js';

/**
 * Who may manage questionnaires, checked on the server (docs/product/questionnaires.md#who): creating one needs
 * `survey:manage` (the spec's permission message otherwise); changing, publishing or deleting one is its author's, holding
 * that permission still — or an administrator's. Refusals and every change go to the operation log.
 */
@Injectable()
export class SurveyAccess {
  constructor(private readonly audit: AdminAudit) {}

  isAdministrator(me: Principal): boolean {
    return me.roles.includes(RoleCode.admin);
  }

  async mayManage(me: Principal, client: ClientInfo, action: string, target: string | null): Promise<void> {
    if (me.permissions.has(SURVEY_MANAGE_PERMISSION)) return;
    await this.audit.record(me, client, action, target, { reason: 'surveys.errors.forbidden' }, 'failure');
    throw SurveysErrors.forbidden();
  }

  /** A questionnaire's manager: its author (with the permission) or an administrator. */
  async mayManageOne(me: Principal, client: ClientInfo, action: string, survey: { id: string; author_id: string }): Promise<void> {
    await this.mayManage(me, client, action, survey.id);
    if (survey.author_id === me.userId || this.isAdministrator(me)) return;
    await this.audit.record(me, client, action, survey.id, { reason: 'surveys.errors.forbidden', author: survey.author_id }, 'failure');
    throw SurveysErrors.forbidden();
  }

  record(me: Principal, client: ClientInfo, action: string, target: string, detail: Record<string, unknown> = {}): Promise<void> {
    return this.audit.record(me, client, action, target, detail);
  }

  refused(me: Principal, client: ClientInfo, action: string, target: string | null, reason: string): Promise<void> {
    return this.audit.record(me, client, action, target, { reason }, 'failure');
  }
}
