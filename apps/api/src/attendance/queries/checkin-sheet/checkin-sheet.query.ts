import { Inject, Injectable } from '@nestjs/common';
import { AttendancePermission, type CheckinDay, type CheckinSheet, type CheckinSheetQuery, weekdayOf } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { HolidaysRepository } from '../../../calendar/domain/holidays.repository.js';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { AttendanceErrors } from '../../attendance.errors.js';
import { AttendanceAccess } from '../../domain/attendance-access.js';
import { datesOfMonth } from '../../domain/attendance-rules.js';
import { AttendanceRepository } from '../../domain/attendance.repository.js';

/** 月度考勤表 (`GET /api/attendance/checkins/mine`): one's own check-ins of a month, day by day, holidays named. */
@Injectable()
export class CheckinSheetQueryHandler {
  constructor(
    private readonly db: DataSource,
    private readonly repo: AttendanceRepository,
    private readonly holidays: HolidaysRepository,
    private readonly access: AttendanceAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(q: CheckinSheetQuery, me: Principal, client: ClientInfo): Promise<CheckinSheet> {
    await this.access.need(me, client, AttendancePermission.checkin, 'attendance.sheet', AttendanceErrors.checkinForbidden);
    const dates = datesOfMonth(q.month);
    const [settings, checkins, holidays] = await Promise.all([
      this.repo.settings(this.db),
      this.repo.checkins(this.db, me.userId, q.month, this.config.timeZone),
      this.holidays.days(this.db, dates[0] as string, dates[dates.length - 1] as string),
    ]);
    const days = dates.map((date): CheckinDay => {
      const of = (kind: 'in' | 'out') => checkins.find((c) => c.date === date && c.kind === kind)?.time ?? null;
      return { date, weekday: weekdayOf(date), holiday: holidays.find((h) => h.date === date && h.kind === 'holiday')?.name ?? null, in: of('in'), out: of('out') };
    });
    return { month: q.month, settings, days, complete: days.filter((d) => d.in && d.out).length, partial: days.filter((d) => (d.in === null) !== (d.out === null)).length };
  }
}
