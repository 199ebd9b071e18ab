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
import { GradesDemoSeed } from './seed/grades-demo.seed.js';
import { ClassReportsController } from './commands/class-reports/class-reports.controller.js';
import { ClassReportsRunner } from './commands/class-reports/class-reports.runner.js';
import { StartClassReports } from './commands/class-reports/start-class-reports.handler.js';
import { ReportClassesRepository } from './queries/report/report-classes.repository.js';
import { ReportController } from './queries/report/report.controller.js';
import { FinalEvaluationModule } from '../evaluations/final/final-evaluation.module.js';
import { SemesterReportQuery } from './queries/report/semester-report.query.js';
import { ReportRosterController } from './queries/report-roster/report-roster.controller.js';
import { AnalysisController } from './queries/analysis/analysis.controller.js';
import { GradeAnalysis } from './queries/analysis/analysis.query.js';
import { AnalysisRepository } from './queries/analysis/analysis.repository.js';

// The final report: one student's PDF, the roster its page offers, a class's reports made by a job.
const REPORT_CONTROLLERS = [ReportController, ReportRosterController, ClassReportsController];
const REPORT_PROVIDERS = [SemesterReportQuery, ReportClassesRepository, StartClassReports, ClassReportsRunner];
// The analysis: every kind over a batch, each exportable to Excel.
const ANALYSIS_CONTROLLERS = [AnalysisController];
const ANALYSIS_PROVIDERS = [GradeAnalysis, AnalysisRepository];

/**
 * Grades (issue 10, docs/product/grades.md): the settings are resources of the kit (ResourcesModule serves them under
 * `/api/grades`); here are entry and confirmation (sheets on the grade-confirmation flow), publishing, published
 * scores, analysis and the final report.
 */
@Module({
  imports: [SystemModule, MessagingModule, WorkflowModule, FinalEvaluationModule],
  controllers: [OpenBatchController, SheetController, ListSheetsController, PublishBatchController, PublishedScoresController, ...REPORT_CONTROLLERS, ...ANALYSIS_CONTROLLERS],
  providers: [GradeSheetsRepository, PublishedScoresRepository, OpenBatch, SaveSheet, GetSheet, PublishBatch, GradesDemoSeed, ...REPORT_PROVIDERS, ...ANALYSIS_PROVIDERS],
  exports: [GradeSheetsRepository, PublishedScoresRepository],
})
export class GradesModule {}
