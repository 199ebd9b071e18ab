import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { ANSWERING_CONTROLLERS, ANSWERING_PROVIDERS } from './answering/answering.providers.js';

/**
 * Questionnaires (issue 25, docs/product/questionnaires.md, docs/adr/0038-questionnaires.md): management
 * (commands/, queries/), answering (answering/) and results (results/) of one context; refusals in surveys.errors.ts.
 */
@Module({
  imports: [MessagingModule, FilesModule],
  // answering's first: its `GET /api/surveys/mine` before management's `GET /api/surveys/:id`
  controllers: [...ANSWERING_CONTROLLERS],
  providers: [...ANSWERING_PROVIDERS],
})
export class SurveysModule {}
