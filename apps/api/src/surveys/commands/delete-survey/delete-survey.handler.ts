import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { SurveyAccess } from '../../domain/survey-access.js';
import { SurveysRepository } from '../../domain/surveys.repository.js';
import { SurveysErrors } from '../../surveys.errors.js';

/**
 * Delete a questionnaire with its questions (its pictures are no longer kept; the sweep removes them). Refused while
 * published (unpublish first) and once answered: its results are records of what people said.
 */
@Injectable()
export class DeleteSurvey {
  constructor(
    private readonly db: DataSource,
    private readonly surveys: SurveysRepository,
    private readonly access: SurveyAccess,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo): Promise<void> {
    const found = await this.surveys.get(this.db, id);
    if (!found) throw SurveysErrors.notFound();
    await this.access.mayManageOne(me, client, 'survey.delete', found);
    const refusal = await this.db.transaction(async (tx) => {
      const current = await this.surveys.get(tx, id, true);
      if (!current) return 'notFound' as const;
      if (current.published) return 'deletePublished' as const;
      if (current.answered) return 'deleteAnswered' as const;
      await this.surveys.delete(tx, id);
      return null;
    });
    if (refusal) {
      await this.access.refused(me, client, 'survey.delete', id, `surveys.errors.${refusal}`);
      throw SurveysErrors[refusal]();
    }
    await this.access.record(me, client, 'survey.delete', id, { name: found.name });
  }
}
