import { Inject, Injectable } from '@nestjs/common';
import { type AbsenceList, type AbsencesQuery, AttendancePermission, formatSchoolTime, type Language } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { AttendanceErrors } from '../../attendance.errors.js';
import { AttendanceAccess } from '../../domain/attendance-access.js';
import { AttendanceRepository } from '../../domain/attendance.repository.js';

/**
 * 今日缺勤 (`GET /api/attendance/absences`): a day's absent and late students across the school (today unless a date
 * is asked for), for whoever sees the whole school; their page reads it again on every `attendance.changed`.
 */
@Injectable()
export class ListAbsences {
  constructor(
    private readonly db: DataSource,
    private readonly repo: AttendanceRepository,
    private readonly access: AttendanceAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(q: AbsencesQuery, me: Principal, client: ClientInfo, lang: Language): Promise<AbsenceList> {
    await this.access.need(me, client, AttendancePermission.view, 'attendance.absences', AttendanceErrors.forbidden);
    const date = q.date ?? formatSchoolTime(Date.now(), this.config.timeZone).slice(0, 10);
    return { date, list: await this.repo.absences(this.db, date, lang, this.config.timeZone) };
  }
}
