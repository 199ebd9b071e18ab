import { Injectable } from '@nestjs/common';
import type { Language, RollClass, RollClasses, RollClassesQuery } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { Principal } from '../../../infrastructure/http/request-context.js';
import { AttendanceAccess } from '../../domain/attendance-access.js';
import { AttendanceRepository } from '../../domain/attendance.repository.js';
import { DayLessonsReader } from '../../domain/day-lessons.js';
import { rollLesson } from '../get-roll/get-roll.query.js';

/**
 * The classes and periods of a date whose roll one may take or read (`GET /api/attendance/rolls/classes`): the
 * classes one heads (all their periods), the periods one teaches, and — for whoever sees the whole school — every
 * class. A declared holiday answers its name and nothing to take; a make-up workday the replaced weekday's lessons.
 */
@Injectable()
export class RollClassesQueryHandler {
  constructor(
    private readonly db: DataSource,
    private readonly repo: AttendanceRepository,
    private readonly days: DayLessonsReader,
    private readonly access: AttendanceAccess,
  ) {}

  async execute(q: RollClassesQuery, me: Principal, lang: Language): Promise<RollClasses> {
    const all = this.access.seesSchool(me);
    const day = await this.days.read(q.date, {}, lang);
    if (day.holiday !== null) return { date: q.date, holiday: day.holiday, classes: [] };
    const [classes, taken] = await Promise.all([this.repo.classes(this.db, null, lang), this.repo.takenPeriods(this.db, q.date)]);
    const out: RollClass[] = [];
    for (const c of classes) {
      const head = c.head_teacher_id === me.userId;
      const lessons = day.lessons.filter((l) => l.classId === c.id && (all || head || l.teacherId === me.userId));
      if (lessons.length === 0) continue;
      out.push({
        classId: c.id,
        className: c.name,
        headTeacher: head,
        lessons: lessons.sort((a, b) => a.period - b.period).map((l) => rollLesson(l, day.periods.find((p) => p.no === l.period), me, taken.has(`${c.id}:${l.period}`), lang)),
      });
    }
    // one's own classes first: the head teacher's, then those one teaches
    out.sort((a, b) => Number(b.headTeacher) - Number(a.headTeacher) || Number(b.lessons.some((l) => l.mine)) - Number(a.lessons.some((l) => l.mine)));
    return { date: q.date, holiday: null, classes: out };
  }
}
