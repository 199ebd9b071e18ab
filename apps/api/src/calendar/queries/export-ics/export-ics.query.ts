import { Inject, Injectable } from '@nestjs/common';
import type { Language } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { CalendarAccess } from '../../domain/calendar-access.js';
import { calendarOf } from '../../domain/calendar-shapes.js';
import { HolidaysRepository } from '../../domain/holidays.repository.js';
import { buildIcs } from '../../domain/ics.js';
import { holidayExceptions } from '../../domain/recurrence.js';
import { SchoolCalendarRepository } from '../../domain/school-calendar.repository.js';

/**
 * A calendar as an iCalendar file (docs/adr/0058-school-calendar.md#ical) for anyone who may read it: its events with
 * their rules and exceptions (the holidays a series skips among them); the school calendar's also lists the declared
 * holidays and make-up workdays.
 */
@Injectable()
export class ExportIcs {
  constructor(
    private readonly db: DataSource,
    private readonly calendars: SchoolCalendarRepository,
    private readonly holidays: HolidaysRepository,
    private readonly access: CalendarAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo, lang: Language): Promise<{ name: string; text: string }> {
    const c = await this.access.readable(this.db, me, client, 'calendar.ics.read', id);
    const events = await this.calendars.eventsOf(this.db, c.id);
    const declared = await this.holidays.days(this.db, '1900-01-01', '2999-12-31');
    const holidayDates = declared.filter((h) => h.kind === 'holiday').map((h) => h.date);
    const name = calendarOf(c, false, lang).name;
    const text = buildIcs({
      name,
      timeZone: this.config.timeZone,
      stamp: Date.now(),
      holidays: c.kind === 'school' ? declared : [],
      holidayName: (h) => (h.kind === 'holiday' ? h.name : `${translate(lang, 'calendar.hints.workday')}（${h.name}）`),
      events: events.map((e) => {
        const replaced = new Set(e.replaced);
        const skipped = e.rrule === null ? [] : holidayExceptions({ start: e.start, duration: e.end - e.start, rule: e.rrule, exdates: e.exdates, skipHolidays: e.skipHolidays }, holidayDates);
        const exdates = [...new Set([...e.exdates, ...skipped])].filter((x) => !replaced.has(x)).sort((a, b) => a - b);
        return { ...e, rule: e.rrule, exdates };
      }),
    });
    return { name, text };
  }
}
