import { Module } from '@nestjs/common';
import { SurveyResultsModule } from './results/survey-results.module.js';

/**
 * Questionnaires (issue 25, docs/product/questionnaires.md, docs/adr/0038-questionnaires.md): management
 * (commands/, queries/), answering (answering/) and results (results/) of one context; refusals in surveys.errors.ts.
 */
@Module({
  imports: [SurveyResultsModule],
  controllers: [],
  providers: [],
})
export class SurveysModule {}
