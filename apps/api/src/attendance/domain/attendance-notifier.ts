import { Inject, Injectable } from '@nestjs/common';
import { ATTENDANCE_CHANGED, type AttendanceChangedPush, MessageType } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { Outbox, type PushRow } from '../../messaging/domain/outbox.js';
import { RealtimeGateway } from '../../messaging/realtime/realtime.gateway.js';
import type { Db } from './attendance.repository.js';

/** What a saved roll tells: each newly absent student's guardians, and those who see the whole school's absences. */
export interface RollNews {
  rollId: string;
  classId: string;
  date: string;
  period: number;
  className: { zh: string; en: string };
  course: { zh: string; en: string };
  teacher: string;
  /** The guardians of the students newly absent. */
  absent: { userId: string; studentId: string; studentName: string }[];
  viewers: string[];
  /** The roll's save (its updated time): keys the viewers' push once per save. */
  stamp: number;
}

/**
 * Written in the roll's transaction through the messaging outbox — the messages exist exactly when the marks do, each
 * once (its source key names the roll, the student and the guardian: a student marked absent, present, then absent
 * again in one roll is told once) — and pushed after commit: the parents' bell, and `attendance.changed` to the
 * office's live page of the day's absences.
 */
@Injectable()
export class AttendanceNotifier {
  constructor(
    private readonly realtime: RealtimeGateway,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  rollSaved(tx: Db, n: RollNews): Promise<PushRow[]> {
    const payload: AttendanceChangedPush = { date: n.date, classId: n.classId };
    return Outbox.messages(
      tx,
      n.absent.map((g) => ({
        message: {
          recipientId: g.userId,
          type: MessageType.system,
          titleKey: 'attendance.message.absentTitle',
          contentKey: 'attendance.message.absentContent',
          params: { student: g.studentName, className: n.className, date: n.date, period: n.period, course: n.course, teacher: n.teacher },
          link: null,
        },
        sourceKey: `attendance:${n.rollId}:absent:${g.studentId}:${g.userId}`,
      })),
      this.config.timeZone,
      n.viewers.map((userId) => ({ userId, event: ATTENDANCE_CHANGED, payload: { ...payload }, sourceKey: `attendance:${n.rollId}:changed:${n.stamp}:${userId}` })),
    );
  }

  emit(rows: PushRow[]): void {
    if (rows.length > 0) this.realtime.emit(rows);
  }
}
