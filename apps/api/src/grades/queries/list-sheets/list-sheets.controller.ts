import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Envelope, GradePermission, isUuid, type Language, type SheetSummary } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, Lang, type Principal, RequirePermissions } from '../../../infrastructure/http/request-context.js';
import { GradeSheetsRepository } from '../../domain/grade-sheets.repository.js';
import { GradesErrors } from '../../grades.errors.js';

@ApiTags('grades')
@Controller('api/grades')
export class ListSheetsController {
  constructor(private readonly sheets: GradeSheetsRepository) {}

  @Get('batches/:batchId/sheets')
  @RequirePermissions(GradePermission.manage)
  @ApiOperation({ summary: "Every sheet of a batch with its state and how many rows are entered (成绩确认's overview)" })
  async ofBatch(@Param('batchId') batchId: string, @Lang() lang: Language): Promise<Envelope<SheetSummary[]>> {
    if (!isUuid(batchId) || !(await this.sheets.batch(batchId))) throw GradesErrors.batchNotFound();
    return ok(await this.sheets.summaries({ batchId }, lang));
  }

  @Get('my-sheets')
  @RequirePermissions(GradePermission.entry)
  @ApiOperation({ summary: "The sheets assigned to me (a teacher's 成绩录入)" })
  async mine(@CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<SheetSummary[]>> {
    return ok(await this.sheets.summaries({ teacherId: me.userId }, lang));
  }
}
