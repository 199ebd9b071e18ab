import { Injectable } from '@nestjs/common';
import type { Language, ZoubanCourse, ZoubanGroup, ZoubanTeachingClass } from '@schoolflow/contracts';
import { localName } from '../../infrastructure/database/local-name.js';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';
import type { ChoosingStudent, Room } from './generation.js';

export type { Db };

/** A window as stored (what the handlers decide on). */
export interface WindowRow {
  id: string;
  name: string;
  semester_id: string;
  semester_name: string;
  grade: number;
  start_at: Date;
  end_at: Date;
  groups: ZoubanGroup[];
  capacity: number;
  weekly_periods: number;
  generated_at: Date | null;
  chosen: number;
  students: number;
}

export interface WindowWrite {
  name: string;
  semesterId: string;
  grade: number;
  startAt: Date;
  endAt: Date;
  groups: ZoubanGroup[];
  capacity: number;
  weeklyPeriods: number;
}

/** The signed-in student: their record, class and grade. */
export interface StudentRow {
  id: string;
  user_id: string;
  class_id: string;
  grade: number;
  head_teacher_id: string | null;
}

/** A window's columns, its semester named in `lang`: only the list shows it to a reader, the handlers decide on ids. */
const windowColumns = (lang: Language = 'zh'): string => `w.id, w.name, w.semester_id, ${localName('s.name', lang)} AS semester_name, w.grade, w.start_at, w.end_at, w.groups, w.capacity, w.weekly_periods, w.generated_at,
  (SELECT count(*)::int FROM zouban_choice ch WHERE ch.window_id = w.id) AS chosen,
  (SELECT count(*)::int FROM student st JOIN admin_class c ON c.id = st.class_id WHERE c.grade = w.grade AND st.status = 'enrolled') AS students`;

/** Class-walking's SQL: the handlers decide, this reads and writes. */
@Injectable()
export class ClassWalkingRepository {
  async window(db: Db, id: string, lock = false): Promise<WindowRow | null> {
    const [row] = await rows<WindowRow>(db, `SELECT ${windowColumns()} FROM zouban_window w JOIN semester s ON s.id = w.semester_id WHERE w.id = $1 ${lock ? 'FOR UPDATE OF w' : ''}`, [id]);
    return row ?? null;
  }

  async share(db: Db, id: string): Promise<void> {
    await db.query(`SELECT 1 FROM zouban_window WHERE id = $1 FOR SHARE`, [id]);
  }

  /** A class's choices in turn (a transaction-scoped advisory lock: the class's row itself stays free). */
  async lockClass(db: Db, classId: string): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('zouban-class:' || $1::text))`, [classId]);
  }

  /** Windows newest first, semesters named in the reader's language; `grade` narrows to one grade's (a student's, a head teacher's classes'). */
  windows(db: Db, grades: readonly number[] | null, lang: Language): Promise<WindowRow[]> {
    return rows<WindowRow>(db, `SELECT ${windowColumns(lang)} FROM zouban_window w JOIN semester s ON s.id = w.semester_id WHERE $1::int[] IS NULL OR w.grade = ANY($1::int[]) ORDER BY w.start_at DESC, w.name`, [grades]);
  }

  async insert(db: Db, w: WindowWrite, authorId: string): Promise<string> {
    const [row] = await rows<{ id: string }>(
      db,
      `INSERT INTO zouban_window (name, semester_id, grade, start_at, end_at, groups, capacity, weekly_periods, author_id) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9) RETURNING id`,
      [w.name, w.semesterId, w.grade, w.startAt, w.endAt, JSON.stringify(w.groups), w.capacity, w.weeklyPeriods, authorId],
    );
    return (row as { id: string }).id;
  }

  async update(db: Db, id: string, w: WindowWrite): Promise<void> {
    await db.query(`UPDATE zouban_window SET name = $2, semester_id = $3, grade = $4, start_at = $5, end_at = $6, groups = $7::jsonb, capacity = $8, weekly_periods = $9 WHERE id = $1`, [
      id, w.name, w.semesterId, w.grade, w.startAt, w.endAt, JSON.stringify(w.groups), w.capacity, w.weeklyPeriods,
    ]);
  }

  async setEnd(db: Db, id: string, w: Pick<WindowWrite, 'name' | 'endAt' | 'capacity' | 'weeklyPeriods'>): Promise<void> {
    await db.query(`UPDATE zouban_window SET name = $2, end_at = $3, capacity = $4, weekly_periods = $5 WHERE id = $1`, [id, w.name, w.endAt, w.capacity, w.weeklyPeriods]);
  }

  async remove(db: Db, id: string): Promise<void> {
    await db.query(`DELETE FROM zouban_window WHERE id = $1`, [id]);
  }

  async semesterExists(db: Db, id: string): Promise<boolean> {
    return (await rows(db, `SELECT 1 FROM semester WHERE id = $1`, [id])).length > 0;
  }

  /** The enabled courses among `ids`, by id, named in `lang` (the handlers that only check them read them in Chinese). */
  courses(db: Db, ids: readonly string[], lang: Language = 'zh'): Promise<ZoubanCourse[]> {
    return rows<ZoubanCourse>(db, `SELECT id, code, ${localName('name', lang)} AS name FROM course WHERE id = ANY($1::uuid[]) AND enabled ORDER BY sort, code`, [ids]);
  }

  async student(db: Db, userId: string): Promise<StudentRow | null> {
    const [row] = await rows<StudentRow>(
      db,
      `SELECT st.id, st.user_id, st.class_id, c.grade, c.head_teacher_id FROM student st JOIN admin_class c ON c.id = st.class_id WHERE st.user_id = $1 AND st.status = 'enrolled'`,
      [userId],
    );
    return row ?? null;
  }

  /** The grades of the classes a head teacher heads, and those classes. */
  headOf(db: Db, userId: string): Promise<{ id: string; name: string; grade: number }[]> {
    return rows(db, `SELECT id, name, grade FROM admin_class WHERE head_teacher_id = $1 ORDER BY grade, sort, name`, [userId]);
  }

  async choice(db: Db, windowId: string, studentId: string): Promise<{ course_ids: string[]; chosen_at: Date } | null> {
    const [row] = await rows<{ course_ids: string[]; chosen_at: Date }>(db, `SELECT course_ids, chosen_at FROM zouban_choice WHERE window_id = $1 AND student_id = $2`, [windowId, studentId]);
    return row ?? null;
  }

  /** One combination per student: the second replaces the first (the key decides under a double click). */
  async saveChoice(db: Db, windowId: string, studentId: string, courseIds: readonly string[]): Promise<Date> {
    const [row] = await rows<{ chosen_at: Date }>(
      db,
      `INSERT INTO zouban_choice (window_id, student_id, course_ids) VALUES ($1, $2, $3::uuid[])
       ON CONFLICT (window_id, student_id) DO UPDATE SET course_ids = EXCLUDED.course_ids, chosen_at = now() RETURNING chosen_at`,
      [windowId, studentId, [...courseIds].sort()],
    );
    return (row as { chosen_at: Date }).chosen_at;
  }

  /** A class's students (enrolled) with their choice in the window. */
  progress(db: Db, windowId: string, classId: string): Promise<{ student_id: string; student_no: string; name: string; course_ids: string[] | null; chosen_at: Date | null }[]> {
    return rows(
      db,
      `SELECT st.id AS student_id, st.student_no, st.name, ch.course_ids, ch.chosen_at
         FROM student st LEFT JOIN zouban_choice ch ON ch.student_id = st.id AND ch.window_id = $1
        WHERE st.class_id = $2 AND st.status = 'enrolled' ORDER BY st.student_no`,
      [windowId, classId],
    );
  }

  async classOf(db: Db, classId: string): Promise<{ id: string; name: string; grade: number; head_teacher_id: string | null } | null> {
    const [row] = await rows<{ id: string; name: string; grade: number; head_teacher_id: string | null }>(db, `SELECT id, name, grade, head_teacher_id FROM admin_class WHERE id = $1`, [classId]);
    return row ?? null;
  }

  /** How many of a class chose, of how many (the head teacher's push). */
  async classCounts(db: Db, windowId: string, classId: string): Promise<{ chosen: number; total: number }> {
    const [row] = await rows<{ chosen: number; total: number }>(
      db,
      `SELECT count(ch.student_id)::int AS chosen, count(*)::int AS total FROM student st LEFT JOIN zouban_choice ch ON ch.student_id = st.id AND ch.window_id = $1
        WHERE st.class_id = $2 AND st.status = 'enrolled'`,
      [windowId, classId],
    );
    return row ?? { chosen: 0, total: 0 };
  }

  /** Students per combination (a combination is its sorted course ids). */
  combinations(db: Db, windowId: string): Promise<{ course_ids: string[]; count: number }[]> {
    return rows(db, `SELECT course_ids, count(*)::int AS count FROM zouban_choice WHERE window_id = $1 GROUP BY course_ids ORDER BY count(*) DESC, course_ids`, [windowId]);
  }

  /** Everyone who chose, with their class (generation's input). */
  choosers(db: Db, windowId: string): Promise<ChoosingStudent[]> {
    return rows<ChoosingStudent>(
      db,
      `SELECT st.id AS "studentId", st.class_id AS "classId", st.student_no AS "studentNo", ch.course_ids AS "courseIds"
         FROM zouban_choice ch JOIN student st ON st.id = ch.student_id WHERE ch.window_id = $1 AND st.status = 'enrolled'`,
      [windowId],
    );
  }

  /** The teacher who teaches a course to most of the grade's classes this semester (teaching assignments). */
  teachers(db: Db, semesterId: string, grade: number): Promise<{ course_id: string; teacher_id: string }[]> {
    return rows(
      db,
      `SELECT DISTINCT ON (ta.course_id) ta.course_id, ta.teacher_id FROM teaching_assignment ta JOIN admin_class c ON c.id = ta.class_id
        WHERE ta.semester_id = $1 AND c.grade = $2 GROUP BY ta.course_id, ta.teacher_id ORDER BY ta.course_id, count(*) DESC, ta.teacher_id`,
      [semesterId, grade],
    );
  }

  /** Removes what a generation made before: its lessons, its teaching classes (their students go with them). */
  async dropGenerated(db: Db, windowId: string): Promise<void> {
    await db.query(`DELETE FROM timetable_lesson WHERE teaching_class_id IN (SELECT teaching_class_id FROM zouban_class WHERE window_id = $1)`, [windowId]);
    await db.query(`DELETE FROM teaching_class WHERE id IN (SELECT teaching_class_id FROM zouban_class WHERE window_id = $1)`, [windowId]);
  }

  async insertClass(db: Db, c: { name: string; courseId: string; semesterId: string; teacherId: string; windowId: string; capacity: number; studentIds: readonly string[] }): Promise<string> {
    const [row] = await rows<{ id: string }>(db, `INSERT INTO teaching_class (name, course_id, semester_id, teacher_id, layer) VALUES ($1, $2, $3, $4, 'zouban') RETURNING id`, [c.name, c.courseId, c.semesterId, c.teacherId]);
    const id = (row as { id: string }).id;
    await db.query(`INSERT INTO zouban_class (teaching_class_id, window_id, course_id, capacity) VALUES ($1, $2, $3, $4)`, [id, c.windowId, c.courseId, c.capacity]);
    await db.query(`INSERT INTO teaching_class_student (teaching_class_id, student_id) SELECT $1, unnest($2::uuid[])`, [id, c.studentIds]);
    return id;
  }

  async setGenerated(db: Db, windowId: string): Promise<void> {
    await db.query(`UPDATE zouban_window SET generated_at = now() WHERE id = $1`, [windowId]);
  }

  async publishedTimetable(db: Db, semesterId: string): Promise<string | null> {
    const [row] = await rows<{ id: string }>(db, `SELECT id FROM timetable WHERE semester_id = $1 AND state = 'published'`, [semesterId]);
    return row?.id ?? null;
  }

  /** The published timetable's lessons (what is busy when). */
  lessons(db: Db, timetableId: string): Promise<{ weekday: number; period: number; section: string; teacher_id: string; classroom_id: string | null }[]> {
    return rows(db, `SELECT weekday, period, coalesce(class_id, teaching_class_id) AS section, teacher_id, classroom_id FROM timetable_lesson WHERE timetable_id = $1`, [timetableId]);
  }

  unavailable(db: Db, semesterId: string): Promise<{ teacher_id: string; weekday: number; period: number }[]> {
    return rows(db, `SELECT teacher_id, weekday, period FROM teacher_unavailable WHERE semester_id = $1`, [semesterId]);
  }

  async periods(db: Db): Promise<number[]> {
    return (await rows<{ no: number }>(db, `SELECT no FROM lesson_period ORDER BY no`)).map((r) => r.no);
  }

  rooms(db: Db): Promise<Room[]> {
    return rows<Room>(db, `SELECT id, seats FROM classroom WHERE enabled AND for_classes AND type = 'ordinary' ORDER BY sort, code`);
  }

  /** Each student's other teaching classes of the semester and their administrative class's room. */
  studentSections(db: Db, semesterId: string, studentIds: readonly string[]): Promise<{ student_id: string; teaching_class_id: string | null; room_id: string | null }[]> {
    return rows(
      db,
      `SELECT st.id AS student_id, ts.teaching_class_id, c.classroom_id AS room_id FROM student st JOIN admin_class c ON c.id = st.class_id
         LEFT JOIN teaching_class_student ts ON ts.student_id = st.id AND ts.teaching_class_id IN (SELECT id FROM teaching_class WHERE semester_id = $1 AND NOT closed)
        WHERE st.id = ANY($2::uuid[])`,
      [semesterId, studentIds],
    );
  }

  async insertLessons(db: Db, timetableId: string, lessons: readonly { teachingClassId: string; courseId: string; teacherId: string; roomId: string; weekday: number; period: number }[]): Promise<void> {
    if (lessons.length === 0) return;
    await db.query(
      `INSERT INTO timetable_lesson (timetable_id, weekday, period, teaching_class_id, course_id, teacher_id, classroom_id)
       SELECT $1, (l->>'weekday')::int, (l->>'period')::int, (l->>'teachingClassId')::uuid, (l->>'courseId')::uuid, (l->>'teacherId')::uuid, (l->>'roomId')::uuid FROM jsonb_array_elements($2::jsonb) l`,
      [timetableId, JSON.stringify(lessons)],
    );
  }

  generatedClasses(db: Db, windowId: string, lang: Language): Promise<ZoubanTeachingClass[]> {
    return rows<ZoubanTeachingClass>(
      db,
      `SELECT tc.id, tc.name, tc.course_id AS "courseId", ${localName('co.name', lang)} AS "courseName", u.name AS "teacherName",
              (SELECT count(*)::int FROM teaching_class_student ts WHERE ts.teaching_class_id = tc.id) AS size,
              (SELECT count(*)::int FROM timetable_lesson l JOIN timetable t ON t.id = l.timetable_id AND t.state = 'published' WHERE l.teaching_class_id = tc.id) AS lessons
         FROM zouban_class zc JOIN teaching_class tc ON tc.id = zc.teaching_class_id JOIN course co ON co.id = tc.course_id JOIN sys_user u ON u.id = tc.teacher_id
        WHERE zc.window_id = $1 ORDER BY co.sort, tc.name`,
      [windowId],
    );
  }

  /** The students' accounts (their bell messages). */
  async userIds(db: Db, studentIds: readonly string[]): Promise<string[]> {
    return (await rows<{ user_id: string }>(db, `SELECT user_id FROM student WHERE id = ANY($1::uuid[]) AND user_id IS NOT NULL`, [studentIds])).map((r) => r.user_id);
  }
}
