import { Injectable } from '@nestjs/common';
import type { CalendarEvent, EventValues } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { CalendarErrors } from '../../calendar.errors.js';
import { CalendarAccess } from '../../domain/calendar-access.js';
import { eventOf, eventWrite } from '../../domain/calendar-shapes.js';
import { type CalendarRow, SchoolCalendarRepository } from '../../domain/school-calendar.repository.js';

/**
 * An event added or changed (docs/product/office.md#school-calendar) in a calendar I may change — the school's and the
 * shared ones need calendar:manage, my personal one is mine. Changing a series changes all of it: its exceptions and
 * its occurrences changed on their own keep their places when its start moves; one that no longer recurs loses them.
 * Changes to the school's and shared calendars are logged (a personal calendar's are not: the owner's own notes).
 */
@Injectable()
export class SaveEvent {
  constructor(
    private readonly db: DataSource,
    private readonly calendars: SchoolCalendarRepository,
    private readonly access: CalendarAccess,
  ) {}

  async create(v: EventValues, me: Principal, client: ClientInfo): Promise<CalendarEvent> {
    const c = await this.access.editable(this.db, me, client, 'calendar.event.create', v.calendarId);
    const id = await this.calendars.insert(this.db, eventWrite(v, []), me.userId);
    await this.log(c, me, client, 'calendar.event.create', id, { ...v });
    return eventOf((await this.calendars.event(this.db, id))!, true);
  }

  async update(id: string, v: EventValues, me: Principal, client: ClientInfo): Promise<CalendarEvent> {
    const c = await this.db.transaction(async (tx) => {
      const e = await this.calendars.event(tx, id, true);
      if (!e) throw CalendarErrors.eventNotFound();
      const from = await this.access.editable(tx, me, client, 'calendar.event.update', e.calendarId, id);
      if (e.seriesId !== null) {
        // one occurrence changed on its own stays in its series' calendar and does not recur
        if (v.rrule !== null) throw await this.access.refuse(me, client, 'calendar.event.update', id, CalendarErrors.overrideHasRule());
        await this.calendars.update(tx, id, eventWrite({ ...v, calendarId: e.calendarId }, []));
        return from;
      }
      const to = v.calendarId === e.calendarId ? from : await this.access.editable(tx, me, client, 'calendar.event.update', v.calendarId, id);
      const next = eventWrite(v, []);
      const delta = next.start - e.start;
      if (next.rrule === null) {
        await this.calendars.deleteOverrides(tx, id);
      } else {
        // the exceptions and changed occurrences keep their places in the series when its start moves
        // (the rule is as the dialog says: its weekdays are shown there, not moved with the start as a drag moves them)
        next.exdates = e.exdates.map((x) => x + delta);
        await this.calendars.shiftOverrides(tx, id, delta, v.calendarId);
      }
      await this.calendars.update(tx, id, next);
      return to;
    });
    await this.log(c, me, client, 'calendar.event.update', id, { ...v });
    return eventOf((await this.calendars.event(this.db, id))!, true);
  }

  private async log(c: CalendarRow, me: Principal, client: ClientInfo, action: string, id: string, detail: Record<string, unknown>): Promise<void> {
    if (c.kind !== 'personal') await this.access.record(me, client, action, id, detail);
  }
}
