import { Controller, Delete, Get, HttpCode, Param, Post, Put, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type CalendarEvent,
  calendarInputSchema,
  type CalendarRange,
  type CalendarReaderOptions,
  type CalendarValues,
  type Envelope,
  type EventDeleteQuery,
  eventDeleteQuerySchema,
  eventInputSchema,
  eventMoveSchema,
  type EventMoveValues,
  type EventValues,
  isUuid,
  type Language,
  type OccurrencesQuery,
  occurrencesQuerySchema,
  type SchoolCalendar,
} from '@schoolflow/contracts';
import { attachmentHeader } from '../admin/shared/admin-support.js';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { ValidBody, ValidQuery } from '../infrastructure/http/valid-input.js';
import { CalendarErrors } from './calendar.errors.js';
import { DeleteCalendar } from './commands/delete-calendar/delete-calendar.handler.js';
import { DeleteEvent } from './commands/delete-event/delete-event.handler.js';
import { MoveEvent } from './commands/move-event/move-event.handler.js';
import { SaveCalendar } from './commands/save-calendar/save-calendar.handler.js';
import { SaveEvent } from './commands/save-event/save-event.handler.js';
import { ExportIcs } from './queries/export-ics/export-ics.query.js';
import { GetEvent } from './queries/get-event/get-event.query.js';
import { ListCalendars } from './queries/list-calendars/list-calendars.query.js';
import { ListOccurrences } from './queries/list-occurrences/list-occurrences.query.js';

const calendar = (id: string): string => {
  if (!isUuid(id)) throw CalendarErrors.calendarNotFound();
  return id;
};
const event = (id: string): string => {
  if (!isUuid(id)) throw CalendarErrors.eventNotFound();
  return id;
};

/**
 * 校历管理 (DESIGN §16 `/server/api/calendar`: calendars, events with RRULE, `.ics` export; docs/product/office.md#school-calendar,
 * docs/adr/0058-school-calendar.md) beside the holidays: every check in the use cases, refusals logged.
 */
@ApiTags('calendar')
@Controller('api/calendar')
export class SchoolCalendarController {
  constructor(
    private readonly calendars: ListCalendars,
    private readonly saveCalendar: SaveCalendar,
    private readonly deleteCalendar: DeleteCalendar,
    private readonly occurrences: ListOccurrences,
    private readonly getEvent: GetEvent,
    private readonly saveEvent: SaveEvent,
    private readonly moveEvent: MoveEvent,
    private readonly deleteEvent: DeleteEvent,
    private readonly ics: ExportIcs,
  ) {}

  @Get('calendars')
  @ApiOperation({ summary: 'The calendars I may read: the school calendar, the shared ones given to me (all of them for a manager), my personal one (made the first time)' })
  async list(@CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<SchoolCalendar[]>> {
    return ok(await this.calendars.execute(me, lang));
  }

  @Post('calendars')
  @HttpCode(200)
  @ApiOperation({ summary: 'Make a shared calendar: a name, a colour, its readers (everyone, roles, departments); calendar:manage' })
  async create(@ValidBody(calendarInputSchema) body: CalendarValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<SchoolCalendar>> {
    return ok(await this.saveCalendar.create(body, me, client, lang));
  }

  @Put('calendars/:id')
  @ApiOperation({ summary: 'Change a shared calendar, or the school calendar\'s name and colour (everyone keeps reading it); calendar:manage' })
  async update(@Param('id') id: string, @ValidBody(calendarInputSchema) body: CalendarValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<SchoolCalendar>> {
    return ok(await this.saveCalendar.update(calendar(id), body, me, client, lang));
  }

  @Delete('calendars/:id')
  @ApiOperation({ summary: 'Delete a shared calendar with its events; calendar:manage (the school calendar and personal ones are kept)' })
  async remove(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<null>> {
    await this.deleteCalendar.execute(calendar(id), me, client);
    return ok(null);
  }

  @Get('calendars/:id/ics')
  @ApiOperation({ summary: 'The calendar as an iCalendar file (RFC 5545): series with RRULE and EXDATE, changed occurrences with RECURRENCE-ID; the school calendar\'s with the public holidays' })
  async exportIcs(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<StreamableFile> {
    const { name, text } = await this.ics.execute(calendar(id), me, client, lang);
    return new StreamableFile(Buffer.from(text, 'utf8'), { type: 'text/calendar; charset=utf-8', disposition: attachmentHeader(`${name}.ics`) });
  }

  @Get('reader-options')
  @ApiOperation({ summary: 'The roles and departments a shared calendar may be given to; calendar:manage' })
  async readerOptions(@CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<CalendarReaderOptions>> {
    return ok(await this.calendars.readerOptions(me, client));
  }

  @Get('events')
  @ApiOperation({ summary: 'The occurrences from `from` to `to` (dates, at most 100 days) of my calendars or of `calendarIds`: recurring events expanded in school time, less exceptions and skipped holidays; with the declared holidays' })
  async range(@ValidQuery(occurrencesQuerySchema) q: OccurrencesQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<CalendarRange>> {
    return ok(await this.occurrences.execute(q, me, client));
  }

  @Post('events')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add an event (all day, or timed in school time; a recurrence rule) to a calendar I may change' })
  async createEvent(@ValidBody(eventInputSchema) body: EventValues, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<CalendarEvent>> {
    return ok(await this.saveEvent.create(body, me, client));
  }

  @Get('events/:id')
  @ApiOperation({ summary: 'One event as stored (a series with its rule and exceptions)' })
  async oneEvent(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<CalendarEvent>> {
    return ok(await this.getEvent.execute(event(id), me, client));
  }

  @Put('events/:id')
  @ApiOperation({ summary: 'Change an event; a series changes as a whole' })
  async updateEvent(@Param('id') id: string, @ValidBody(eventInputSchema) body: EventValues, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<CalendarEvent>> {
    return ok(await this.saveEvent.update(event(id), body, me, client));
  }

  @Post('events/:id/move')
  @HttpCode(200)
  @ApiOperation({ summary: 'Move an event dragged to a new time: one occurrence of a series (`scope: occurrence`) or the whole series' })
  async move(@Param('id') id: string, @ValidBody(eventMoveSchema) body: EventMoveValues, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<CalendarEvent>> {
    return ok(await this.moveEvent.execute(event(id), body, me, client));
  }

  @Delete('events/:id')
  @ApiOperation({ summary: 'Delete an event, or with `occurrence` one occurrence of a series (it becomes an exception)' })
  async removeEvent(@Param('id') id: string, @ValidQuery(eventDeleteQuerySchema) q: EventDeleteQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<null>> {
    await this.deleteEvent.execute(event(id), q.occurrence, me, client);
    return ok(null);
  }
}
