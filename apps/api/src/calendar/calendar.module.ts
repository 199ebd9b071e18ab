import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { SystemModule } from '../system/system.module.js';
import { DeleteCalendar } from './commands/delete-calendar/delete-calendar.handler.js';
import { DeleteEvent } from './commands/delete-event/delete-event.handler.js';
import { DeleteHoliday } from './commands/delete-holiday/delete-holiday.handler.js';
import { MoveEvent } from './commands/move-event/move-event.handler.js';
import { SaveCalendar } from './commands/save-calendar/save-calendar.handler.js';
import { SaveEvent } from './commands/save-event/save-event.handler.js';
import { SaveHoliday } from './commands/save-holiday/save-holiday.handler.js';
import { CalendarAccess } from './domain/calendar-access.js';
import { HolidayAccess } from './domain/holiday-access.js';
import { HolidaysRepository } from './domain/holidays.repository.js';
import { SchoolCalendarRepository } from './domain/school-calendar.repository.js';
import { HolidaysController } from './holidays.controller.js';
import { ExportIcs } from './queries/export-ics/export-ics.query.js';
import { GetEvent } from './queries/get-event/get-event.query.js';
import { ListCalendars } from './queries/list-calendars/list-calendars.query.js';
import { ListHolidays } from './queries/list-holidays/list-holidays.query.js';
import { ListOccurrences } from './queries/list-occurrences/list-occurrences.query.js';
import { SchoolCalendarController } from './school-calendar.controller.js';

/**
 * The school calendar (DESIGN §16 `/server/api/calendar`): the public holidays and make-up workdays
 * (docs/product/office.md#public-holidays, docs/adr/0048-public-holidays.md) and 校历管理 — calendars, events with
 * recurrence, iCal export (docs/product/office.md#school-calendar, docs/adr/0058-school-calendar.md); refusals in
 * calendar.errors.ts. The timetable's week reads the declared days through the exported repository.
 */
@Module({
  imports: [SystemModule],
  controllers: [HolidaysController, SchoolCalendarController],
  providers: [
    AdminAudit,
    HolidayAccess,
    HolidaysRepository,
    ListHolidays,
    SaveHoliday,
    DeleteHoliday,
    CalendarAccess,
    SchoolCalendarRepository,
    ListCalendars,
    ListOccurrences,
    GetEvent,
    ExportIcs,
    SaveCalendar,
    DeleteCalendar,
    SaveEvent,
    MoveEvent,
    DeleteEvent,
  ],
  exports: [HolidaysRepository],
})
export class CalendarModule {}
