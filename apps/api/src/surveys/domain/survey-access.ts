import { Injectable } from '@nestjs/common';
import { RoleCode, SURVEY_MANAGE_PERMISSION } from '@schoolflow/contracts';
import { AuditedAccess } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { SurveysErrors } from '../surveys.errors.js';

/**
 * Who may manage questionnaires, checked on the server (docs/product/questionnaires.md#who): creating one needs
 * `survey:manage` (the spec's permission message otherwise); changing, publishing or deleting one is its author's, holding
 * that permission still — or an administrator's. Refusals and every change go to the operation log.
 */
@Injectable()
export class SurveyAccess extends AuditedAccess {
  isAdministrator(me: Principal): boolean {
    return me.roles.includes(RoleCode.admin);
  }

  async mayManage(me: Principal, client: ClientInfo, action: string, target: string | null): Promise<void> {
    if (me.permissions.has(SURVEY_MANAGE_PERMISSION)) return;
    await this.refused(me, client, action, target, 'surveys.errors.forbidden');
    throw SurveysErrors.forbidden();
  }

  /** A questionnaire's manager: its author (with the permission) or an administrator. */
  async mayManageOne(me: Principal, client: ClientInfo, action: string, survey: { id: string; author_id: string }): Promise<void> {
    await this.mayManage(me, client, action, survey.id);
    if (survey.author_id === me.userId || this.isAdministrator(me)) return;
    await this.refused(me, client, action, survey.id, 'surveys.errors.forbidden', { author: survey.author_id });
    throw SurveysErrors.forbidden();
  }
}
