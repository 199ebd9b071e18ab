import { Inject, Injectable } from '@nestjs/common';
import type { Language, SurveyListQuery, SurveyPage } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { SurveyAccess } from '../../domain/survey-access.js';
import { SurveysRepository } from '../../domain/surveys.repository.js';

/** 问卷管理: an administrator sees every questionnaire, another manager their own; filtered, a page at a time. */
@Injectable()
export class ListSurveys {
  constructor(
    private readonly db: DataSource,
    private readonly surveys: SurveysRepository,
    private readonly access: SurveyAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(q: SurveyListQuery, me: Principal, client: ClientInfo, lang: Language): Promise<SurveyPage> {
    await this.access.mayManage(me, client, 'survey.list', null);
    return this.surveys.list(this.db, q, this.access.isAdministrator(me) ? null : me.userId, lang, this.config.timeZone);
  }
}
