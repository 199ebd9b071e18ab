import { Injectable } from '@nestjs/common';
import { type Language, TimetablePermission, type TimetableQuery, type TimetableScope, readsEveryTimetable, UserType } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { TimetableErrors } from '../timetable.errors.js';
import type { LessonFilter } from './timetable-lessons.repository.js';
import { boundLocalName } from '../../infrastructure/database/local-name.js';

/**
 * The inquiry's one access rule (docs/product/timetable.md#inquiry — all, teacher, head teacher, foreign teacher): staff
 * (administrators and teachers) may read any class's, teacher's or room's timetable; a student only their own lessons;
 * a parent only their children's. Anything else a student or a parent asks for is refused (403), not narrowed silently.
 */
@Injectable()
export class TimetableScopes {
  constructor(private readonly db: DataSource) {}

  async of(me: Principal, lang: Language): Promise<TimetableScope> {
    const kind = readsEveryTimetable(me.userType) ? 'staff' : me.userType === UserType.student ? 'student' : 'parent';
    const headOf = kind === 'staff' ? ((await this.db.query(`SELECT c.id, ${boundLocalName('c', '$2')} AS name FROM admin_class c WHERE c.head_teacher_id = $1 ORDER BY c.grade, c.sort, c.code`, [me.userId, lang])) as TimetableScope['headOf']) : [];
    const students =
      kind === 'staff'
        ? []
        : ((await this.db.query(
            `SELECT s.id, ${boundLocalName('s', '$3')} AS name, s.class_id AS "classId", ${boundLocalName('c', '$3')} AS "className"
               FROM student s JOIN admin_class c ON c.id = s.class_id
              WHERE ($2 AND s.user_id = $1) OR (NOT $2 AND s.id IN (SELECT student_id FROM guardian WHERE user_id = $1))
              ORDER BY s.student_no`,
            [me.userId, kind === 'student', lang],
          )) as TimetableScope['students']);
    return { kind, canSchedule: me.permissions.has(TimetablePermission.schedule), headOf, students };
  }

  /** The lessons the query asks for, as this user may read them (403 beyond their own for a student or a parent). */
  async filter(me: Principal, q: TimetableQuery, lang: Language): Promise<LessonFilter> {
    const scope = await this.of(me, lang);
    const asked: LessonFilter = {
      ...(q.classId ? { classId: q.classId } : {}),
      ...(q.teachingClassId ? { teachingClassId: q.teachingClassId } : {}),
      ...(q.teacherId ? { teacherId: q.teacherId } : {}),
      ...(q.classroomId ? { classroomId: q.classroomId } : {}),
      ...(q.foreign ? { foreign: true } : {}),
    };
    if (scope.kind === 'staff') {
      if (q.studentId) return { ...asked, studentId: q.studentId };
      if (q.mine) return { ...asked, teacherId: me.userId };
      if (q.headTeacher) {
        const head = scope.headOf.find((c) => c.id === q.classId) ?? scope.headOf[0];
        if (!head) throw TimetableErrors.forbiddenScope();
        return { ...asked, classId: head.id };
      }
      return asked;
    }
    // a student or a parent: their own (a parent's chosen child), nothing else
    if (q.teacherId || q.classroomId || q.foreign || q.teachingClassId || q.headTeacher) throw TimetableErrors.forbiddenScope();
    const student = q.studentId ? scope.students.find((s) => s.id === q.studentId) : scope.students[0];
    if (!student) throw q.studentId || scope.kind === 'student' ? TimetableErrors.forbiddenScope() : TimetableErrors.childRequired();
    if (q.classId && q.classId !== student.classId) throw TimetableErrors.forbiddenScope();
    return { studentId: student.id };
  }
}
