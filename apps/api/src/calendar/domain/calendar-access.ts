import { Injectable } from '@nestjs/common';
import { CALENDAR_MANAGE_PERMISSION } from '@schoolflow/contracts';
import { AdminAudit, AuditedAccess } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { CalendarErrors } from '../calendar.errors.js';
import { type CalendarRow, type Db, type Reader, SchoolCalendarRepository } from './school-calendar.repository.js';

/**
 * Who reads and who changes a calendar, checked on the server (docs/adr/0058-school-calendar.md#access): the school
 * calendar is read by everyone, a shared one by its readers, a personal one by its owner alone; the school's and the
 * shared ones are changed by calendar:manage (administrators, the school office), a personal one by its owner. A
 * calendar one may not read is not found (404, never said to exist); one read but not one's to change is refused (403).
 * Every refusal goes to the operation log.
 */
@Injectable()
export class CalendarAccess extends AuditedAccess {
  constructor(
    audit: AdminAudit,
    private readonly calendars: SchoolCalendarRepository,
  ) {
    super(audit);
  }

  reader(me: Principal): Reader {
    return { userId: me.userId, roles: me.roles, manages: me.permissions.has(CALENDAR_MANAGE_PERMISSION) };
  }

  /** Whether the user may change the calendar's events. */
  mayEdit(me: Principal, c: CalendarRow): boolean {
    return c.kind === 'personal' ? c.ownerId === me.userId : me.permissions.has(CALENDAR_MANAGE_PERMISSION);
  }

  /** A calendar the user may read, or the refusal (logged when it exists; `target` the calendar or the event reached) thrown. */
  async readable(db: Db, me: Principal, client: ClientInfo, action: string, id: string, target: string = id): Promise<CalendarRow> {
    const c = await this.calendars.readableOne(db, this.reader(me), id);
    if (c) return c;
    if (await this.calendars.exists(db, id)) await this.refused(me, client, action, target, 'calendar.errors.notFound');
    throw CalendarErrors.calendarNotFound();
  }

  /** A calendar the user may change the events of, or the refusal (logged) thrown. */
  async editable(db: Db, me: Principal, client: ClientInfo, action: string, id: string, target: string = id): Promise<CalendarRow> {
    const c = await this.readable(db, me, client, action, id, target);
    if (this.mayEdit(me, c)) return c;
    throw await this.refuse(me, client, action, target, CalendarErrors.forbidden());
  }

  /** Managing calendars themselves (new, change, delete a shared one): calendar:manage, or the refusal (logged). */
  async mayManage(me: Principal, client: ClientInfo, action: string, target: string | null): Promise<void> {
    if (me.permissions.has(CALENDAR_MANAGE_PERMISSION)) return;
    throw await this.refuse(me, client, action, target, CalendarErrors.forbidden());
  }
}
