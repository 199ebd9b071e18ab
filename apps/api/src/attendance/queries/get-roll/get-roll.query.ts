import { Inject, Injectable } from '@nestjs/common';
import { type AttendanceRoll, formatSchoolTime, type Language, type Lesson, type LessonPeriod, parseSchoolTime, periodLabel, type RollLesson, type RollQuery } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { AttendanceErrors } from '../../attendance.errors.js';
import { AttendanceAccess } from '../../domain/attendance-access.js';
import { countStatuses, type CoveringLeave, rollStudents } from '../../domain/attendance-rules.js';
import { type ClassRecord, type Db, AttendanceRepository } from '../../domain/attendance.repository.js';
import { DayLessonsReader } from '../../domain/day-lessons.js';

/** A roll's slot: its class, the class's lesson of that period on that date (holiday-aware), and the period's span. */
export interface RollSlot {
  cls: ClassRecord;
  lesson: Lesson & { classId: string };
  period: LessonPeriod;
  /** The reader's language: the slot's class and period are named in it. */
  lang: Language;
  /** The period's wall-clock span on its date, as instants (ISO). */
  from: string;
  to: string;
}

/**
 * One roll (`GET /api/attendance/rolls`; docs/product/campus-life.md#attendance): the class's enrolled students with
 * what was saved, else present — on leave where an approved leave covers the period. Read by the class's head teacher,
 * the period's teacher, and whoever sees the whole school; a declared holiday or a period without the class's lesson
 * has no roll.
 */
@Injectable()
export class GetRoll {
  constructor(
    private readonly db: DataSource,
    private readonly repo: AttendanceRepository,
    private readonly days: DayLessonsReader,
    private readonly access: AttendanceAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(q: RollQuery, me: Principal, client: ClientInfo, lang: Language): Promise<AttendanceRoll> {
    const slot = await this.slot(q, lang);
    const editable = this.access.takesRoll(me, slot.cls.head_teacher_id, slot.lesson.teacherId);
    if (!editable && !this.access.seesSchool(me) && slot.cls.head_teacher_id !== me.userId && slot.lesson.teacherId !== me.userId) {
      throw await this.access.refuse(me, client, 'attendance.roll.read', q.classId, AttendanceErrors.forbidden());
    }
    return this.view(this.db, q, slot, me, editable);
  }

  /** The slot of a roll, or the refusal: no such class, a holiday, no lesson of the class in that period. */
  async slot(q: RollQuery, lang: Language): Promise<RollSlot> {
    const cls = await this.repo.classOf(this.db, q.classId, lang);
    if (!cls) throw AttendanceErrors.classNotFound();
    const day = await this.days.read(q.date, { classId: q.classId }, lang);
    if (day.holiday !== null) throw AttendanceErrors.holiday(day.holiday);
    const lesson = day.lessons.find((l) => l.classId === q.classId && l.period === q.period);
    const period = day.periods.find((p) => p.no === q.period);
    if (!lesson || !period) throw AttendanceErrors.noLesson();
    const tz = this.config.timeZone;
    const from = new Date(parseSchoolTime(`${q.date} ${period.start}`, tz) ?? 0).toISOString();
    const to = new Date(parseSchoolTime(`${q.date} ${period.end}`, tz) ?? 0).toISOString();
    return { cls, lesson, period, from, to, lang };
  }

  /** The approved leaves covering the slot, with their spans as school times. */
  async leaves(db: Db, studentIds: readonly string[], slot: RollSlot): Promise<CoveringLeave[]> {
    const tz = this.config.timeZone;
    return (await this.repo.coveringLeaves(db, studentIds, slot.from, slot.to)).map((l) => ({
      id: l.id,
      studentId: l.studentId,
      start: formatSchoolTime(new Date(l.startAt).getTime(), tz),
      end: formatSchoolTime(new Date(l.endAt).getTime(), tz),
    }));
  }

  async view(db: Db, q: RollQuery, slot: RollSlot, me: Principal, editable = this.access.takesRoll(me, slot.cls.head_teacher_id, slot.lesson.teacherId)): Promise<AttendanceRoll> {
    const roll = await this.repo.roll(db, q.classId, q.date, q.period);
    const members = await this.repo.members(db, q.classId, roll?.id ?? null);
    const students = rollStudents(members, await this.leaves(db, members.map((m) => m.studentId), slot));
    return {
      classId: q.classId,
      className: slot.cls.name,
      date: q.date,
      period: q.period,
      lesson: rollLesson(slot.lesson, slot.period, me, roll !== null, slot.lang),
      takenBy: roll?.taken_by_name ?? null,
      takenAt: roll ? formatSchoolTime(new Date(roll.updated_at).getTime(), this.config.timeZone) : null,
      editable,
      students,
      counts: countStatuses(students.map((s) => s.status)),
    };
  }
}

/** A lesson on the roll pages; its period named as the timetable names it in the reader's language (Period N in English). */
export function rollLesson(l: Lesson, p: LessonPeriod | undefined, me: Principal, taken: boolean, lang: Language): RollLesson {
  return { period: l.period, periodName: periodLabel({ no: l.period, name: p?.name ?? '' }, lang), start: p?.start ?? '', end: p?.end ?? '', courseName: l.courseName, teacherName: l.teacherName, mine: l.teacherId === me.userId, taken };
}
