import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { SystemModule } from '../system/system.module.js';
import { CreateRound } from './commands/create-round/create-round.handler.js';
import { DeleteRound } from './commands/delete-round/delete-round.handler.js';
import { DeleteTemplate } from './commands/delete-template/delete-template.handler.js';
import { SaveSheet } from './commands/save-sheet/save-sheet.handler.js';
import { SaveTemplate } from './commands/save-template/save-template.handler.js';
import { EvaluationAccess } from './domain/evaluation-access.js';
import { ProgressNotifier } from './domain/progress-notifier.js';
import { ResultsRepository } from './domain/results.repository.js';
import { RoundsRepository } from './domain/rounds.repository.js';
import { SheetContexts } from './domain/sheet-context.js';
import { SheetsRepository } from './domain/sheets.repository.js';
import { TemplatesRepository } from './domain/templates.repository.js';
import { EvaluationsController } from './evaluations.controller.js';
import { ExportResults } from './queries/export-results/export-results.query.js';
import { GetSheet } from './queries/get-sheet/get-sheet.query.js';
import { ListRounds } from './queries/list-rounds/list-rounds.query.js';
import { ListSchoolYears } from './queries/list-school-years/list-school-years.query.js';
import { ListTemplates } from './queries/list-templates/list-templates.query.js';
import { MySheets } from './queries/my-sheets/my-sheets.query.js';
import { RoundProgress } from './queries/round-progress/round-progress.query.js';
import { RoundResults } from './queries/round-results/round-results.query.js';

/**
 * Evaluations (issue 28, docs/product/evaluations.md, docs/adr/0045-evaluations.md): settings (templates), rounds,
 * sheets and analysis of one context; refusals in evaluations.errors.ts. The final-term flow reads a round's results
 * through the exported RoundResults.
 */
@Module({
  imports: [SystemModule, MessagingModule],
  controllers: [EvaluationsController],
  providers: [
    AdminAudit,
    EvaluationAccess,
    TemplatesRepository,
    RoundsRepository,
    SheetsRepository,
    ResultsRepository,
    SheetContexts,
    ProgressNotifier,
    SaveTemplate,
    DeleteTemplate,
    CreateRound,
    DeleteRound,
    SaveSheet,
    ListTemplates,
    ListSchoolYears,
    ListRounds,
    MySheets,
    GetSheet,
    RoundProgress,
    RoundResults,
    ExportResults,
  ],
  exports: [RoundResults],
})
export class EvaluationsModule {}
