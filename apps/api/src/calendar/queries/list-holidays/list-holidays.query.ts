import { Inject, Injectable } from '@nestjs/common';
import { formatSchoolTime, type Holiday, type HolidayListQuery } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { HolidaysRepository } from '../../domain/holidays.repository.js';

/**
 * The declared days of a year (the page) or of a range (the leave form's period, the timetable's week): open to anyone
 * signed in — a student's leave form and everyone's timetable read them. No year and no range: the school's current year.
 */
@Injectable()
export class ListHolidays {
  constructor(
    private readonly db: DataSource,
    private readonly holidays: HolidaysRepository,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  execute(q: HolidayListQuery): Promise<Holiday[]> {
    if (q.from && q.to) return this.holidays.between(this.db, q.from, q.to);
    const year = q.year ?? Number(formatSchoolTime(Date.now(), this.config.timeZone).slice(0, 4));
    return this.holidays.between(this.db, `${year}-01-01`, `${year}-12-31`);
  }
}
