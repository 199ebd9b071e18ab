import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { CalendarErrors } from '../../calendar.errors.js';
import { CalendarAccess } from '../../domain/calendar-access.js';
import { SchoolCalendarRepository } from '../../domain/school-calendar.repository.js';

/** A shared calendar deleted with its events (calendar:manage); the school's and a personal one are kept. */
@Injectable()
export class DeleteCalendar {
  constructor(
    private readonly db: DataSource,
    private readonly calendars: SchoolCalendarRepository,
    private readonly access: CalendarAccess,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo): Promise<void> {
    await this.access.mayManage(me, client, 'calendar.delete', id);
    const c = await this.access.readable(this.db, me, client, 'calendar.delete', id);
    if (c.kind !== 'shared') throw await this.access.refuse(me, client, 'calendar.delete', id, c.kind === 'school' ? CalendarErrors.schoolKept() : CalendarErrors.personalKept());
    await this.calendars.deleteShared(this.db, id);
    await this.access.record(me, client, 'calendar.delete', id, { name: c.name });
  }
}
