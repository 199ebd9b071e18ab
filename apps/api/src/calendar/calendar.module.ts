import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { SystemModule } from '../system/system.module.js';
import { DeleteHoliday } from './commands/delete-holiday/delete-holiday.handler.js';
import { SaveHoliday } from './commands/save-holiday/save-holiday.handler.js';
import { HolidayAccess } from './domain/holiday-access.js';
import { HolidaysRepository } from './domain/holidays.repository.js';
import { HolidaysController } from './holidays.controller.js';
import { ListHolidays } from './queries/list-holidays/list-holidays.query.js';

/**
 * The school calendar (DESIGN §16 `/server/api/calendar`): so far the public holidays and make-up workdays
 * (docs/product/office.md#public-holidays, docs/adr/0048-public-holidays.md); refusals in calendar.errors.ts. The
 * timetable's week reads the declared days through the exported repository.
 */
@Module({
  imports: [SystemModule],
  controllers: [HolidaysController],
  providers: [AdminAudit, HolidayAccess, HolidaysRepository, ListHolidays, SaveHoliday, DeleteHoliday],
  exports: [HolidaysRepository],
})
export class CalendarModule {}
