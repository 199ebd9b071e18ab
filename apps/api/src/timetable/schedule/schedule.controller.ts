import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Envelope, type Language, type ScheduleCheck, type ScheduleInput, scheduleSchema, TimetablePermission } from '@schoolflow/contracts';
import { z } from 'zod';
import { ok } from '../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal, RequirePermissions } from '../../infrastructure/http/request-context.js';
import { translate } from '../../infrastructure/i18n/i18n.js';
import { ValidBody, ValidQuery } from '../../infrastructure/http/valid-input.js';
import { ScheduleCheckQuery } from './schedule-check.query.js';
import { StartSchedule } from './start-schedule.handler.js';

const checkSchema = z.object({ semesterId: z.preprocess((v) => (v === '' ? undefined : v), z.string().uuid('validation.semesterRequired').optional()) });

/** 自动排课 (issue 9): what it would be given and what stands in its way; starting it as a job. */
@ApiTags('timetable')
@Controller('api/timetable/schedule')
@RequirePermissions(TimetablePermission.schedule)
export class ScheduleController {
  constructor(
    private readonly check: ScheduleCheckQuery,
    private readonly start: StartSchedule,
  ) {}

  @Get('check')
  @ApiOperation({ summary: "What the scheduler would be given for a semester (the current one without semesterId) and whatever makes a timetable impossible: a class's course without a teacher, a class or a teacher with more periods than the week, a room type missing, too small or overbooked" })
  async read(@ValidQuery(checkSchema) q: z.infer<typeof checkSchema>, @Lang() lang: Language): Promise<Envelope<ScheduleCheck>> {
    return ok(await this.check.execute(q.semesterId, lang));
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Start the automatic scheduler as a job (422 naming each problem when it cannot succeed; 422 while one runs for the semester): {jobId, timetableId}; progress as job.progress' })
  async run(@ValidBody(scheduleSchema) body: ScheduleInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ jobId: string; timetableId: string }>> {
    return ok(await this.start.execute(body, me, client, lang), translate(lang, 'timetable.done.scheduleStarted'));
  }
}
