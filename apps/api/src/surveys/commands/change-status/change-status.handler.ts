import { Injectable } from '@nestjs/common';
import type { SurveyStatus, SurveyStatusAction } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { SurveyAccess } from '../../domain/survey-access.js';
import { statusRefusal } from '../../domain/survey-rules.js';
import { SurveysRepository } from '../../domain/surveys.repository.js';
import { type StatusReason, SurveysErrors } from '../../surveys.errors.js';

type Outcome = { done: false; why: StatusReason } | { done: true; state: { enabled: boolean; published: boolean } };

const CHANGE: Record<SurveyStatusAction, { enabled?: boolean; published?: boolean }> = {
  publish: { published: true },
  unpublish: { published: false },
  enable: { enabled: true },
  disable: { enabled: false },
};

/**
 * Publish / unpublish, put in use / out of use (spec: each change answers its success or failure message): decided
 * under the row lock by domain/survey-rules.ts statusRefusal; a failure answers "<action> failed: <reason>" and is
 * logged like the success.
 */
@Injectable()
export class ChangeSurveyStatus {
  constructor(
    private readonly db: DataSource,
    private readonly surveys: SurveysRepository,
    private readonly access: SurveyAccess,
  ) {}

  async execute(id: string, action: SurveyStatusAction, me: Principal, client: ClientInfo): Promise<SurveyStatus> {
    const found = await this.surveys.get(this.db, id);
    if (!found) throw SurveysErrors.notFound();
    const logAction = `survey.${action}`;
    await this.access.mayManageOne(me, client, logAction, found);
    const out = await this.db.transaction(async (tx): Promise<Outcome> => {
      const current = await this.surveys.get(tx, id, true);
      if (!current) throw SurveysErrors.notFound();
      const why = statusRefusal(action, { enabled: current.enabled, published: current.published, endAt: current.end_at }, new Date());
      if (why) return { done: false, why };
      return { done: true, state: await this.surveys.setStatus(tx, id, CHANGE[action]) };
    });
    if (!out.done) {
      await this.access.refused(me, client, logAction, id, `surveys.reasons.${out.why}`);
      throw SurveysErrors.statusFailed(action, out.why);
    }
    await this.access.record(me, client, logAction, id);
    return { id, ...out.state };
  }
}
