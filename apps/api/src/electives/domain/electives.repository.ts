import { Injectable } from '@nestjs/common';
import { type ElectiveBatch, electiveBatchState, type ElectiveBatchValues, type ElectiveCourse, type ElectiveMine, type ElectiveOffer, type ElectiveRoster, type Language, parseSchoolMoment } from '@schoolflow/contracts';
import { localName } from '../../infrastructure/database/local-name.js';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';
import type { LotteryCourse, LotteryStudent, Placement } from './lottery.js';

export type { Db };

/** A batch as stored (what the handlers decide on). */
export interface BatchRow {
  id: string;
  name: string;
  semester_id: string;
  grades: number[];
  start_at: Date;
  end_at: Date;
  leftover_end: Date | null;
  max_per_student: number;
  mode: 'first-come' | 'lottery';
  priority_grades: number[];
  draw_seed: string | null;
  drawn_at: Date | null;
  closed_at: Date | null;
}

/** The outcome of `elective_select` (migrations/1732000043000-electives.ts). */
export interface SelectOutcome {
  outcome: 'ok' | 'already' | 'closed' | 'notStudent' | 'notOffered' | 'notEligible' | 'limit' | 'clash' | 'full';
  remaining: number | null;
  detail: string | null;
}

export interface StudentRow {
  id: string;
  class_id: string;
  grade: number;
}

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

const COURSE_SQL = `SELECT c.id, c.name, c.description, c.grades, c.capacity, c.min_size AS "minSize", c.slots, c.classroom_id AS "classroomId",
       r.name AS "classroomName", c.teacher_id AS "teacherId", u.name AS "teacherName", c.semester_id AS "semesterId", c.instance_id AS "instanceId"
  FROM elective_course c JOIN sys_user u ON u.id = c.teacher_id LEFT JOIN classroom r ON r.id = c.classroom_id`;

/** A batch as its readers see it: its semester named in their language. */
const batchSql = (lang: Language): string => `SELECT b.id, b.name, b.semester_id, ${localName('s.name', lang)} AS semester_name, b.grades, b.start_at, b.end_at, b.leftover_end, b.max_per_student, b.mode,
       b.priority_grades, b.draw_seed, b.drawn_at,
       (SELECT count(*)::int FROM elective_offer o WHERE o.batch_id = b.id) AS course_count,
       (SELECT coalesce(sum(o.capacity), 0)::int FROM elective_offer o WHERE o.batch_id = b.id) AS seats,
       (SELECT coalesce(sum(o.taken), 0)::int FROM elective_offer o WHERE o.batch_id = b.id) AS taken
  FROM elective_batch b JOIN semester s ON s.id = b.semester_id`;

interface BatchListRow extends BatchRow {
  semester_name: string;
  course_count: number;
  seats: number;
  taken: number;
}

function batchOut(r: BatchListRow, now: number): ElectiveBatch {
  const start = iso(r.start_at) as string;
  const end = iso(r.end_at) as string;
  const leftoverEnd = iso(r.leftover_end);
  return {
    id: r.id,
    name: r.name,
    semesterId: r.semester_id,
    semesterName: r.semester_name,
    grades: r.grades,
    start,
    end,
    leftoverEnd,
    maxPerStudent: r.max_per_student,
    mode: r.mode,
    priorityGrades: r.priority_grades,
    state: electiveBatchState({ start, end, leftoverEnd }, now),
    drawSeed: r.draw_seed,
    drawnAt: iso(r.drawn_at),
    courseCount: r.course_count,
    seats: r.seats,
    taken: r.taken,
  };
}

/** 选修课's SQL: the handlers decide, this reads and writes. */
@Injectable()
export class ElectivesRepository {
  courses(db: Db, semesterId: string | null): Promise<ElectiveCourse[]> {
    return rows<ElectiveCourse>(
      db,
      `${COURSE_SQL} WHERE c.semester_id = coalesce($1::uuid, (SELECT id FROM semester WHERE is_current LIMIT 1)) ORDER BY c.created_at, c.name`,
      [semesterId],
    );
  }

  async batches(db: Db, now: number, grade: number | null, lang: Language): Promise<ElectiveBatch[]> {
    const found = await rows<BatchListRow>(db, `${batchSql(lang)} WHERE $1::int IS NULL OR $1::int = ANY (b.grades) ORDER BY b.start_at DESC, b.name`, [grade]);
    return found.map((r) => batchOut(r, now));
  }

  async batchView(db: Db, id: string, now: number, lang: Language): Promise<ElectiveBatch | null> {
    const [r] = await rows<BatchListRow>(db, `${batchSql(lang)} WHERE b.id = $1`, [id]);
    return r ? batchOut(r, now) : null;
  }

  async batch(db: Db, id: string, lock = false): Promise<BatchRow | null> {
    const [r] = await rows<BatchRow>(db, `SELECT * FROM elective_batch WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`, [id]);
    return r ?? null;
  }

  async semesterExists(db: Db, id: string): Promise<boolean> {
    return (await rows(db, `SELECT 1 FROM semester WHERE id = $1`, [id])).length > 0;
  }

  async nameTaken(db: Db, semesterId: string, name: string, exceptId: string | null): Promise<boolean> {
    const found = await rows(db, `SELECT 1 FROM elective_batch WHERE semester_id = $1 AND lower(btrim(name)) = lower(btrim($2)) AND ($3::uuid IS NULL OR id <> $3)`, [semesterId, name, exceptId]);
    return found.length > 0;
  }

  /** The passed courses of the semester open to one of these grades (all of them, or those named). */
  offerable(db: Db, semesterId: string, grades: number[], courseIds: string[] | null): Promise<{ id: string; capacity: number }[]> {
    return rows(
      db,
      `SELECT id, capacity FROM elective_course WHERE semester_id = $1 AND grades && $2::int[] AND ($3::uuid[] IS NULL OR id = ANY ($3::uuid[])) ORDER BY created_at`,
      [semesterId, grades, courseIds],
    );
  }

  async saveBatch(tx: Db, id: string | null, v: ElectiveBatchValues, by: string): Promise<string> {
    const params = [v.name, v.semesterId, v.grades, new Date(parseSchoolMoment(v.start) ?? Number.NaN), new Date(parseSchoolMoment(v.end) ?? Number.NaN), v.maxPerStudent, v.mode, v.priorityGrades ?? [],
      v.leftoverEnd ? new Date(parseSchoolMoment(v.leftoverEnd) ?? Number.NaN) : null];
    if (id === null) {
      const [row] = await rows<{ id: string }>(
        tx,
        `INSERT INTO elective_batch (name, semester_id, grades, start_at, end_at, max_per_student, mode, priority_grades, leftover_end, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
        [...params, by],
      );
      return (row as { id: string }).id;
    }
    await tx.query(
      `UPDATE elective_batch SET name = $1, semester_id = $2, grades = $3, start_at = $4, end_at = $5, max_per_student = $6, mode = $7, priority_grades = $8, leftover_end = $9, opened_at = NULL WHERE id = $10`,
      [...params, id],
    );
    return id;
  }

  async replaceOffers(tx: Db, batchId: string, courses: { id: string; capacity: number }[]): Promise<void> {
    await tx.query(`DELETE FROM elective_offer WHERE batch_id = $1`, [batchId]);
    await tx.query(`INSERT INTO elective_offer (batch_id, course_id, capacity) SELECT $1, c.id, c.capacity FROM jsonb_to_recordset($2::jsonb) c(id uuid, capacity int)`, [batchId, JSON.stringify(courses)]);
  }

  async deleteBatch(tx: Db, id: string): Promise<void> {
    await tx.query(`DELETE FROM elective_batch WHERE id = $1`, [id]);
  }

  /** One selection, decided by the database in one round trip (elective_select). */
  async select(db: Db, batchId: string, userId: string, courseId: string): Promise<SelectOutcome> {
    const [r] = await rows<SelectOutcome>(db, `SELECT * FROM elective_select($1, $2, $3)`, [batchId, userId, courseId]);
    return r as SelectOutcome;
  }

  async student(db: Db, userId: string): Promise<StudentRow | null> {
    const [r] = await rows<StudentRow>(db, `SELECT s.id, s.class_id, c.grade FROM student s JOIN admin_class c ON c.id = s.class_id WHERE s.user_id = $1`, [userId]);
    return r ?? null;
  }

  /** Drops one selection and gives its seat back; null when the student had not selected it. */
  async drop(tx: Db, batchId: string, studentId: string, courseId: string): Promise<number | null> {
    const gone = await rows(tx, `DELETE FROM elective_selection WHERE batch_id = $1 AND student_id = $2 AND course_id = $3 RETURNING 1`, [batchId, studentId, courseId]);
    if (gone.length === 0) return null;
    const [r] = await rows<{ remaining: number }>(tx, `UPDATE elective_offer SET taken = taken - 1 WHERE batch_id = $1 AND course_id = $2 RETURNING capacity - taken AS remaining`, [batchId, courseId]);
    return r?.remaining ?? 0;
  }

  offers(db: Db, batchId: string): Promise<ElectiveOffer[]> {
    return rows<ElectiveOffer>(
      db,
      `SELECT c.id AS "courseId", c.name, c.description, u.name AS "teacherName", r.name AS "classroomName", c.slots, o.capacity, o.capacity - o.taken AS remaining, c.min_size AS "minSize"
         FROM elective_offer o JOIN elective_course c ON c.id = o.course_id JOIN sys_user u ON u.id = c.teacher_id LEFT JOIN classroom r ON r.id = c.classroom_id
        WHERE o.batch_id = $1 ORDER BY c.created_at, c.name`,
      [batchId],
    );
  }

  remaining(db: Db, batchId: string, courseIds: string[]): Promise<{ courseId: string; remaining: number }[]> {
    return rows(db, `SELECT course_id AS "courseId", capacity - taken AS remaining FROM elective_offer WHERE batch_id = $1 AND course_id = ANY ($2::uuid[])`, [batchId, courseIds]);
  }

  async mine(db: Db, batchId: string, studentId: string): Promise<ElectiveMine> {
    const [r] = await rows<{ selected: string[]; ranked: string[] }>(
      db,
      `SELECT coalesce((SELECT array_agg(course_id ORDER BY created_at) FROM elective_selection WHERE batch_id = $1 AND student_id = $2), '{}') AS selected,
              coalesce((SELECT array_agg(course_id ORDER BY rank) FROM elective_preference WHERE batch_id = $1 AND student_id = $2), '{}') AS ranked`,
      [batchId, studentId],
    );
    return { batchId, courseIds: r?.selected ?? [], preferences: r?.ranked ?? [] };
  }

  /** The offered courses among these, with the grades they are open to. */
  offeredOf(db: Db, batchId: string, courseIds: string[]): Promise<{ id: string; grades: number[] }[]> {
    return rows(db, `SELECT c.id, c.grades FROM elective_offer o JOIN elective_course c ON c.id = o.course_id WHERE o.batch_id = $1 AND c.id = ANY ($2::uuid[])`, [batchId, courseIds]);
  }

  /** The first of these courses that meets a lesson of the student's timetable, with that lesson's course name. */
  async timetableClash(db: Db, semesterId: string, student: StudentRow, courseIds: string[]): Promise<string | null> {
    const [r] = await rows<{ name: string }>(
      db,
      `SELECT co.name FROM timetable t JOIN timetable_lesson l ON l.timetable_id = t.id JOIN course co ON co.id = l.course_id, elective_course c
        WHERE t.semester_id = $1 AND t.state = 'published' AND c.id = ANY ($4::uuid[])
          AND (l.class_id = $2 OR l.teaching_class_id IN (SELECT teaching_class_id FROM teaching_class_student WHERE student_id = $3))
          AND EXISTS (SELECT 1 FROM jsonb_array_elements(c.slots) x WHERE (x->>'weekday')::int = l.weekday AND (x->>'period')::int = l.period)
        LIMIT 1`,
      [semesterId, student.class_id, student.id, courseIds],
    );
    return r?.name ?? null;
  }

  async savePreferences(tx: Db, batchId: string, studentId: string, courseIds: string[]): Promise<void> {
    await tx.query(`DELETE FROM elective_preference WHERE batch_id = $1 AND student_id = $2`, [batchId, studentId]);
    await tx.query(`INSERT INTO elective_preference (batch_id, student_id, rank, course_id) SELECT $1, $2, r, c FROM unnest($3::uuid[]) WITH ORDINALITY AS x(c, r)`, [batchId, studentId, courseIds]);
  }

  /** What the draw needs: the offers with their seats and slots, the ranking students with their priority group. */
  async lotteryInput(db: Db, batch: BatchRow): Promise<{ courses: LotteryCourse[]; students: LotteryStudent[] }> {
    const courses = await rows<{ id: string; seats: number; slots: { weekday: number; period: number }[] }>(
      db,
      `SELECT o.course_id AS id, o.capacity AS seats, c.slots FROM elective_offer o JOIN elective_course c ON c.id = o.course_id WHERE o.batch_id = $1`,
      [batch.id],
    );
    const students = await rows<{ id: string; preferences: string[]; grade: number }>(
      db,
      `SELECT p.student_id AS id, array_agg(p.course_id ORDER BY p.rank) AS preferences, min(ac.grade) AS grade
         FROM elective_preference p JOIN student s ON s.id = p.student_id JOIN admin_class ac ON ac.id = s.class_id
        WHERE p.batch_id = $1 GROUP BY p.student_id`,
      [batch.id],
    );
    const groupOf = (grade: number) => {
      const i = batch.priority_grades.indexOf(grade);
      return i === -1 ? batch.priority_grades.length : i;
    };
    return {
      courses: courses.map((c) => ({ id: c.id, seats: c.seats, slots: c.slots.map((s) => `${s.weekday}-${s.period}`) })),
      students: students.map((s) => ({ id: s.id, preferences: s.preferences, group: groupOf(s.grade) })),
    };
  }

  /** Whether the leftover round has taken a seat (then the draw stands). */
  async leftoverTaken(db: Db, batchId: string): Promise<boolean> {
    return (await rows(db, `SELECT 1 FROM elective_selection WHERE batch_id = $1 AND round = 'leftover' LIMIT 1`, [batchId])).length > 0;
  }

  /** The draw's placements replace any earlier draw's; the seats taken follow (the CHECK still guards the capacity). */
  async writeDraw(tx: Db, batchId: string, seed: string, placements: Placement[]): Promise<void> {
    await tx.query(`DELETE FROM elective_selection WHERE batch_id = $1 AND round = 'preference'`, [batchId]);
    await tx.query(
      `INSERT INTO elective_selection (batch_id, student_id, course_id, round) SELECT $1, s, c, 'preference' FROM unnest($2::uuid[], $3::uuid[]) AS x(s, c)`,
      [batchId, placements.map((p) => p.studentId), placements.map((p) => p.courseId)],
    );
    await tx.query(
      `UPDATE elective_offer o SET taken = (SELECT count(*) FROM elective_selection s WHERE s.batch_id = o.batch_id AND s.course_id = o.course_id) WHERE o.batch_id = $1`,
      [batchId],
    );
    await tx.query(`UPDATE elective_batch SET draw_seed = $2, drawn_at = now() WHERE id = $1`, [batchId, seed]);
  }

  rosters(db: Db, batchId: string): Promise<ElectiveRoster[]> {
    return rows<ElectiveRoster>(
      db,
      `SELECT c.id AS "courseId", c.name AS "courseName", u.name AS "teacherName", o.capacity,
              coalesce((SELECT json_agg(json_build_object('studentId', st.id, 'studentNo', st.student_no, 'name', st.name, 'className', ac.name, 'round', s.round)
                                        ORDER BY ac.name, st.student_no)
                          FROM elective_selection s JOIN student st ON st.id = s.student_id JOIN admin_class ac ON ac.id = st.class_id
                         WHERE s.batch_id = o.batch_id AND s.course_id = o.course_id), '[]') AS students
         FROM elective_offer o JOIN elective_course c ON c.id = o.course_id JOIN sys_user u ON u.id = c.teacher_id
        WHERE o.batch_id = $1 ORDER BY c.created_at, c.name`,
      [batchId],
    );
  }

  // — the timer's claims: each edge of a window is claimed once, whichever instance comes first —

  claimOpened(db: Db): Promise<{ id: string }[]> {
    return rows(db, `UPDATE elective_batch SET opened_at = now() WHERE opened_at IS NULL AND start_at <= now() AND closed_at IS NULL RETURNING id`);
  }

  /** Lottery batches whose preference window ended and that were not drawn: claimed by locking the row (skip locked). */
  dueDraws(db: Db): Promise<{ id: string }[]> {
    return rows(db, `SELECT id FROM elective_batch WHERE mode = 'lottery' AND drawn_at IS NULL AND end_at <= now() ORDER BY end_at LIMIT 5`);
  }

  claimClosed(db: Db): Promise<{ id: string }[]> {
    return rows(
      db,
      `UPDATE elective_batch SET closed_at = now()
        WHERE id IN (SELECT id FROM elective_batch WHERE closed_at IS NULL AND coalesce(leftover_end, end_at) <= now() AND (mode = 'first-come' OR drawn_at IS NOT NULL)
                      ORDER BY end_at LIMIT 5 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
    );
  }

  /**
   * Passed selections become teaching classes (docs/product/electives.md#teaching-classes): one per offered course
   * that reached its minimum size, with its students, and its lessons at the course's slots in the semester's
   * published timetable — a lesson the timetable already holds for that teacher or room is left out, not forced.
   */
  async teachingClasses(tx: Db, batchId: string): Promise<number> {
    const made = await rows<{ id: string }>(
      tx,
      `WITH offers AS (
         SELECT o.course_id, c.course_id AS catalogue_id, c.name, c.teacher_id, c.classroom_id, c.slots, b.semester_id, b.name AS batch_name
           FROM elective_offer o JOIN elective_course c ON c.id = o.course_id JOIN elective_batch b ON b.id = o.batch_id
          WHERE o.batch_id = $1 AND o.teaching_class_id IS NULL AND o.taken > 0 AND o.taken >= c.min_size),
       made AS (
         INSERT INTO teaching_class (name, course_id, semester_id, teacher_id, layer)
         SELECT left(name || '（' || batch_name || '）', 100), catalogue_id, semester_id, teacher_id, 'elective' FROM offers
         ON CONFLICT (semester_id, name) DO NOTHING
         RETURNING id, name, semester_id)
       UPDATE elective_offer o SET teaching_class_id = m.id
         FROM made m, offers f
        WHERE o.batch_id = $1 AND o.course_id = f.course_id AND m.name = left(f.name || '（' || f.batch_name || '）', 100)
       RETURNING m.id`,
      [batchId],
    );
    await tx.query(
      `INSERT INTO teaching_class_student (teaching_class_id, student_id)
       SELECT o.teaching_class_id, s.student_id FROM elective_offer o JOIN elective_selection s ON s.batch_id = o.batch_id AND s.course_id = o.course_id
        WHERE o.batch_id = $1 AND o.teaching_class_id IS NOT NULL ON CONFLICT DO NOTHING`,
      [batchId],
    );
    await tx.query(
      `INSERT INTO timetable_lesson (timetable_id, weekday, period, teaching_class_id, course_id, teacher_id, classroom_id)
       SELECT t.id, (x->>'weekday')::int, (x->>'period')::int, o.teaching_class_id, c.course_id, c.teacher_id, c.classroom_id
         FROM elective_offer o JOIN elective_course c ON c.id = o.course_id JOIN elective_batch b ON b.id = o.batch_id
         JOIN timetable t ON t.semester_id = b.semester_id AND t.state = 'published', jsonb_array_elements(c.slots) x
        WHERE o.batch_id = $1 AND o.teaching_class_id IS NOT NULL
       ON CONFLICT DO NOTHING`,
      [batchId],
    );
    return made.length;
  }
}
