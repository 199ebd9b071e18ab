import { Injectable } from '@nestjs/common';
import { wallMs } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { CalendarErrors } from '../../calendar.errors.js';
import { CalendarAccess } from '../../domain/calendar-access.js';
import { isRuleOccurrence } from '../../domain/recurrence.js';
import { SchoolCalendarRepository } from '../../domain/school-calendar.repository.js';

/**
 * An event deleted (docs/product/office.md#school-calendar): the whole of it (a series with its occurrences changed on
 * their own), or — `occurrence` named — one occurrence of a series, which becomes an exception (EXDATE). An occurrence
 * changed on its own is removed as that occurrence: the series does not show it again.
 */
@Injectable()
export class DeleteEvent {
  constructor(
    private readonly db: DataSource,
    private readonly calendars: SchoolCalendarRepository,
    private readonly access: CalendarAccess,
  ) {}

  async execute(id: string, occurrenceText: string | null, me: Principal, client: ClientInfo): Promise<void> {
    const c = await this.db.transaction(async (tx) => {
      const e = await this.calendars.event(tx, id, true);
      if (!e) throw CalendarErrors.eventNotFound();
      const c = await this.access.editable(tx, me, client, 'calendar.event.delete', e.calendarId, id);
      if (e.seriesId !== null && e.recurrenceId !== null) {
        await this.calendars.addExdate(tx, e.seriesId, e.recurrenceId);
        await this.calendars.delete(tx, id);
      } else if (occurrenceText === null) {
        await this.calendars.delete(tx, id);
      } else {
        const at = wallMs(occurrenceText);
        if (e.rrule === null) throw await this.access.refuse(me, client, 'calendar.event.delete', id, CalendarErrors.notRecurring());
        if (at === null || !isRuleOccurrence(e.rrule, e.start, at)) throw await this.access.refuse(me, client, 'calendar.event.delete', id, CalendarErrors.occurrenceNotFound());
        await this.calendars.addExdate(tx, id, at);
      }
      return c;
    });
    if (c.kind !== 'personal') await this.access.record(me, client, 'calendar.event.delete', id, { occurrence: occurrenceText });
  }
}
