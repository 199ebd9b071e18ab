import { Injectable } from '@nestjs/common';
import { type CalendarEvent, eventSpan, type EventMoveValues, wallMs } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { CalendarErrors } from '../../calendar.errors.js';
import { CalendarAccess } from '../../domain/calendar-access.js';
import { eventOf, writeOf } from '../../domain/calendar-shapes.js';
import { isRuleOccurrence, seriesEnd, shiftRule } from '../../domain/recurrence.js';
import { type CalendarRow, SchoolCalendarRepository } from '../../domain/school-calendar.repository.js';

/**
 * An event dragged to a new time (docs/product/office.md#school-calendar). A single event, or an occurrence already
 * changed on its own, takes the new time. An occurrence of a series either leaves the series as an occurrence changed on
 * its own (`occurrence`: a row naming the series and the start it replaces, exported with RECURRENCE-ID), or moves the
 * whole series by the same amount (`series`: its start, its weekdays, its exceptions and changed occurrences with it).
 * Answers the event that now holds the dragged occurrence.
 */
@Injectable()
export class MoveEvent {
  constructor(
    private readonly db: DataSource,
    private readonly calendars: SchoolCalendarRepository,
    private readonly access: CalendarAccess,
  ) {}

  async execute(id: string, m: EventMoveValues, me: Principal, client: ClientInfo): Promise<CalendarEvent> {
    const span = eventSpan(m.allDay, m.start, m.end);
    if (!span) throw CalendarErrors.timeInvalid();
    const done = await this.db.transaction(async (tx) => {
      const e = await this.calendars.event(tx, id, true);
      if (!e) throw CalendarErrors.eventNotFound();
      const c = await this.access.editable(tx, me, client, 'calendar.event.move', e.calendarId, id);
      const moved = { ...writeOf(e), allDay: m.allDay, start: span.start, end: span.end };
      if (e.rrule === null) {
        await this.calendars.update(tx, id, { ...moved, seriesEnd: null });
        return { c, id };
      }
      const occurrence = m.occurrence === null ? null : wallMs(m.occurrence);
      if (occurrence === null || e.exdates.includes(occurrence) || !isRuleOccurrence(e.rrule, e.start, occurrence)) {
        throw await this.access.refuse(me, client, 'calendar.event.move', id, CalendarErrors.occurrenceNotFound());
      }
      if (m.scope === 'occurrence') {
        const existing = await this.calendars.override(tx, id, occurrence);
        const one = { ...moved, rrule: null, seriesEnd: null, exdates: [] };
        if (existing) {
          await this.calendars.update(tx, existing.id, one);
          return { c, id: existing.id };
        }
        return { c, id: await this.calendars.insert(tx, one, me.userId, { seriesId: id, recurrenceId: occurrence }) };
      }
      const delta = span.start - occurrence;
      const rule = shiftRule(e.rrule, occurrence, span.start);
      const start = e.start + delta;
      const duration = span.end - span.start;
      await this.calendars.update(tx, id, { ...moved, start, end: start + duration, rrule: rule, seriesEnd: seriesEnd(rule, start, duration), exdates: e.exdates.map((x) => x + delta) });
      await this.calendars.shiftOverrides(tx, id, delta, e.calendarId);
      return { c, id };
    });
    await this.log(done.c, me, client, id, m);
    return eventOf((await this.calendars.event(this.db, done.id))!, true);
  }

  private async log(c: CalendarRow, me: Principal, client: ClientInfo, id: string, m: EventMoveValues): Promise<void> {
    if (c.kind !== 'personal') await this.access.record(me, client, 'calendar.event.move', id, { ...m });
  }
}
