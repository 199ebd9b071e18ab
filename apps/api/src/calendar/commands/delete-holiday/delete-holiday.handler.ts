import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { CalendarErrors } from '../../calendar.errors.js';
import { HolidayAccess } from '../../domain/holiday-access.js';
import { HolidaysRepository } from '../../domain/holidays.repository.js';

/** Remove a declaration: the date is an ordinary day again (its lessons back in the week, counted in a leave). */
@Injectable()
export class DeleteHoliday {
  constructor(
    private readonly db: DataSource,
    private readonly holidays: HolidaysRepository,
    private readonly access: HolidayAccess,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo): Promise<void> {
    await this.access.mayManage(me, client, 'calendar.holiday.delete', id);
    const gone = await this.holidays.delete(this.db, id);
    if (!gone) {
      await this.access.refused(me, client, 'calendar.holiday.delete', id, 'server.holidayNotFound');
      throw CalendarErrors.holidayNotFound();
    }
    await this.access.record(me, client, 'calendar.holiday.delete', id, { date: gone.date, kind: gone.kind, name: gone.name });
  }
}
