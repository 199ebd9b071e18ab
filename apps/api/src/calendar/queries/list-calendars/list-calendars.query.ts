import { Injectable } from '@nestjs/common';
import type { CalendarReaderOptions, Language, SchoolCalendar } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { CalendarAccess } from '../../domain/calendar-access.js';
import { calendarOf } from '../../domain/calendar-shapes.js';
import { SchoolCalendarRepository } from '../../domain/school-calendar.repository.js';

/**
 * The calendars I may read (docs/product/office.md#school-calendar): the school's, the shared ones given to me (every
 * shared one for a manager), and my personal one — made the first time I ask, so everyone has one to write in.
 */
@Injectable()
export class ListCalendars {
  constructor(
    private readonly db: DataSource,
    private readonly calendars: SchoolCalendarRepository,
    private readonly access: CalendarAccess,
  ) {}

  async execute(me: Principal, lang: Language): Promise<SchoolCalendar[]> {
    await this.calendars.ensurePersonal(this.db, me.userId, translate('zh', 'calendar.kinds.personal'));
    const rows = await this.calendars.readable(this.db, this.access.reader(me));
    return rows.map((c) => calendarOf(c, this.access.mayEdit(me, c), lang));
  }

  /** The roles and departments a shared calendar may be given to (managers only). */
  async readerOptions(me: Principal, client: ClientInfo): Promise<CalendarReaderOptions> {
    await this.access.mayManage(me, client, 'calendar.readers.read', null);
    return this.calendars.readerOptions(this.db);
  }
}
