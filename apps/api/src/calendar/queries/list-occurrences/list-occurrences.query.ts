import { Injectable } from '@nestjs/common';
import type { CalendarOccurrence, CalendarRange, OccurrencesQuery } from '@schoolflow/contracts';
import { wallMs } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { CalendarAccess } from '../../domain/calendar-access.js';
import { occurrenceOf } from '../../domain/calendar-shapes.js';
import { HolidaysRepository } from '../../domain/holidays.repository.js';
import { dateOf, occurrencesBetween } from '../../domain/recurrence.js';
import { SchoolCalendarRepository } from '../../domain/school-calendar.repository.js';

const DAY_MS = 86_400_000;
/** How far back a holiday is read for a recurring event's occurrence that began before the range (a long one's). */
const HOLIDAY_MARGIN_DAYS = 31;
/** At most this many occurrences in one answer (a range of 100 days of a busy school stays far below). */
const OCCURRENCES_MAX = 3000;

/**
 * The occurrences of my calendars (or of those named) from `from` to `to` (dates, both included) — recurring events
 * expanded in the school's wall-clock time, less their exceptions and, for those that skip them, the declared holidays —
 * and the declared holidays and make-up workdays of the range (docs/adr/0058-school-calendar.md#recurrence).
 */
@Injectable()
export class ListOccurrences {
  constructor(
    private readonly db: DataSource,
    private readonly calendars: SchoolCalendarRepository,
    private readonly holidays: HolidaysRepository,
    private readonly access: CalendarAccess,
  ) {}

  async execute(q: OccurrencesQuery, me: Principal, client: ClientInfo): Promise<CalendarRange> {
    const readable = await this.calendars.readable(this.db, this.access.reader(me));
    const byId = new Map(readable.map((c) => [c.id, c]));
    for (const id of q.calendarIds) if (!byId.has(id)) await this.access.readable(this.db, me, client, 'calendar.events.read', id);
    const shown = q.calendarIds.length > 0 ? q.calendarIds : readable.map((c) => c.id);
    const from = wallMs(q.from) as number;
    const to = (wallMs(q.to) as number) + DAY_MS;
    const declared = await this.holidays.days(this.db, dateOf(from - HOLIDAY_MARGIN_DAYS * DAY_MS), q.to);
    const holidayDates = new Set(declared.filter((h) => h.kind === 'holiday').map((h) => h.date));

    const out: { at: number; o: CalendarOccurrence }[] = [];
    for (const e of await this.calendars.eventsReaching(this.db, shown, from, to)) {
      const calendar = byId.get(e.calendarId);
      if (!calendar) continue;
      const canEdit = this.access.mayEdit(me, calendar);
      if (e.rrule === null) {
        out.push({ at: e.start, o: occurrenceOf(e, e.start, canEdit) });
        continue;
      }
      const series = { start: e.start, duration: e.end - e.start, rule: e.rrule, exdates: e.exdates, skipHolidays: e.skipHolidays };
      for (const start of occurrencesBetween(series, from, to, holidayDates, new Set(e.replaced))) out.push({ at: start, o: occurrenceOf(e, start, canEdit) });
      if (out.length > OCCURRENCES_MAX) break;
    }
    out.sort((a, b) => a.at - b.at || Number(b.o.allDay) - Number(a.o.allDay) || a.o.title.localeCompare(b.o.title));
    return { occurrences: out.slice(0, OCCURRENCES_MAX).map((x) => x.o), holidays: declared.filter((h) => h.date >= q.from) };
  }
}
