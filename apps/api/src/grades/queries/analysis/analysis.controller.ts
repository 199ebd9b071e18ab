import { Controller, Get, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type AnalysisAnswers,
  type AnalysisBatch,
  type AnalysisKind,
  type AnalysisQuery,
  analysisQuerySchema,
  courseAnalysisQuerySchema,
  type Envelope,
  GradePermission,
  type Language,
} from '@schoolflow/contracts';
import { attachmentHeader, XLSX_MIME } from '../../../admin/shared/admin-support.js';
import { ok } from '../../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal, RequirePermissions } from '../../../infrastructure/http/request-context.js';
import { ValidQuery } from '../../../infrastructure/http/valid-input.js';
import { OperationLogService } from '../../../system/domain/operation-log.service.js';
import { sheetReader } from '../../domain/sheet-access.js';
import { analysisWorkbook } from './analysis-excel.js';
import { GradeAnalysis } from './analysis.query.js';
import { AnalysisRepository } from './analysis.repository.js';

const XLSX = '`format=xlsx` answers the same table as an Excel file (headers in the caller\'s language, formula-looking cells escaped)';

/**
 * 成绩分析 (docs/product/grades.md#analysis: `GET /server/api/grades/analysis/{kind}?batchId=…`): one route per kind, so each documents
 * and checks its own query (subject and question-rate need a course). Every kind, and its export, counts only the
 * sheets submitted or passed and those the reader may read as sheets (docs/adr/0024): a teacher's draft is his own.
 */
@ApiTags('grades')
@Controller('api/grades/analysis')
@RequirePermissions(GradePermission.analysis)
export class AnalysisController {
  constructor(
    private readonly analysis: GradeAnalysis,
    private readonly repo: AnalysisRepository,
    private readonly oplog: OperationLogService,
  ) {}

  @Get('batches')
  @ApiOperation({ summary: 'The batches entry has begun for (what the analysis page offers), newest first' })
  async batches(@Lang() lang: Language): Promise<Envelope<AnalysisBatch[]>> {
    return ok(await this.repo.batches(lang));
  }

  @Get('admin-class')
  @ApiOperation({ summary: `Per administrative class and course (one course: courseId): counts, average, highest, lowest, standard deviation, pass and excellence rates, score bands; the grade as a row. ${XLSX}` })
  adminClass(@ValidQuery(analysisQuerySchema) q: AnalysisQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language) {
    return this.answer('admin-class', q, me, client, lang);
  }

  @Get('teaching-class')
  @ApiOperation({ summary: `The same per teaching class of the batch's semester and course (classId: one teaching class). ${XLSX}` })
  teachingClass(@ValidQuery(analysisQuerySchema) q: AnalysisQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language) {
    return this.answer('teaching-class', q, me, client, lang);
  }

  @Get('ranking')
  @ApiOperation({ summary: `Students by total (weighted by course weights when the batch sets them) with standard competition ranks in class and grade, and each course's score (classId: one class). ${XLSX}` })
  ranking(@ValidQuery(analysisQuerySchema) q: AnalysisQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language) {
    return this.answer('ranking', q, me, client, lang);
  }

  @Get('subject')
  @ApiOperation({ summary: `One course (courseId required) across classes: averages and their difference from the grade's, quartiles, pass and excellence rates. ${XLSX}` })
  subject(@ValidQuery(courseAnalysisQuerySchema) q: AnalysisQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language) {
    return this.answer('subject', q, me, client, lang);
  }

  @Get('question-rate')
  @ApiOperation({ summary: `Per score item of a course (courseId required): average and score rate, per class and overall; no items: no rows. ${XLSX}` })
  questionRate(@ValidQuery(courseAnalysisQuerySchema) q: AnalysisQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language) {
    return this.answer('question-rate', q, me, client, lang);
  }

  private async answer<K extends AnalysisKind>(kind: K, q: AnalysisQuery, me: Principal, client: ClientInfo, lang: Language): Promise<Envelope<AnalysisAnswers[K]> | StreamableFile> {
    const answer = await this.analysis.execute(kind, q, sheetReader(me), lang);
    if (q.format !== 'xlsx') return ok(answer);
    const { fileName, bytes } = analysisWorkbook(answer, lang);
    // An export takes the school's scores out of the system: who took which, as the kit's exports are logged.
    await this.oplog.append({ userId: me.userId, account: me.account, action: 'grades.analysis.export', target: q.batchId, result: 'success', ip: client.ip, userAgent: client.userAgent, detail: { kind, courseId: q.courseId ?? null, classId: q.classId ?? null, rows: answer.rows.length } });
    return new StreamableFile(bytes, { type: XLSX_MIME, disposition: attachmentHeader(fileName) });
  }
}
