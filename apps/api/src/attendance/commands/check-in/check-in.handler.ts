import { Inject, Injectable } from '@nestjs/common';
import { AttendancePermission, type CheckinInput, type CheckinKind, type CheckinRecord, formatSchoolTime } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { FaceCaptures } from '../../../faces/domain/face-captures.js';
import { FacesErrors } from '../../../faces/faces.errors.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { AttendanceErrors } from '../../attendance.errors.js';
import { AttendanceAccess } from '../../domain/attendance-access.js';
import { checkinWindow, distanceMeters } from '../../domain/attendance-rules.js';
import { AttendanceRepository } from '../../domain/attendance.repository.js';

/**
 * 教师考勤 (`POST /api/attendance/checkins`; docs/product/campus-life.md#attendance): a teacher checks in or out now —
 * which one the window of the school's time says — from where the browser says they are, inside the place's radius;
 * each once a day. The server's clock decides the time, never the client's. By face (`POST …/checkins/face`;
 * docs/adr/0063-face-recognition.md#check-in): the same windows and once a day, the capture compared on the server
 * with the teacher's registered faces in the check-in group instead of the place.
 */
@Injectable()
export class CheckIn {
  constructor(
    private readonly db: DataSource,
    private readonly repo: AttendanceRepository,
    private readonly access: AttendanceAccess,
    private readonly faces: FaceCaptures,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** Checked before the capture is received: the permission. */
  allowFace(me: Principal, client: ClientInfo): Promise<void> {
    return this.access.need(me, client, AttendancePermission.checkin, 'attendance.checkin', AttendanceErrors.checkinForbidden);
  }

  async executeByFace(bytes: Uint8Array, me: Principal, client: ClientInfo): Promise<CheckinRecord> {
    await this.allowFace(me, client);
    const refuse = (e: Parameters<AttendanceAccess['refuse']>[4]) => this.access.refuse(me, client, 'attendance.checkin', null, e);
    const { date, time, kind } = await this.window(me, client);
    const v = await this.faces.verify(this.db, bytes, me, client, 'attendance.checkin', true);
    if (!v.matched) throw await refuse(FacesErrors.mismatch(v.similarity, v.threshold));
    if (!(await this.repo.checkinByFace(this.db, { userId: me.userId, date, kind, similarity: v.similarity }))) {
      throw await refuse(kind === 'in' ? AttendanceErrors.alreadyIn() : AttendanceErrors.alreadyOut());
    }
    await this.access.record(me, client, `attendance.checkin.${kind}`, null, { method: 'face', similarity: v.similarity, threshold: v.threshold });
    return { kind, method: 'face', date, time, distanceMeters: null, similarity: v.similarity };
  }

  /** Now in the school's time, and which window it is in — or the refusal, logged. */
  private async window(me: Principal, client: ClientInfo): Promise<{ date: string; time: string; kind: CheckinKind }> {
    const s = await this.repo.settings(this.db);
    const now = formatSchoolTime(Date.now(), this.config.timeZone);
    const [date, time] = [now.slice(0, 10), now.slice(11, 16)];
    const kind = checkinWindow(time, s);
    if (!kind) throw await this.access.refuse(me, client, 'attendance.checkin', null, AttendanceErrors.outsideWindow({ inStart: s.checkInStart, inEnd: s.checkInEnd, outStart: s.checkOutStart, outEnd: s.checkOutEnd }));
    return { date, time, kind };
  }

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
    return { kind, method: 'location', date, time, distanceMeters: distance, similarity: null };
  }
}
