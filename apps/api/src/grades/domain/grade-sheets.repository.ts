import { Injectable } from '@nestjs/common';
import type { GradeSheet, Language, ScoreItemHead, ScoreMark, SheetRow, SheetSummary } from '@schoolflow/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { localName } from '../../infrastructure/database/local-name.js';

/** A sheet's header as the use cases need it: who it is for, its instance's state, its full marks and items. */
export interface SheetHead {
  batchId: string;
  batchName: string;
  published: boolean;
  semesterId: string;
  classId: string;
  className: string;
  courseId: string;
  courseName: string;
  teacherId: string;
  teacherName: string;
  instanceId: string;
  state: string;
  version: number;
  participants: string[];
  headTeacherId: string | null;
  fullMarks: number;
  lastComment: string | null;
  items: ScoreItemHead[];
}

/** One row to store: a score or a mark (or neither: cleared), and the item scores it was summed from. */
export interface ScoreWrite {
  studentId: string;
  score: number | null;
  mark: ScoreMark | null;
  items: Record<string, number | null>;
}

/** A (class, course) of a batch to open, with the teacher who enters it. */
export interface SheetToOpen {
  classId: string;
  className: string;
  classNameEn: string;
  courseId: string;
  courseName: string;
  courseNameEn: string;
  teacherId: string | null;
}

/**
 * Sheets and scores (docs/product/grades.md#score-sheets): typed reads and writes, so the use cases hold no SQL. A sheet's state is its
 * grade-confirmation instance's (`wf_instance`), never stored twice.
 */
@Injectable()
export class GradeSheetsRepository {
  constructor(private readonly db: DataSource) {}

  async head(batchId: string, classId: string, courseId: string, lang: Language, tx: Pick<EntityManager, 'query'> = this.db): Promise<SheetHead | null> {
    const rows: SheetHead[] = await tx.query(
      `SELECT b.id AS "batchId", b.name AS "batchName", b.published, b.semester_id AS "semesterId",
              c.id AS "classId", ${localName('c.name', lang)} AS "className", co.id AS "courseId", ${localName('co.name', lang)} AS "courseName",
              u.id AS "teacherId", u.name AS "teacherName", i.id AS "instanceId", i.state, i.version, i.participants,
              c.head_teacher_id AS "headTeacherId", bc.full_marks::float8 AS "fullMarks",
              (SELECT e.data->>'comment' FROM events e WHERE e.stream_id = 'grade-confirmation-' || i.id AND e.type = 'REJECT' ORDER BY e.version DESC LIMIT 1) AS "lastComment",
              coalesce((SELECT json_agg(json_build_object('id', it.id, 'name', it.name, 'fullMarks', it.full_marks::float8) ORDER BY it.sort, it.name)
                          FROM grade_score_item it WHERE it.batch_id = b.id AND it.course_id = co.id), '[]') AS items
         FROM grade_sheet s
         JOIN grade_batch b ON b.id = s.batch_id
         JOIN grade_batch_course bc ON bc.batch_id = s.batch_id AND bc.course_id = s.course_id
         JOIN admin_class c ON c.id = s.class_id
         JOIN course co ON co.id = s.course_id
         JOIN sys_user u ON u.id = s.teacher_id
         JOIN wf_instance i ON i.id = s.instance_id
        WHERE s.batch_id = $1 AND s.class_id = $2 AND s.course_id = $3`,
      [batchId, classId, courseId],
    );
    return rows[0] ?? null;
  }

  /** The rows of a sheet: the class's enrolled students, and anyone else the sheet already scored (moved since). */
  async rows(batchId: string, classId: string, courseId: string, tx: Pick<EntityManager, 'query'> = this.db): Promise<SheetRow[]> {
    return tx.query(
      `SELECT s.id AS "studentId", s.student_no AS "studentNo", s.name, g.score::float8 AS score, g.mark, coalesce(g.items, '{}') AS items
         FROM student s
         LEFT JOIN grade_score g ON g.batch_id = $1 AND g.course_id = $3 AND g.student_id = s.id
        WHERE (s.class_id = $2 AND s.status = 'enrolled') OR (g.class_id = $2)
        ORDER BY s.student_no`,
      [batchId, classId, courseId],
    );
  }

  /** Locks the sheet's instance row until the transaction ends (a SUBMIT waits for a save in flight) and reads its state. */
  async lockState(tx: EntityManager, instanceId: string): Promise<string | null> {
    const rows: { state: string }[] = await tx.query(`SELECT state FROM wf_instance WHERE id = $1 FOR SHARE`, [instanceId]);
    return rows[0]?.state ?? null;
  }

  async save(tx: EntityManager, head: Pick<SheetHead, 'batchId' | 'classId' | 'courseId'>, scores: readonly ScoreWrite[], userId: string): Promise<void> {
    if (scores.length === 0) return;
    await tx.query(
      `INSERT INTO grade_score (batch_id, class_id, course_id, student_id, score, mark, items, updated_by, updated_at)
       SELECT $1, $2, $3, r.student_id, r.score, r.mark, coalesce(r.items, '{}'), $4, now()
         FROM jsonb_to_recordset($5::jsonb) AS r(student_id uuid, score numeric, mark text, items jsonb)
       ON CONFLICT (batch_id, course_id, student_id)
       DO UPDATE SET score = EXCLUDED.score, mark = EXCLUDED.mark, items = EXCLUDED.items, class_id = EXCLUDED.class_id,
                     updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
      [head.batchId, head.classId, head.courseId, userId, JSON.stringify(scores.map((s) => ({ student_id: s.studentId, score: s.score, mark: s.mark, items: s.items })))],
    );
  }

  /** Every sheet of a batch, or of a teacher, with its state and how many rows have a score or a mark. */
  async summaries(where: { batchId?: string; teacherId?: string }, lang: Language): Promise<SheetSummary[]> {
    return this.db.query(
      `SELECT s.batch_id AS "batchId", b.name AS "batchName", s.class_id AS "classId", ${localName('c.name', lang)} AS "className",
              s.course_id AS "courseId", ${localName('co.name', lang)} AS "courseName", s.teacher_id AS "teacherId", u.name AS "teacherName",
              s.instance_id AS "instanceId", i.state, i.review_status AS review,
              (SELECT count(*)::int FROM grade_score g WHERE g.batch_id = s.batch_id AND g.course_id = s.course_id AND g.class_id = s.class_id AND (g.score IS NOT NULL OR g.mark IS NOT NULL)) AS entered,
              (SELECT count(*)::int FROM student st WHERE st.class_id = s.class_id AND st.status = 'enrolled') AS total
         FROM grade_sheet s
         JOIN grade_batch b ON b.id = s.batch_id
         JOIN admin_class c ON c.id = s.class_id
         JOIN course co ON co.id = s.course_id
         JOIN sys_user u ON u.id = s.teacher_id
         JOIN wf_instance i ON i.id = s.instance_id
        WHERE ($1::uuid IS NULL OR s.batch_id = $1) AND ($2::uuid IS NULL OR s.teacher_id = $2)
        ORDER BY b.start_date DESC, c.sort, c.name, co.sort`,
      [where.batchId ?? null, where.teacherId ?? null],
    );
  }

  /** A batch as opening and publishing read it. */
  async batch(id: string, tx: Pick<EntityManager, 'query'> = this.db, lock = false): Promise<{ id: string; name: string; grade: string; semesterId: string; enabled: boolean; opened: boolean; published: boolean } | null> {
    const rows = await tx.query(
      `SELECT id, name, grade, semester_id AS "semesterId", enabled, opened, published FROM grade_batch WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return (rows as never[])[0] ?? null;
  }

  /**
   * The (class, course) pairs a batch opens: every in-school class of its grade × every course it examines, each with
   * the teacher who enters it — the class's teaching assignment for the course this semester, else the teacher of the
   * teaching class most of the class's students take, else the class's head teacher.
   */
  async sheetsToOpen(batchId: string): Promise<SheetToOpen[]> {
    return this.db.query(
      `WITH b AS (SELECT * FROM grade_batch WHERE id = $1)
       SELECT c.id AS "classId", c.name AS "className", c.name_en AS "classNameEn", co.id AS "courseId", co.name AS "courseName", co.name_en AS "courseNameEn",
              coalesce(
                (SELECT ta.teacher_id FROM teaching_assignment ta WHERE ta.class_id = c.id AND ta.course_id = co.id AND ta.semester_id = b.semester_id ORDER BY ta.teacher_id LIMIT 1),
                (SELECT tc.teacher_id FROM teaching_class tc JOIN teaching_class_student ts ON ts.teaching_class_id = tc.id JOIN student st ON st.id = ts.student_id
                  WHERE tc.course_id = co.id AND tc.semester_id = b.semester_id AND st.class_id = c.id GROUP BY tc.teacher_id ORDER BY count(*) DESC, tc.teacher_id LIMIT 1),
                c.head_teacher_id) AS "teacherId"
         FROM b
         JOIN admin_class c ON c.grade::text = b.grade AND c.in_school
         JOIN grade_batch_course bc ON bc.batch_id = b.id
         JOIN course co ON co.id = bc.course_id
        ORDER BY c.sort, c.name, bc.position`,
      [batchId],
    );
  }

  /** Who reviews sheets: grade leaders and the school office (administrators stand in when there are none). */
  async reviewers(): Promise<{ holders: string[]; admins: string[] }> {
    const [row] = (await this.db.query(
      `SELECT coalesce((SELECT array_agg(DISTINCT u.id) FROM sys_user u JOIN sys_user_role ur ON ur.user_id = u.id JOIN sys_role r ON r.id = ur.role_id
                         WHERE r.code IN ('gradeleader', 'office') AND r.enabled AND u.enabled), '{}') AS holders,
              coalesce((SELECT array_agg(DISTINCT u.id) FROM sys_user u JOIN sys_user_role ur ON ur.user_id = u.id JOIN sys_role r ON r.id = ur.role_id
                         WHERE r.code = 'admin' AND r.enabled AND u.enabled), '{}') AS admins`,
    )) as { holders: string[]; admins: string[] }[];
    return row ?? { holders: [], admins: [] };
  }

  /** Marks a batch opened (once: the second of two at once finds it opened already). */
  async markOpened(batchId: string): Promise<boolean> {
    const [rows] = (await this.db.query(`UPDATE grade_batch SET opened = true, opened_at = now() WHERE id = $1 AND NOT opened RETURNING id`, [batchId])) as [unknown[], number];
    return rows.length > 0;
  }

  /** The sheets of a batch that have not passed, named for the refusal. */
  async unpassed(tx: Pick<EntityManager, 'query'>, batchId: string, lang: Language): Promise<{ className: string; courseName: string; state: string }[]> {
    return tx.query(
      `SELECT ${localName('c.name', lang)} AS "className", ${localName('co.name', lang)} AS "courseName", i.state
         FROM grade_sheet s JOIN wf_instance i ON i.id = s.instance_id JOIN admin_class c ON c.id = s.class_id JOIN course co ON co.id = s.course_id
        WHERE s.batch_id = $1 AND i.state <> 'passed' ORDER BY c.sort, c.name, co.sort`,
      [batchId],
    );
  }

  /** The students of a batch's sheets and the accounts told when it is published: each student's own and their guardians'. */
  async audience(tx: Pick<EntityManager, 'query'>, batchId: string): Promise<{ userId: string; studentName: string; studentId: string }[]> {
    return tx.query(
      `SELECT DISTINCT a.user_id AS "userId", st.name AS "studentName", st.id AS "studentId"
         FROM grade_score g JOIN student st ON st.id = g.student_id
         CROSS JOIN LATERAL (SELECT st.user_id WHERE st.user_id IS NOT NULL UNION SELECT gu.user_id FROM guardian gu WHERE gu.student_id = st.id AND gu.user_id IS NOT NULL) a(user_id)
        WHERE g.batch_id = $1`,
      [batchId],
    );
  }
}

export type { GradeSheet };
