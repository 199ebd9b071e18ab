import { Module } from '@nestjs/common';
import { MessagingModule } from '../messaging/messaging.module.js';
import { SystemModule } from '../system/system.module.js';
import { WorkflowModule } from '../workflow/workflow.module.js';
import { OpenBatchController } from './commands/open-batch/open-batch.controller.js';
import { OpenBatch } from './commands/open-batch/open-batch.handler.js';
import { PublishBatchController } from './commands/publish-batch/publish-batch.controller.js';
import { PublishBatch } from './commands/publish-batch/publish-batch.handler.js';
import { SheetController } from './commands/save-sheet/save-sheet.controller.js';
import { SaveSheet } from './commands/save-sheet/save-sheet.handler.js';
import { GradeSheetsRepository } from './domain/grade-sheets.repository.js';
import { PublishedScoresRepository } from './domain/published-scores.repository.js';
import { GetSheet } from './queries/get-sheet/get-sheet.query.js';
import { ListSheetsController } from './queries/list-sheets/list-sheets.controller.js';
import { PublishedScoresController } from './queries/published-scores/published-scores.controller.js';

/**
 * Grades (issue 10, DESIGN.md §9): the settings are resources of the kit (ResourcesModule serves them under
 * `/api/grades`); here are entry and confirmation (sheets on the grade-confirmation flow), publishing, published
 * scores, analysis and the final report.
 */
@Module({
  imports: [SystemModule, MessagingModule, WorkflowModule],
  controllers: [OpenBatchController, SheetController, ListSheetsController, PublishBatchController, PublishedScoresController],
  providers: [GradeSheetsRepository, PublishedScoresRepository, OpenBatch, SaveSheet, GetSheet, PublishBatch],
  exports: [GradeSheetsRepository, PublishedScoresRepository],
})
export class GradesModule {}
