import { Inject, Injectable } from '@nestjs/common';
import { AttendancePermission, type CheckinInput, type CheckinRecord, formatSchoolTime } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { AttendanceErrors } from '../../attendance.errors.js';
import { AttendanceAccess } from '../../domain/attendance-access.js';
import { checkinWindow, distanceMeters } from '../../domain/attendance-rules.js';
import { AttendanceRepository } from '../../domain/attendance.repository.js';

/**
 * 教师考勤 (`POST /api/attendance/checkins`; docs/product/campus-life.md#attendance): a teacher checks in or out now —
 * which one the window of the school's time says — from where the browser says they are, inside the place's radius;
 * each once a day. The server's clock decides the time, never the client's.
 */
@Injectable()
export class CheckIn {
  constructor(
    private readonly db: DataSource,
    private readonly repo: AttendanceRepository,
    private readonly access: AttendanceAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(input: CheckinInput, me: Principal, client: ClientInfo): Promise<CheckinRecord> {
    await this.access.need(me, client, AttendancePermission.checkin, 'attendance.checkin', AttendanceErrors.checkinForbidden);
    const refuse = (e: Parameters<AttendanceAccess['refuse']>[4]) => this.access.refuse(me, client, 'attendance.checkin', null, e);
    const s = await this.repo.settings(this.db);
    if (s.latitude === null || s.longitude === null) throw await refuse(AttendanceErrors.placeNotSet());
    const now = formatSchoolTime(Date.now(), this.config.timeZone);
    const [date, time] = [now.slice(0, 10), now.slice(11, 16)];
    const kind = checkinWindow(time, s);
    if (!kind) throw await refuse(AttendanceErrors.outsideWindow({ inStart: s.checkInStart, inEnd: s.checkInEnd, outStart: s.checkOutStart, outEnd: s.checkOutEnd }));
    const distance = distanceMeters({ latitude: s.latitude, longitude: s.longitude }, input);
    if (distance > s.radiusMeters) throw await refuse(AttendanceErrors.tooFar(distance, s.radiusMeters));
    if (!(await this.repo.checkin(this.db, { userId: me.userId, date, kind, latitude: input.latitude, longitude: input.longitude, distance }))) {
      throw await refuse(kind === 'in' ? AttendanceErrors.alreadyIn() : AttendanceErrors.alreadyOut());
    }
    await this.access.record(me, client, `attendance.checkin.${kind}`, null, { distance, accuracy: input.accuracy ?? null });
    return { kind, method: 'location', date, time, distanceMeters: distance };
  }
}
