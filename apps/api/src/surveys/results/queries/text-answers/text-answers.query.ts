import { Injectable } from '@nestjs/common';
import type { SurveyTextAnswersQuery, SurveyTextPage } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../../infrastructure/http/request-context.js';
import { SurveysErrors } from '../../../surveys.errors.js';
import { SurveyAccess } from '../../../domain/survey-access.js';
import { ResultsRepository } from '../../domain/results.repository.js';

/** `GET /surveys/{id}/stats/texts`: one text question's answers, newest first, paged, searched by part of the text. */
@Injectable()
export class SurveyTextAnswersQueryHandler {
  constructor(
    private readonly db: DataSource,
    private readonly results: ResultsRepository,
    private readonly access: SurveyAccess,
  ) {}

  async execute(id: string, q: SurveyTextAnswersQuery, me: Principal, client: ClientInfo): Promise<SurveyTextPage> {
    await this.access.mayManage(me, client, 'survey.stats', id);
    const survey = await this.results.survey(this.db, id);
    if (!survey) throw SurveysErrors.notFound();
    await this.access.mayManageOne(me, client, 'survey.stats', { id, author_id: survey.authorId });
    const question = (await this.results.questions(this.db, id)).find((x) => x.id === q.questionId && x.type === 'text');
    if (!question) throw SurveysErrors.questionsFailed();
    return this.results.texts(this.db, id, question.id, q);
  }
}
