import { Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import {
  type ElectiveBatch,
  type ElectiveBatchValues,
  electiveBatchInputSchema,
  type ElectiveCourse,
  type ElectiveCourseQuery,
  electiveCourseQuerySchema,
  type ElectiveDrawInput,
  type ElectiveDrawResult,
  electiveDrawSchema,
  type ElectiveMine,
  type ElectiveOffer,
  type ElectivePreferencesInput,
  electivePreferencesSchema,
  type ElectiveRoster,
  type ElectiveSelected,
  type ElectiveSelectInput,
  electiveSelectSchema,
  type Envelope,
  isUuid,
  type Language,
} from '@schoolflow/contracts';
import type { Response } from 'express';
import { attachmentHeader, XLSX_MIME } from '../admin/shared/admin-support.js';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { ValidBody, ValidQuery } from '../infrastructure/http/valid-input.js';
import { translate } from '../infrastructure/i18n/i18n.js';
import { DeleteBatch } from './commands/delete-batch/delete-batch.handler.js';
import { DrawLottery } from './commands/draw-lottery/draw-lottery.handler.js';
import { DropCourse } from './commands/drop-course/drop-course.handler.js';
import { SaveBatch } from './commands/save-batch/save-batch.handler.js';
import { SavePreferences } from './commands/save-preferences/save-preferences.handler.js';
import { SelectCourse } from './commands/select-course/select-course.handler.js';
import { ElectivesErrors } from './electives.errors.js';
import { BatchOffers } from './queries/batch-offers/batch-offers.query.js';
import { ListBatches } from './queries/list-batches/list-batches.query.js';
import { ListCourses } from './queries/list-courses/list-courses.query.js';
import { MyChoices } from './queries/my-choices/my-choices.query.js';
import { Rosters } from './queries/rosters/rosters.query.js';

/** A batch id in the path: anything that is not one is a batch that does not exist. */
const known = (id: string): string => {
  if (!isUuid(id)) throw ElectivesErrors.batchNotFound();
  return id;
};
const course = (id: string): string => {
  if (!isUuid(id)) throw ElectivesErrors.courseNotOffered();
  return id;
};

/**
 * 选修课 (docs/product/electives.md#calls): courses come from the `elective-course` flow; batches are the office's
 * (`elective:manage`); selecting and ranking a student's (`elective:select`, their own row). Checked by the handlers.
 */
@ApiTags('electives')
@Controller('api/electives')
export class ElectivesController {
  constructor(
    private readonly courseList: ListCourses,
    private readonly batchList: ListBatches,
    private readonly saving: SaveBatch,
    private readonly deleting: DeleteBatch,
    private readonly selecting: SelectCourse,
    private readonly dropping: DropCourse,
    private readonly ranking: SavePreferences,
    private readonly drawing: DrawLottery,
    private readonly offerList: BatchOffers,
    private readonly choices: MyChoices,
    private readonly rosterList: Rosters,
  ) {}

  @Get('courses')
  @ApiOperation({ summary: '选修课程: the passed (offerable) elective courses of a semester (default: the current one)' })
  async courses(@ValidQuery(electiveCourseQuerySchema) q: ElectiveCourseQuery): Promise<Envelope<ElectiveCourse[]>> {
    return ok(await this.courseList.execute(q.semesterId));
  }

  @Get('batches')
  @ApiOperation({ summary: '选课批次: every batch (managers) or those of the student’s grade; state computed from the window' })
  async batches(@CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<ElectiveBatch[]>> {
    return ok(await this.batchList.execute(me, lang));
  }

  @Post('batches')
  @HttpCode(200)
  @ApiOperation({ summary: 'A new batch: {name, semesterId, grades, start, end, maxPerStudent, mode, courseIds?, priorityGrades?, leftoverEnd?}' })
  async create(@ValidBody(electiveBatchInputSchema) body: ElectiveBatchValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<ElectiveBatch>> {
    return ok(await this.saving.execute(null, body, me, client, lang), translate(lang, 'electives.web.saved'));
  }

  @Get('batches/:id')
  @ApiOperation({ summary: 'One batch' })
  async batch(@Param('id') id: string, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<ElectiveBatch>> {
    return ok(await this.batchList.one(known(id), me, lang));
  }

  @Put('batches/:id')
  @ApiOperation({ summary: 'Change a batch before it starts' })
  async update(@Param('id') id: string, @ValidBody(electiveBatchInputSchema) body: ElectiveBatchValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<ElectiveBatch>> {
    return ok(await this.saving.execute(known(id), body, me, client, lang), translate(lang, 'electives.web.saved'));
  }

  @Delete('batches/:id')
  @ApiOperation({ summary: 'Delete a batch before it starts' })
  async remove(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<null>> {
    await this.deleting.execute(known(id), me, client);
    return ok(null, translate(lang, 'electives.web.deleted'));
  }

  @Post('batches/:id/selections')
  @HttpCode(200)
  @ApiOperation({ summary: 'Select a course (first come): {remaining}; 409 class size full; 422 at most N / time clash' })
  async select(@Param('id') id: string, @ValidBody(electiveSelectSchema) body: ElectiveSelectInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<ElectiveSelected>> {
    return ok(await this.selecting.execute(known(id), body.courseId, me, client), translate(lang, 'electives.web.selectedOk'));
  }

  @Delete('batches/:id/selections/:courseId')
  @ApiOperation({ summary: 'Drop a course while selecting is open' })
  async drop(@Param('id') id: string, @Param('courseId') courseId: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<ElectiveSelected>> {
    return ok(await this.dropping.execute(known(id), course(courseId), me, client), translate(lang, 'electives.web.droppedOk'));
  }

  @Put('batches/:id/preferences')
  @ApiOperation({ summary: 'Rank choices (lottery batches, while the window is open)' })
  async preferences(@Param('id') id: string, @ValidBody(electivePreferencesSchema) body: ElectivePreferencesInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ courseIds: string[] }>> {
    return ok(await this.ranking.execute(known(id), body.courseIds, me, client), translate(lang, 'electives.web.preferencesSaved'));
  }

  @Post('batches/:id/draw')
  @HttpCode(200)
  @ApiOperation({ summary: 'The lottery after the window, reproducible by seed' })
  async draw(@Param('id') id: string, @ValidBody(electiveDrawSchema) body: ElectiveDrawInput, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<ElectiveDrawResult>> {
    return ok(await this.drawing.execute(known(id), body.seed, me, client));
  }

  @Get('batches/:id/courses')
  @ApiOperation({ summary: 'The batch’s courses with remaining seats' })
  async offers(@Param('id') id: string): Promise<Envelope<ElectiveOffer[]>> {
    return ok(await this.offerList.execute(known(id)));
  }

  @Get('batches/:id/mine')
  @ApiOperation({ summary: 'The caller’s selections and preferences in the batch' })
  async mine(@Param('id') id: string, @CurrentUser() me: Principal): Promise<Envelope<ElectiveMine>> {
    return ok(await this.choices.execute(known(id), me.userId));
  }

  @Get('batches/:id/rosters')
  @ApiProduces('application/json', XLSX_MIME)
  @ApiOperation({ summary: 'Each course’s students; ?format=xlsx the Excel export' })
  async rosters(@Param('id') id: string, @Query('format') format: string | undefined, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language, @Res({ passthrough: true }) res: Response): Promise<Envelope<ElectiveRoster[]> | undefined> {
    if (format !== 'xlsx') return ok(await this.rosterList.execute(known(id), me, client));
    const prepared = await this.rosterList.export(known(id), me, client, lang);
    res.setHeader('Content-Type', XLSX_MIME);
    res.setHeader('Content-Disposition', attachmentHeader(prepared.fileName));
    res.setHeader('Cache-Control', 'no-store');
    await prepared.write(res);
    res.end();
    return undefined;
  }
}
