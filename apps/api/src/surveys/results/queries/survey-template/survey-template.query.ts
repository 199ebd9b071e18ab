import { Inject, Injectable } from '@nestjs/common';
import { formatSchoolTime, type Language, type SurveyInput, type SurveyTemplate } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../../infrastructure/http/request-context.js';
import { SurveyAccess } from '../../../domain/survey-access.js';
import { teachingQualityTemplate } from '../../domain/teaching-quality-template.js';

/** `GET /surveys/templates/{name}`: a template as a draft in the caller's language, dated from today (managers only). */
@Injectable()
export class SurveyTemplateQueryHandler {
  constructor(
    private readonly access: SurveyAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(name: SurveyTemplate, me: Principal, client: ClientInfo, lang: Language): Promise<SurveyInput> {
    await this.access.mayManage(me, client, 'survey.template', name);
    const today = formatSchoolTime(Date.now(), this.config.timeZone).slice(0, 10);
    switch (name) {
      case 'teaching-quality':
        return teachingQualityTemplate(lang, today);
    }
  }
}
