import { Module } from '@nestjs/common';
import { AdminAudit } from '../../admin/shared/admin-support.js';
import { SurveyAccess } from '../domain/survey-access.js';
import { ResultsRepository } from './domain/results.repository.js';
import { ExportSurveyAnswers } from './queries/export-answers/export-answers.query.js';
import { SurveyStatsQueryHandler } from './queries/survey-stats/survey-stats.query.js';
import { SurveyTemplateQueryHandler } from './queries/survey-template/survey-template.query.js';
import { SurveyTextAnswersQueryHandler } from './queries/text-answers/text-answers.query.js';
import { SurveyResultsController } from './survey-results.controller.js';

/** The results part of questionnaires (issue 25, S4): statistics, text answers, export, templates. Imported by SurveysModule. */
@Module({
  controllers: [SurveyResultsController],
  providers: [AdminAudit, SurveyAccess, ResultsRepository, SurveyStatsQueryHandler, SurveyTextAnswersQueryHandler, ExportSurveyAnswers, SurveyTemplateQueryHandler],
})
export class SurveyResultsModule {}
