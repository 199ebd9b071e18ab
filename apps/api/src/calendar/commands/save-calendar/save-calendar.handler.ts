import { Injectable } from '@nestjs/common';
import type { CalendarValues, Language, SchoolCalendar } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { CalendarErrors } from '../../calendar.errors.js';
import { CalendarAccess } from '../../domain/calendar-access.js';
import { calendarOf } from '../../domain/calendar-shapes.js';
import { SchoolCalendarRepository } from '../../domain/school-calendar.repository.js';

/**
 * A shared calendar made or changed, or the school calendar's name and colour changed (docs/product/office.md#school-calendar):
 * calendar:manage; its readers are everyone, or roles and departments that exist. Changes and refusals are logged.
 */
@Injectable()
export class SaveCalendar {
  constructor(
    private readonly db: DataSource,
    private readonly calendars: SchoolCalendarRepository,
    private readonly access: CalendarAccess,
  ) {}

  async create(v: CalendarValues, me: Principal, client: ClientInfo, lang: Language): Promise<SchoolCalendar> {
    await this.access.mayManage(me, client, 'calendar.create', null);
    await this.knownReaders(v, me, client, 'calendar.create', null);
    const id = await this.calendars.insertShared(this.db, v);
    await this.access.record(me, client, 'calendar.create', id, { ...v });
    return this.answer(id, me, lang);
  }

  async update(id: string, v: CalendarValues, me: Principal, client: ClientInfo, lang: Language): Promise<SchoolCalendar> {
    await this.access.mayManage(me, client, 'calendar.update', id);
    const c = await this.access.readable(this.db, me, client, 'calendar.update', id);
    if (c.kind === 'personal') throw await this.access.refuse(me, client, 'calendar.update', id, CalendarErrors.personalKept());
    await this.knownReaders(v, me, client, 'calendar.update', id);
    await this.calendars.updateCalendar(this.db, id, v);
    await this.access.record(me, client, 'calendar.update', id, { before: { name: c.name, color: c.color, readersAll: c.readersAll, roles: c.readerRoles, departmentIds: c.readerDepartments }, after: { ...v } });
    return this.answer(id, me, lang);
  }

  private async knownReaders(v: CalendarValues, me: Principal, client: ClientInfo, action: string, target: string | null): Promise<void> {
    const unknown = await this.calendars.unknownReaders(this.db, v.readers.roles, v.readers.departmentIds);
    if (unknown.roles.length > 0) throw await this.access.refuse(me, client, action, target, CalendarErrors.roleUnknown());
    if (unknown.departments.length > 0) throw await this.access.refuse(me, client, action, target, CalendarErrors.departmentUnknown());
  }

  private async answer(id: string, me: Principal, lang: Language): Promise<SchoolCalendar> {
    const c = await this.calendars.readableOne(this.db, this.access.reader(me), id);
    return calendarOf(c!, true, lang);
  }
}
