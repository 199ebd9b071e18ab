import { Inject, Injectable } from '@nestjs/common';
import type { Language, SurveyDetail } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { SurveyAccess } from '../../domain/survey-access.js';
import { SurveysRepository } from '../../domain/surveys.repository.js';
import { SurveysErrors } from '../../surveys.errors.js';

/** One questionnaire as its form edits it, with its state (the author or an administrator). */
@Injectable()
export class GetSurvey {
  constructor(
    private readonly db: DataSource,
    private readonly surveys: SurveysRepository,
    private readonly access: SurveyAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo, lang: Language): Promise<SurveyDetail> {
    const row = await this.surveys.get(this.db, id);
    if (!row) throw SurveysErrors.notFound();
    await this.access.mayManageOne(me, client, 'survey.get', row);
    const item = await this.surveys.listItem(this.db, id, lang, this.config.timeZone);
    if (!item) throw SurveysErrors.notFound();
    return {
      ...item,
      description: row.description,
      audience: row.audience,
      template: row.template,
      questions: await this.surveys.questions(this.db, id),
    };
  }
}
