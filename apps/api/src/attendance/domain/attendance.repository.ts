import { Injectable } from '@nestjs/common';
import { type AbsenceRow, type AttendanceStatus, type CheckinKind, type CheckinSettings, type CheckinSettingsValues, type Language, periodLabel, type RollSaveValues, type StatusCounts } from '@schoolflow/contracts';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';
import { boundLocalName } from '../../infrastructure/database/local-name.js';
import type { CoveringLeave, RollMember } from './attendance-rules.js';

export type { Db };

export interface ClassRecord {
  id: string;
  name: string;
  name_zh: string;
  name_en: string;
  head_teacher_id: string | null;
}

export interface RollRecord {
  id: string;
  taken_by_name: string | null;
  updated_at: Date;
}

/** Those who see the whole school's attendance (attendance:view through a role): told when a roll changes. */
const VIEWERS_SQL = `SELECT DISTINCT ur.user_id AS id FROM sys_user_role ur JOIN sys_role_permission rp ON rp.role_id = ur.role_id WHERE rp.permission = 'attendance:view'`;

/**
 * 考勤's SQL (tables `attendance_roll`, `attendance_mark`, `attendance_checkin`, `attendance_setting`;
 * docs/adr/0052-attendance.md#tables): the use cases decide, this reads and writes.
 */
@Injectable()
export class AttendanceRepository {
  async classOf(db: Db, id: string, lang: Language): Promise<ClassRecord | null> {
    const [row] = await rows<ClassRecord>(db, `SELECT c.id, ${boundLocalName('c', '$2')} AS name, c.name AS name_zh, coalesce(nullif(c.name_en, ''), c.name) AS name_en, c.head_teacher_id FROM admin_class c WHERE c.id = $1`, [id, lang]);
    return row ?? null;
  }

  /** The classes someone heads (all of them when `all`), in the school's order. */
  classes(db: Db, headTeacherId: string | null, lang: Language): Promise<ClassRecord[]> {
    return rows<ClassRecord>(
      db,
      `SELECT c.id, ${boundLocalName('c', '$2')} AS name, c.name AS name_zh, coalesce(nullif(c.name_en, ''), c.name) AS name_en, c.head_teacher_id
         FROM admin_class c WHERE c.in_school AND ($1::uuid IS NULL OR c.head_teacher_id = $1) ORDER BY c.grade, c.sort, c.name`,
      [headTeacherId, lang],
    );
  }

  roll(db: Db, classId: string, date: string, period: number): Promise<RollRecord | null> {
    return rows<RollRecord>(db, `SELECT r.id, u.name AS taken_by_name, r.updated_at FROM attendance_roll r LEFT JOIN sys_user u ON u.id = r.taken_by WHERE r.class_id = $1 AND r.day = $2::date AND r.period = $3`, [classId, date, period]).then((r) => r[0] ?? null);
  }

  /** The periods of some classes' rolls on a date (which lessons were taken). */
  async takenPeriods(db: Db, date: string): Promise<Set<string>> {
    const taken = await rows<{ k: string }>(db, `SELECT class_id || ':' || period AS k FROM attendance_roll WHERE day = $1::date`, [date]);
    return new Set(taken.map((t) => t.k));
  }

  /** The class's enrolled students in number order, with their marks on the roll (none: not taken). */
  members(db: Db, classId: string, rollId: string | null): Promise<RollMember[]> {
    return rows<{ studentId: string; studentNo: string; name: string; status: AttendanceStatus | null; note: string | null }>(
      db,
      `SELECT s.id AS "studentId", s.student_no AS "studentNo", s.name, m.status, m.note
         FROM student s LEFT JOIN attendance_mark m ON m.student_id = s.id AND m.roll_id = $2
        WHERE s.class_id = $1 AND s.status = 'enrolled' ORDER BY s.student_no`,
      [classId, rollId],
    ).then((list) => list.map((r) => ({ studentId: r.studentId, studentNo: r.studentNo, name: r.name, saved: r.status ? { status: r.status, note: r.note ?? '' } : null })));
  }

  /**
   * Approved leaves of some students overlapping `[from, to)` (instants): the leave flow's read model (`wf_instance`,
   * passed), each cut at its 销假 return (the CANCEL_LEAVE event's `returnedAt`) — a student back early is not on leave.
   */
  coveringLeaves(db: Db, studentIds: readonly string[], from: string, to: string): Promise<(CoveringLeave & { startAt: Date; endAt: Date })[]> {
    if (studentIds.length === 0) return Promise.resolve([]);
    return rows(
      db,
      `SELECT i.id, i.student_id AS "studentId", span.s AS "startAt", span.e AS "endAt", '' AS start, '' AS "end"
         FROM wf_instance i
         CROSS JOIN LATERAL (
           SELECT (i.form->>'start')::timestamptz AS s,
                  least((i.form->>'end')::timestamptz,
                        (SELECT min((e.data->>'returnedAt')::timestamptz) FROM events e WHERE e.stream_id = 'leave-' || i.id::text AND e.type = 'CANCEL_LEAVE')) AS e
         ) span
        WHERE i.flow = 'leave' AND i.review_status = 'passed' AND i.student_id = ANY($1::uuid[])
          AND span.s < $3::timestamptz AND span.e > $2::timestamptz
        ORDER BY span.s`,
      [studentIds, from, to],
    );
  }

  /** Takes or re-takes the roll (its slot's row locked until commit): its id and the marks it had before. */
  async upsertRoll(tx: Db, v: RollSaveValues, lesson: { courseId: string; teacherId: string }, takenBy: string): Promise<{ id: string; before: RollMember[] }> {
    const [row] = await rows<{ id: string }>(
      tx,
      `INSERT INTO attendance_roll (class_id, day, period, course_id, teacher_id, taken_by) VALUES ($1, $2::date, $3, $4, $5, $6)
       ON CONFLICT ON CONSTRAINT attendance_roll_slot_key DO UPDATE SET course_id = EXCLUDED.course_id, teacher_id = EXCLUDED.teacher_id, taken_by = EXCLUDED.taken_by, updated_at = now()
       RETURNING id`,
      [v.classId, v.date, v.period, lesson.courseId, lesson.teacherId, takenBy],
    );
    const id = (row as { id: string }).id;
    return { id, before: await this.members(tx, v.classId, id) };
  }

  async writeMarks(tx: Db, rollId: string, marks: RollSaveValues['marks'], leaveOf: ReadonlyMap<string, string>): Promise<void> {
    await tx.query(`DELETE FROM attendance_mark WHERE roll_id = $1`, [rollId]);
    await tx.query(
      `INSERT INTO attendance_mark (roll_id, student_id, status, note, leave_id)
       SELECT $1, m.student_id, m.status, m.note, m.leave_id FROM unnest($2::uuid[], $3::text[], $4::text[], $5::uuid[]) AS m(student_id, status, note, leave_id)`,
      [rollId, marks.map((m) => m.studentId), marks.map((m) => m.status), marks.map((m) => m.note), marks.map((m) => leaveOf.get(m.studentId) ?? null)],
    );
  }

  /** The guardians with accounts of some students: whom an absence is told to. */
  guardians(db: Db, studentIds: readonly string[]): Promise<{ userId: string; studentId: string; studentName: string }[]> {
    if (studentIds.length === 0) return Promise.resolve([]);
    return rows(db, `SELECT DISTINCT g.user_id AS "userId", g.student_id AS "studentId", s.name AS "studentName" FROM guardian g JOIN student s ON s.id = g.student_id WHERE g.student_id = ANY($1::uuid[]) AND g.user_id IS NOT NULL`, [studentIds]);
  }

  /** A course's name in both languages (a message is read in its reader's). */
  async courseNames(db: Db, courseId: string): Promise<{ zh: string; en: string }> {
    const [row] = await rows<{ zh: string; en: string }>(db, `SELECT name AS zh, coalesce(nullif(name_en, ''), name) AS en FROM course WHERE id = $1`, [courseId]);
    return row ?? { zh: '', en: '' };
  }

  async viewers(db: Db): Promise<string[]> {
    return (await rows<{ id: string }>(db, VIEWERS_SQL)).map((r) => r.id);
  }

  /** A day's absent and late marks across the school, by class and period. */
  async absences(db: Db, date: string, lang: Language, timeZone: string): Promise<AbsenceRow[]> {
    const found = await rows<AbsenceRow>(
      db,
      `SELECT s.id AS "studentId", s.student_no AS "studentNo", s.name AS "studentName", c.id AS "classId", ${boundLocalName('c', '$2')} AS "className",
              r.period, coalesce(p.name, '') AS "periodName", coalesce(${boundLocalName('co', '$2')}, '') AS "courseName", m.status, m.note,
              coalesce(u.name, '') AS "takenBy", to_char(r.updated_at AT TIME ZONE $3, 'HH24:MI') AS at
         FROM attendance_roll r
         JOIN attendance_mark m ON m.roll_id = r.id AND m.status IN ('absent', 'late')
         JOIN student s ON s.id = m.student_id
         JOIN admin_class c ON c.id = r.class_id
         LEFT JOIN course co ON co.id = r.course_id
         LEFT JOIN lesson_period p ON p.no = r.period
         LEFT JOIN sys_user u ON u.id = r.taken_by
        WHERE r.day = $1::date
        ORDER BY c.grade, c.sort, r.period, s.student_no`,
      [date, lang, timeZone],
    );
    // lesson_period keeps one name (第N节 by default): English reads it as the timetable does, Period N
    return found.map((r) => ({ ...r, periodName: periodLabel({ no: r.period, name: r.periodName }, lang) }));
  }

  /** A month's counts per class (some classes, or all: null). */
  classCounts(db: Db, month: string, classIds: readonly string[] | null, lang: Language): Promise<({ classId: string; className: string; rolls: number } & StatusCounts)[]> {
    return rows(
      db,
      `SELECT c.id AS "classId", ${boundLocalName('c', '$3')} AS "className", count(DISTINCT r.id)::int AS rolls,
              count(m.*) FILTER (WHERE m.status = 'present')::int AS present, count(m.*) FILTER (WHERE m.status = 'late')::int AS late,
              count(m.*) FILTER (WHERE m.status = 'absent')::int AS absent, count(m.*) FILTER (WHERE m.status = 'leave')::int AS leave
         FROM admin_class c
         LEFT JOIN attendance_roll r ON r.class_id = c.id AND r.day >= ($1 || '-01')::date AND r.day < ($1 || '-01')::date + interval '1 month'
         LEFT JOIN attendance_mark m ON m.roll_id = r.id
        WHERE c.in_school AND ($2::uuid[] IS NULL OR c.id = ANY($2::uuid[]))
        GROUP BY c.id ORDER BY c.grade, c.sort, c.name`,
      [month, classIds, lang],
    );
  }

  /** A month's counts per student of a class (its enrolled students, also those never marked). */
  studentCounts(db: Db, month: string, classId: string): Promise<({ studentId: string; studentNo: string; name: string } & StatusCounts)[]> {
    return rows(
      db,
      `SELECT s.id AS "studentId", s.student_no AS "studentNo", s.name,
              count(m.*) FILTER (WHERE m.status = 'present')::int AS present, count(m.*) FILTER (WHERE m.status = 'late')::int AS late,
              count(m.*) FILTER (WHERE m.status = 'absent')::int AS absent, count(m.*) FILTER (WHERE m.status = 'leave')::int AS leave
         FROM student s
         LEFT JOIN attendance_roll r ON r.class_id = s.class_id AND r.day >= ($1 || '-01')::date AND r.day < ($1 || '-01')::date + interval '1 month'
         LEFT JOIN attendance_mark m ON m.roll_id = r.id AND m.student_id = s.id
        WHERE s.class_id = $2 AND s.status = 'enrolled'
        GROUP BY s.id ORDER BY s.student_no`,
      [month, classId],
    );
  }

  async settings(db: Db): Promise<CheckinSettings> {
    const [row] = await rows<CheckinSettings>(
      db,
      `SELECT check_in_start AS "checkInStart", check_in_end AS "checkInEnd", check_out_start AS "checkOutStart", check_out_end AS "checkOutEnd",
              latitude, longitude, radius_m AS "radiusMeters", place_name AS "placeName" FROM attendance_setting WHERE id`,
    );
    return row ?? { checkInStart: '07:00', checkInEnd: '08:30', checkOutStart: '16:30', checkOutEnd: '19:00', latitude: null, longitude: null, radiusMeters: 300, placeName: '' };
  }

  async saveSettings(db: Db, v: CheckinSettingsValues, userId: string): Promise<void> {
    await db.query(
      `INSERT INTO attendance_setting (id, check_in_start, check_in_end, check_out_start, check_out_end, latitude, longitude, radius_m, place_name, updated_by, updated_at)
       VALUES (true, $1, $2, $3, $4, $5, $6, $7, $8, $9, now())
       ON CONFLICT (id) DO UPDATE SET check_in_start = $1, check_in_end = $2, check_out_start = $3, check_out_end = $4, latitude = $5, longitude = $6, radius_m = $7, place_name = $8, updated_by = $9, updated_at = now()`,
      [v.checkInStart, v.checkInEnd, v.checkOutStart, v.checkOutEnd, v.latitude, v.longitude, v.radiusMeters, v.placeName, userId],
    );
  }

  /** Records a check-in; false: that kind was recorded that day already (the unique key decides, two taps at once too). */
  async checkin(db: Db, c: { userId: string; date: string; kind: CheckinKind; latitude: number; longitude: number; distance: number }): Promise<boolean> {
    const inserted = await rows(
      db,
      `INSERT INTO attendance_checkin (user_id, day, kind, method, latitude, longitude, distance_m) VALUES ($1, $2::date, $3, 'location', $4, $5, $6)
       ON CONFLICT ON CONSTRAINT attendance_checkin_once DO NOTHING RETURNING id`,
      [c.userId, c.date, c.kind, c.latitude, c.longitude, c.distance],
    );
    return inserted.length > 0;
  }

  /** Records a check-in by face with the similarity it reached; false: that kind was recorded that day already. */
  async checkinByFace(db: Db, c: { userId: string; date: string; kind: CheckinKind; similarity: number }): Promise<boolean> {
    const inserted = await rows(
      db,
      `INSERT INTO attendance_checkin (user_id, day, kind, method, face_similarity) VALUES ($1, $2::date, $3, 'face', $4)
       ON CONFLICT ON CONSTRAINT attendance_checkin_once DO NOTHING RETURNING id`,
      [c.userId, c.date, c.kind, c.similarity],
    );
    return inserted.length > 0;
  }

  /** One's check-ins of a month as school times `HH:mm`. */
  checkins(db: Db, userId: string, month: string, timeZone: string): Promise<{ date: string; kind: CheckinKind; time: string }[]> {
    return rows(
      db,
      `SELECT to_char(day, 'YYYY-MM-DD') AS date, kind, to_char(at AT TIME ZONE $3, 'HH24:MI') AS time FROM attendance_checkin
        WHERE user_id = $1 AND day >= ($2 || '-01')::date AND day < ($2 || '-01')::date + interval '1 month' ORDER BY day, kind`,
      [userId, month, timeZone],
    );
  }
}
