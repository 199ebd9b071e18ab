import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Language } from '@schoolflow/contracts';
import type { Response } from 'express';
import { attachmentHeader } from '../../../admin/shared/admin-support.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { PdfPool } from '../../../infrastructure/pdf/pdf-pool.js';
import { SemesterReportQuery } from './semester-report.query.js';

@ApiTags('grades')
@Controller('api/grades')
export class ReportController {
  constructor(
    private readonly reports: SemesterReportQuery,
    private readonly pdf: PdfPool,
  ) {}

  /**
   * One student's semester report (docs/product/grades.md#final-report) as a PDF in the caller's language: the published batches of the
   * semester (the current one unless asked), each course's score, rank and level per exam and its weighted total.
   * Drawn by a PDF worker in one of the caller's places (PDF_RENDERS_PER_USER): one more at once answers 429.
   */
  @Get('report')
  @ApiProduces('application/pdf')
  @ApiQuery({ name: 'studentId', required: true, schema: { type: 'string', format: 'uuid' } })
  @ApiQuery({ name: 'semesterId', required: false, schema: { type: 'string', format: 'uuid' } })
  @ApiOperation({ summary: "A student's semester report (PDF): the student, a guardian, the class's head teacher, grade managers" })
  async download(@Query('studentId') studentId: unknown, @Query('semesterId') semesterId: unknown, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language, @Res() res: Response): Promise<void> {
    const { report, pdf } = await this.pdf.forUser(me.userId, async () => {
      const report = await this.reports.execute(studentId, semesterId, me, client, lang);
      return { report, pdf: await this.pdf.render({ kind: 'report', report }) };
    });
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', attachmentHeader(translate(lang, 'grades.report.pdf.fileName', { who: `${report.student.studentNo} ${report.student.name}`, semester: report.semester.name })));
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(pdf);
  }
}
