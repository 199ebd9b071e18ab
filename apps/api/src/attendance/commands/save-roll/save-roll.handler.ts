import { Inject, Injectable } from '@nestjs/common';
import { type AttendanceRoll, formatSchoolTime, type Language, type RollSaveValues } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { AppException } from '../../../infrastructure/http/app-exception.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { AttendanceErrors } from '../../attendance.errors.js';
import { AttendanceAccess } from '../../domain/attendance-access.js';
import { AttendanceNotifier } from '../../domain/attendance-notifier.js';
import { checkMarks, newlyAbsent } from '../../domain/attendance-rules.js';
import { AttendanceRepository } from '../../domain/attendance.repository.js';
import { GetRoll, type RollSlot } from '../../queries/get-roll/get-roll.query.js';

/**
 * 点名 (`PUT /api/attendance/rolls`; docs/product/campus-life.md#attendance): the class's head teacher or the period's
 * teacher saves a class's roll of a period of today or a past day that has the class's lesson (none on a declared
 * holiday) — every enrolled student once, those an approved leave covers on leave. Checked before anything is
 * written; then in one transaction the roll's row (its slot locked), its marks, each newly absent student's guardians'
 * bell messages and the office's push; emitted after commit.
 */
@Injectable()
export class SaveRoll {
  constructor(
    private readonly db: DataSource,
    private readonly repo: AttendanceRepository,
    private readonly rolls: GetRoll,
    private readonly access: AttendanceAccess,
    private readonly notifier: AttendanceNotifier,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(v: RollSaveValues, me: Principal, client: ClientInfo, lang: Language): Promise<AttendanceRoll> {
    const refuse = (e: AppException) => this.access.refuse(me, client, 'attendance.roll.save', v.classId, e);
    if (v.date > formatSchoolTime(Date.now(), this.config.timeZone).slice(0, 10)) throw await refuse(AttendanceErrors.futureDate());
    let slot: RollSlot;
    try {
      slot = await this.rolls.slot(v, lang);
    } catch (e) {
      throw e instanceof AppException ? await refuse(e) : e;
    }
    if (!this.access.takesRoll(me, slot.cls.head_teacher_id, slot.lesson.teacherId)) throw await refuse(AttendanceErrors.notYourRoll());
    const members = await this.repo.members(this.db, v.classId, null);
    const leaves = await this.rolls.leaves(this.db, members.map((m) => m.studentId), slot);
    const problem = checkMarks(v.marks, members, leaves);
    if (problem) throw await refuse(problem.kind === 'studentsMismatch' ? AttendanceErrors.studentsMismatch() : AttendanceErrors.onApprovedLeave(problem.name));

    const leaveOf = new Map(leaves.map((l) => [l.studentId, l.id]));
    const course = await this.repo.courseNames(this.db, slot.lesson.courseId);
    const { pushes, rollId, absent } = await this.db.transaction(async (tx) => {
      const { id, before } = await this.repo.upsertRoll(tx, v, slot.lesson, me.userId);
      await this.repo.writeMarks(tx, id, v.marks, leaveOf);
      const absent = newlyAbsent(v.marks, before);
      const [guardians, viewers, saved] = await Promise.all([this.repo.guardians(tx, absent), this.repo.viewers(tx), this.repo.roll(tx, v.classId, v.date, v.period)]);
      const pushes = await this.notifier.rollSaved(tx, {
        rollId: id,
        classId: v.classId,
        date: v.date,
        period: v.period,
        className: { zh: slot.cls.name_zh, en: slot.cls.name_en },
        course,
        teacher: me.name,
        absent: guardians,
        viewers,
        stamp: new Date(saved?.updated_at ?? Date.now()).getTime(),
      });
      return { pushes, rollId: id, absent };
    });
    this.notifier.emit(pushes);
    await this.access.record(me, client, 'attendance.roll.save', rollId, { classId: v.classId, date: v.date, period: v.period, absent: absent.length });
    return this.rolls.view(this.db, v, slot, me, true);
  }
}
