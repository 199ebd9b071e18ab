import { Controller, Get, HttpCode, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Envelope, type Language, settingsSchema, TimetablePermission, type TimetableSettings } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { AdminAudit } from '../../admin/shared/admin-support.js';
import { ok } from '../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal, RequirePermissions } from '../../infrastructure/http/request-context.js';
import { translate } from '../../infrastructure/i18n/i18n.js';
import { ValidBody } from '../../infrastructure/http/valid-input.js';
import { saveSchoolDays, schoolDays } from '../domain/timetable-semesters.js';

/** The school's days a week (the lesson periods are each day's rows): read by anyone who reads timetables, set by those who make them. */
@ApiTags('timetable')
@Controller('api/timetable/settings')
export class SettingsController {
  constructor(
    private readonly db: DataSource,
    private readonly audit: AdminAudit,
  ) {}

  @Get()
  @RequirePermissions(TimetablePermission.inquiry)
  @ApiOperation({ summary: 'School days a week' })
  async read(): Promise<Envelope<TimetableSettings>> {
    return ok({ days: await schoolDays(this.db) });
  }

  @Put()
  @HttpCode(200)
  @RequirePermissions(TimetablePermission.schedule)
  @ApiOperation({ summary: 'Set the school days a week (1–7; lessons already placed on a day beyond stay until changed)' })
  async save(@ValidBody(settingsSchema) body: TimetableSettings, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<TimetableSettings>> {
    await saveSchoolDays(this.db, body.days, me.userId);
    await this.audit.record(me, client, 'timetable-settings.save', null, { days: body.days });
    return ok(body, translate(lang, 'timetable.done.settingsSaved'));
  }
}
