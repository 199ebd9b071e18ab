import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { FilesModule } from '../files/files.module.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { SystemModule } from '../system/system.module.js';
import { ANSWERING_CONTROLLERS, ANSWERING_PROVIDERS } from './answering/answering.providers.js';
import { ChangeSurveyStatus } from './commands/change-status/change-status.handler.js';
import { DeleteSurvey } from './commands/delete-survey/delete-survey.handler.js';
import { SaveSurvey } from './commands/save-survey/save-survey.handler.js';
import { SurveyAccess } from './domain/survey-access.js';
import { SurveysRepository } from './domain/surveys.repository.js';
import { GetSurvey } from './queries/get-survey/get-survey.query.js';
import { ListSurveys } from './queries/list-surveys/list-surveys.query.js';
import { SurveyCategories } from './queries/survey-categories/survey-categories.query.js';
import { SurveyResultsModule } from './results/survey-results.module.js';
import { SurveysController } from './surveys.controller.js';

/**
 * Questionnaires (issue 25, docs/product/questionnaires.md, docs/adr/0038-questionnaires.md): management
 * (commands/, queries/), answering (answering/) and results (results/) of one context; refusals in surveys.errors.ts.
 */
@Module({
  imports: [SystemModule, MessagingModule, FilesModule, SurveyResultsModule],
  // answering's first: its `GET /api/surveys/mine` before management's `GET /api/surveys/:id`
  controllers: [...ANSWERING_CONTROLLERS, SurveysController],
  providers: [AdminAudit, SurveysRepository, SurveyAccess, SaveSurvey, DeleteSurvey, ChangeSurveyStatus, ListSurveys, GetSurvey, SurveyCategories, ...ANSWERING_PROVIDERS],
})
export class SurveysModule {}
