import { Injectable } from '@nestjs/common';
import type { Holiday, HolidayValues } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '../../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { CalendarErrors } from '../../calendar.errors.js';
import { HolidayAccess } from '../../domain/holiday-access.js';
import { HOLIDAY_DATE_KEY, HolidaysRepository } from '../../domain/holidays.repository.js';

/**
 * Declare a date a holiday or a make-up workday, or change a declaration (docs/product/office.md#public-holidays). One
 * declaration a date: the table's unique key refuses a second (409), so two saves at once cannot both pass.
 */
@Injectable()
export class SaveHoliday {
  constructor(
    private readonly db: DataSource,
    private readonly holidays: HolidaysRepository,
    private readonly access: HolidayAccess,
  ) {}

  async create(input: HolidayValues, me: Principal, client: ClientInfo): Promise<Holiday> {
    await this.access.mayManage(me, client, 'calendar.holiday.create', null);
    const id = await this.refusingUsedDate(me, client, 'calendar.holiday.create', null, () => this.holidays.insert(this.db, input, me.userId));
    await this.access.record(me, client, 'calendar.holiday.create', id, { ...input });
    return (await this.holidays.get(this.db, id))!;
  }

  async update(id: string, input: HolidayValues, me: Principal, client: ClientInfo): Promise<Holiday> {
    await this.access.mayManage(me, client, 'calendar.holiday.update', id);
    const before = await this.refusingUsedDate(me, client, 'calendar.holiday.update', id, () => this.db.transaction((tx) => this.holidays.update(tx, id, input)));
    if (!before) throw CalendarErrors.holidayNotFound();
    await this.access.record(me, client, 'calendar.holiday.update', id, { before: { date: before.date, kind: before.kind, name: before.name, replacesWeekday: before.replacesWeekday }, after: { ...input } });
    return (await this.holidays.get(this.db, id))!;
  }

  private async refusingUsedDate<T>(me: Principal, client: ClientInfo, action: string, target: string | null, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (!isUniqueViolation(err, HOLIDAY_DATE_KEY)) throw err;
      await this.access.refused(me, client, action, target, 'server.holidayDateUsed');
      throw CalendarErrors.dateUsed();
    }
  }
}
