import { Injectable } from '@nestjs/common';
import type { CalendarEvent } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { CalendarErrors } from '../../calendar.errors.js';
import { CalendarAccess } from '../../domain/calendar-access.js';
import { eventOf } from '../../domain/calendar-shapes.js';
import { SchoolCalendarRepository } from '../../domain/school-calendar.repository.js';

/** One event as stored (the edit dialog's): its calendar must be one I may read — else it is not found. */
@Injectable()
export class GetEvent {
  constructor(
    private readonly db: DataSource,
    private readonly calendars: SchoolCalendarRepository,
    private readonly access: CalendarAccess,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo): Promise<CalendarEvent> {
    const e = await this.calendars.event(this.db, id);
    if (!e) throw CalendarErrors.eventNotFound();
    const c = await this.calendars.readableOne(this.db, this.access.reader(me), e.calendarId);
    if (!c) throw await this.access.refuse(me, client, 'calendar.event.read', id, CalendarErrors.eventNotFound());
    return eventOf(e, this.access.mayEdit(me, c));
  }
}
