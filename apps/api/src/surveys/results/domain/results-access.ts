import { Injectable } from '@nestjs/common';
import { SURVEY_MANAGE_PERMISSION } from '@schoolflow/contracts';
import { AdminAudit } from '../../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { SurveysErrors } from '../../surveys.errors.js';

/**
 * Results are for those who manage questionnaires (the `survey:manage` permission, docs/product/questionnaires.md#results):
 * what respondents said is not for respondents, nor for other staff. A refusal goes to the operation log.
 */
@Injectable()
export class ResultsAccess {
  constructor(private readonly audit: AdminAudit) {}

  async mayRead(me: Principal, client: ClientInfo, action: string, surveyId: string): Promise<void> {
    if (me.permissions.has(SURVEY_MANAGE_PERMISSION)) return;
    await this.audit.record(me, client, action, surveyId, { reason: 'surveys.errors.forbidden' }, 'failure');
    throw SurveysErrors.forbidden();
  }

  /** An export is a copy of every answer leaving the system: it is logged like an administrator's change. */
  exported(me: Principal, client: ClientInfo, surveyId: string, detail: Record<string, unknown>): Promise<void> {
    return this.audit.record(me, client, 'survey.export', surveyId, detail);
  }
}
