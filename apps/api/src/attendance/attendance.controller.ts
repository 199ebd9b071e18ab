import { Controller, Get, HttpCode, Post, Put, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type AbsenceList,
  type AbsencesQuery,
  absencesQuerySchema,
  type AttendanceRoll,
  type AttendanceStatistics,
  type CheckinInput,
  type CheckinRecord,
  checkinSchema,
  type CheckinSettings,
  checkinSettingsSchema,
  type CheckinSettingsValues,
  type CheckinSheet,
  type CheckinSheetQuery,
  checkinSheetQuerySchema,
  type Envelope,
  fileUploadSchema,
  type Language,
  type RollClasses,
  type RollClassesQuery,
  rollClassesQuerySchema,
  type RollQuery,
  rollQuerySchema,
  rollSaveSchema,
  type RollSaveValues,
  type StatisticsQuery,
  statisticsQuerySchema,
} from '@schoolflow/contracts';
import type { Request, Response } from 'express';
import { FacePhotoUpload } from '../faces/domain/face-photo-upload.js';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { MultipartBody, ValidBody, ValidQuery } from '../infrastructure/http/valid-input.js';
import { translate } from '../infrastructure/i18n/i18n.js';
import { CheckIn } from './commands/check-in/check-in.handler.js';
import { SaveRoll } from './commands/save-roll/save-roll.handler.js';
import { SaveCheckinSettings } from './commands/save-settings/save-settings.handler.js';
import { CheckinSheetQueryHandler } from './queries/checkin-sheet/checkin-sheet.query.js';
import { GetRoll } from './queries/get-roll/get-roll.query.js';
import { GetCheckinSettings } from './queries/get-settings/get-settings.query.js';
import { ListAbsences } from './queries/list-absences/list-absences.query.js';
import { RollClassesQueryHandler } from './queries/roll-classes/roll-classes.query.js';
import { AttendanceStatisticsQuery } from './queries/statistics/statistics.query.js';

/**
 * 考勤 (DESIGN §15 `/server/api/attendance`; docs/product/campus-life.md#attendance): rolls per class, date and period,
 * the day's absences, statistics, teachers' check-ins and their rules. Permission and ownership are the use cases'.
 */
@ApiTags('attendance')
@Controller('api/attendance')
export class AttendanceController {
  constructor(
    private readonly rollClasses: RollClassesQueryHandler,
    private readonly rolls: GetRoll,
    private readonly saving: SaveRoll,
    private readonly absenceList: ListAbsences,
    private readonly stats: AttendanceStatisticsQuery,
    private readonly settingsRead: GetCheckinSettings,
    private readonly settingsSave: SaveCheckinSettings,
    private readonly checking: CheckIn,
    private readonly sheets: CheckinSheetQueryHandler,
    private readonly photos: FacePhotoUpload,
  ) {}

  @Get('rolls/classes')
  @ApiOperation({ summary: 'The classes and periods of a date whose roll one may take or read (a holiday: its name, nothing to take)' })
  async classes(@ValidQuery(rollClassesQuerySchema) q: RollClassesQuery, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<RollClasses>> {
    return ok(await this.rollClasses.execute(q, me, lang));
  }

  @Get('rolls')
  @ApiOperation({ summary: 'A class\'s roll of a date and period: saved marks, else present; approved leaves marked on leave' })
  async roll(@ValidQuery(rollQuerySchema) q: RollQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<AttendanceRoll>> {
    return ok(await this.rolls.execute(q, me, client, lang));
  }

  @Put('rolls')
  @ApiOperation({ summary: 'Take or re-take a roll (the class\'s head teacher or the period\'s teacher); guardians of newly absent students get a bell message' })
  async save(@ValidBody(rollSaveSchema) body: RollSaveValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<AttendanceRoll>> {
    return ok(await this.saving.execute(body, me, client, lang), translate(lang, 'attendance.results.saved'));
  }

  @Get('absences')
  @ApiOperation({ summary: 'A day\'s absent and late students across the school, today by default (attendance:view)' })
  async absences(@ValidQuery(absencesQuerySchema) q: AbsencesQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<AbsenceList>> {
    return ok(await this.absenceList.execute(q, me, client, lang));
  }

  @Get('statistics')
  @ApiOperation({ summary: 'A month\'s counts per class, and per student of a class (attendance:view, or a head teacher\'s own classes)' })
  async statistics(@ValidQuery(statisticsQuerySchema) q: StatisticsQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<AttendanceStatistics>> {
    return ok(await this.stats.execute(q, me, client, lang));
  }

  @Get('settings')
  @ApiOperation({ summary: 'The check-in windows and place (attendance:checkin or attendance:settings)' })
  async settings(@CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<CheckinSettings>> {
    return ok(await this.settingsRead.execute(me, client));
  }

  @Put('settings')
  @ApiOperation({ summary: 'Set the check-in windows and place with its radius (attendance:settings)' })
  async saveSettings(@ValidBody(checkinSettingsSchema) body: CheckinSettingsValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<CheckinSettings>> {
    return ok(await this.settingsSave.execute(body, me, client), translate(lang, 'attendance.results.settingsSaved'));
  }

  @Post('checkins')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check in or out now from the browser\'s location, inside the window and the radius, once a day each (attendance:checkin)' })
  async checkin(@ValidBody(checkinSchema) body: CheckinInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<CheckinRecord>> {
    const record = await this.checking.execute(body, me, client);
    return ok(record, translate(lang, record.kind === 'in' ? 'attendance.results.checkedIn' : 'attendance.results.checkedOut'));
  }

  @Post('checkins/face')
  @HttpCode(200)
  @MultipartBody(fileUploadSchema)
  @ApiOperation({ summary: 'Check in or out now by face: one JPEG/PNG capture (multipart "file") compared on the server with my registered faces in the check-in group (attendance:checkin)' })
  async checkinByFace(@Req() req: Request, @Res({ passthrough: true }) res: Response, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<CheckinRecord>> {
    await this.checking.allowFace(me, client);
    const bytes = await this.photos.bytes(me.userId, req, res);
    const record = await this.checking.executeByFace(bytes, me, client);
    const similarity = (record.similarity ?? 0).toFixed(2);
    return ok(record, translate(lang, record.kind === 'in' ? 'faces.results.checkedInByFace' : 'faces.results.checkedOutByFace', { similarity }));
  }

  @Get('checkins/mine')
  @ApiOperation({ summary: 'One\'s own check-ins of a month, day by day' })
  async sheet(@ValidQuery(checkinSheetQuerySchema) q: CheckinSheetQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<CheckinSheet>> {
    return ok(await this.sheets.execute(q, me, client));
  }
}
