import { Module } from '@nestjs/common';

/**
 * Questionnaires (issue 25, docs/product/questionnaires.md, docs/adr/0038-questionnaires.md): management
 * (commands/, queries/), answering (answering/) and results (results/) of one context; refusals in surveys.errors.ts.
 */
@Module({
  imports: [],
  controllers: [],
  providers: [],
})
export class SurveysModule {}
