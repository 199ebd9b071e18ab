import { Injectable } from '@nestjs/common';
import type { AttendanceStatistics, Language, StatisticsQuery } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { AttendanceErrors } from '../../attendance.errors.js';
import { AttendanceAccess } from '../../domain/attendance-access.js';
import { AttendanceRepository } from '../../domain/attendance.repository.js';

/**
 * 考勤统计 (`GET /api/attendance/statistics`): a month's marks counted per class and, for a class asked for, per
 * student — every class for whoever sees the whole school, one's own classes for a head teacher (another class: 403).
 */
@Injectable()
export class AttendanceStatisticsQuery {
  constructor(
    private readonly db: DataSource,
    private readonly repo: AttendanceRepository,
    private readonly access: AttendanceAccess,
  ) {}

  async execute(q: StatisticsQuery, me: Principal, client: ClientInfo, lang: Language): Promise<AttendanceStatistics> {
    let classIds: string[] | null = null;
    if (!this.access.seesSchool(me)) {
      classIds = (await this.repo.classes(this.db, me.userId, lang)).map((c) => c.id);
      if (classIds.length === 0 || (q.classId && !classIds.includes(q.classId))) throw await this.access.refuse(me, client, 'attendance.statistics', q.classId ?? null, AttendanceErrors.statisticsForbidden());
    }
    const [classes, students] = await Promise.all([this.repo.classCounts(this.db, q.month, classIds, lang), q.classId ? this.repo.studentCounts(this.db, q.month, q.classId) : Promise.resolve([])]);
    return { month: q.month, classes, students };
  }
}
