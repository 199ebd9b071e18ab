import { Injectable } from '@nestjs/common';
import type { EvalProgressRow, EvalRole, EvalSheet, EvalSheetRow, Language } from '@schoolflow/contracts';
import { localName } from '../../infrastructure/database/local-name.js';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';
import { ACTIVE_STUDENT } from './rounds.repository.js';

/**
 * Whom `$3` (a user) evaluates in role `$4` in class `$2` of round `$1` (docs/product/evaluations.md#who-evaluates-whom):
 * the head teacher and the class's subject teachers (teaching_assignment of the round's semester) every student; a
 * student themself and the peers named for them; a parent their children. Ownership lives here, in one place.
 */
const EVALUATES = `
  CASE $4::text
    WHEN 'head' THEN c.head_teacher_id = $3::uuid
    WHEN 'subject' THEN EXISTS (SELECT 1 FROM teaching_assignment ta WHERE ta.teacher_id = $3::uuid AND ta.class_id = c.id AND ta.semester_id = r.semester_id)
    WHEN 'self' THEN s.user_id = $3::uuid
    WHEN 'peer' THEN EXISTS (SELECT 1 FROM eval_peer p JOIN student me ON me.id = p.student_id WHERE p.round_id = r.id AND p.peer_id = s.id AND me.user_id = $3::uuid)
    WHEN 'parent' THEN EXISTS (SELECT 1 FROM guardian g WHERE g.student_id = s.id AND g.user_id = $3::uuid)
    ELSE false
  END`;

export type SheetContent = EvalSheet['contents'][number];

@Injectable()
export class SheetsRepository {
  /** The students of the class this caller evaluates in this role (none: not an evaluator of the sheet). */
  evaluatees(db: Db, roundId: string, classId: string, userId: string, role: EvalRole): Promise<{ studentId: string; studentNo: string; name: string }[]> {
    return rows(
      db,
      `SELECT s.id AS "studentId", s.student_no AS "studentNo", s.name
         FROM eval_round r JOIN eval_round_class rc ON rc.round_id = r.id AND rc.class_id = $2 JOIN admin_class c ON c.id = rc.class_id
         JOIN student s ON s.class_id = c.id AND ${ACTIVE_STUDENT}
        WHERE r.id = $1 AND ${EVALUATES}
        ORDER BY s.student_no`,
      [roundId, classId, userId, role],
    );
  }

  async className(db: Db, roundId: string, classId: string): Promise<{ name: string; headTeacherId: string | null } | null> {
    const [row] = await rows<{ name: string; headTeacherId: string | null }>(db, `SELECT c.name, c.head_teacher_id AS "headTeacherId" FROM eval_round_class rc JOIN admin_class c ON c.id = rc.class_id WHERE rc.round_id = $1 AND rc.class_id = $2`, [roundId, classId]);
    return row ?? null;
  }

  /** The template's contents in order (with their theme), `role`'s only when given. */
  contents(db: Db, templateId: string, role: EvalRole | null): Promise<SheetContent[]> {
    return rows<SheetContent>(
      db,
      `SELECT c.id, c.name, c.description, c.max_score::float8 AS "maxScore", h.id AS "themeId", h.name AS "themeName",
              (SELECT jsonb_agg(jsonb_build_object('role', e.role, 'weight', e.weight::float8)) FROM eval_content_evaluator e WHERE e.content_id = c.id) AS evaluators,
              (SELECT jsonb_agg(jsonb_build_object('id', l.id, 'name', l.name, 'description', l.description, 'score', l.score::float8, 'min', l.band_min::float8, 'max', l.band_max::float8) ORDER BY l.position) FROM eval_level l WHERE l.content_id = c.id) AS levels
         FROM eval_content c JOIN eval_theme h ON h.id = c.theme_id
        WHERE c.template_id = $1 AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM eval_content_evaluator e WHERE e.content_id = c.id AND e.role = $2))
        ORDER BY h.position, c.position`,
      [templateId, role],
    );
  }

  /** The caller's own cells and comments of the sheet. */
  async mine(db: Db, roundId: string, classId: string, userId: string, role: EvalRole): Promise<{ scores: Map<string, Record<string, number>>; comments: Map<string, string> }> {
    const cells = await rows<{ student_id: string; content_id: string; score: number }>(db, `SELECT student_id, content_id, score::float8 AS score FROM eval_score WHERE round_id = $1 AND class_id = $2 AND evaluator_id = $3 AND role = $4`, [roundId, classId, userId, role]);
    const comments = await rows<{ student_id: string; text: string }>(db, `SELECT student_id, text FROM eval_comment WHERE round_id = $1 AND class_id = $2 AND evaluator_id = $3 AND role = $4`, [roundId, classId, userId, role]);
    const scores = new Map<string, Record<string, number>>();
    for (const c of cells) {
      const row = scores.get(c.student_id) ?? {};
      row[c.content_id] = c.score;
      scores.set(c.student_id, row);
    }
    return { scores, comments: new Map(comments.map((c) => [c.student_id, c.text])) };
  }

  /** Cells written (null: cleared) and comments, each batch in one statement. */
  async save(db: Db, key: { roundId: string; classId: string; userId: string; role: EvalRole }, cells: { studentId: string; contentId: string; score: number | null }[], comments: { studentId: string; text: string | null }[]): Promise<void> {
    const put = cells.filter((c) => c.score !== null);
    const clear = cells.filter((c) => c.score === null);
    const k = [key.roundId, key.classId, key.userId, key.role];
    if (put.length > 0)
      await db.query(
        `INSERT INTO eval_score (round_id, class_id, evaluator_id, role, student_id, content_id, score)
           SELECT $1, $2, $3, $4, x.s, x.c, x.v FROM unnest($5::uuid[], $6::uuid[], $7::numeric[]) AS x(s, c, v)
         ON CONFLICT (round_id, class_id, student_id, content_id, evaluator_id, role) DO UPDATE SET score = EXCLUDED.score, updated_at = now()
           WHERE eval_score.score IS DISTINCT FROM EXCLUDED.score`,
        [...k, put.map((c) => c.studentId), put.map((c) => c.contentId), put.map((c) => c.score)],
      );
    if (clear.length > 0)
      await db.query(`DELETE FROM eval_score WHERE round_id = $1 AND class_id = $2 AND evaluator_id = $3 AND role = $4 AND (student_id, content_id) IN (SELECT * FROM unnest($5::uuid[], $6::uuid[]))`, [...k, clear.map((c) => c.studentId), clear.map((c) => c.contentId)]);
    const write = comments.filter((c) => c.text !== null && c.text.trim() !== '');
    const drop = comments.filter((c) => c.text === null || c.text.trim() === '');
    if (write.length > 0)
      await db.query(
        `INSERT INTO eval_comment (round_id, class_id, evaluator_id, role, student_id, text) SELECT $1, $2, $3, $4, x.s, x.t FROM unnest($5::uuid[], $6::text[]) AS x(s, t)
         ON CONFLICT (round_id, class_id, student_id, evaluator_id, role) DO UPDATE SET text = EXCLUDED.text, updated_at = now()`,
        [...k, write.map((c) => c.studentId), write.map((c) => c.text)],
      );
    if (drop.length > 0) await db.query(`DELETE FROM eval_comment WHERE round_id = $1 AND class_id = $2 AND evaluator_id = $3 AND role = $4 AND student_id = ANY($5::uuid[])`, [...k, drop.map((c) => c.studentId)]);
  }

  async filled(db: Db, key: { roundId: string; classId: string; userId: string; role: EvalRole }): Promise<number> {
    const [row] = await rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM eval_score WHERE round_id = $1 AND class_id = $2 AND evaluator_id = $3 AND role = $4`, [key.roundId, key.classId, key.userId, key.role]);
    return row?.n ?? 0;
  }

  /** Every (round, class, role) the caller evaluates in, of rounds not closed more than 30 days, with the roles the template uses. */
  candidates(db: Db, userId: string): Promise<{ roundId: string; roundName: string; templateId: string; classId: string; className: string; evaluator: EvalRole; phase: 'upcoming' | 'open' | 'closed'; end: string }[]> {
    return rows(
      db,
      `WITH mine AS (
         SELECT rc.round_id, rc.class_id, 'head'::text AS role FROM eval_round_class rc JOIN admin_class c ON c.id = rc.class_id WHERE c.head_teacher_id = $1
         UNION SELECT rc.round_id, rc.class_id, 'subject' FROM eval_round_class rc JOIN eval_round r ON r.id = rc.round_id JOIN teaching_assignment ta ON ta.class_id = rc.class_id AND ta.semester_id = r.semester_id AND ta.teacher_id = $1
         UNION SELECT rc.round_id, rc.class_id, 'self' FROM student s JOIN eval_round_class rc ON rc.class_id = s.class_id WHERE s.user_id = $1
         UNION SELECT p.round_id, s.class_id, 'peer' FROM eval_peer p JOIN student s ON s.id = p.student_id WHERE s.user_id = $1
         UNION SELECT rc.round_id, rc.class_id, 'parent' FROM guardian g JOIN student s ON s.id = g.student_id JOIN eval_round_class rc ON rc.class_id = s.class_id WHERE g.user_id = $1)
       SELECT r.id AS "roundId", r.name AS "roundName", r.template_id AS "templateId", c.id AS "classId", c.name AS "className", m.role AS evaluator,
              CASE WHEN now() < r.start_at THEN 'upcoming' WHEN now() > r.end_at THEN 'closed' ELSE 'open' END AS phase, r.end_at AS "end"
         FROM mine m JOIN eval_round r ON r.id = m.round_id JOIN admin_class c ON c.id = m.class_id
        WHERE r.end_at > now() - interval '30 days'
          AND EXISTS (SELECT 1 FROM eval_content_evaluator e JOIN eval_content ct ON ct.id = e.content_id WHERE ct.template_id = r.template_id AND e.role = m.role)
        ORDER BY r.end_at DESC, c.name, array_position(ARRAY['self','peer','head','subject','parent'], m.role)`,
      [userId],
    );
  }

  /**
   * Filled and expected cells per class and role (the head teacher's live progress): expected is each role's
   * evaluator–student pairs × the role's contents — head 1 per student, subject teachers per assignment, self 1,
   * peers as named, parents per guardian link.
   */
  progress(db: Db, roundId: string, classIds: string[] | null, lang: Language): Promise<EvalProgressRow[]> {
    return rows<EvalProgressRow>(
      db,
      `WITH r AS (SELECT * FROM eval_round WHERE id = $1),
            k AS (SELECT e.role, count(*)::int AS n FROM eval_content_evaluator e JOIN eval_content c ON c.id = e.content_id JOIN r ON r.template_id = c.template_id GROUP BY e.role),
            cls AS (SELECT c.id, ${localName('c.name', lang)} AS name, c.grade, c.code, c.head_teacher_id FROM eval_round_class rc JOIN admin_class c ON c.id = rc.class_id WHERE rc.round_id = $1 AND ($2::uuid[] IS NULL OR c.id = ANY($2::uuid[]))),
            pairs AS (
              SELECT cls.id AS class_id, 'head'::text AS role, count(s.*) FILTER (WHERE cls.head_teacher_id IS NOT NULL) AS n FROM cls JOIN student s ON s.class_id = cls.id AND ${ACTIVE_STUDENT} GROUP BY cls.id
              UNION ALL SELECT cls.id, 'self', count(s.*) FILTER (WHERE s.user_id IS NOT NULL) FROM cls JOIN student s ON s.class_id = cls.id AND ${ACTIVE_STUDENT} GROUP BY cls.id
              UNION ALL SELECT cls.id, 'subject', count(*) FROM cls JOIN student s ON s.class_id = cls.id AND ${ACTIVE_STUDENT} JOIN (SELECT DISTINCT ta.class_id, ta.teacher_id FROM teaching_assignment ta JOIN r ON r.semester_id = ta.semester_id) t ON t.class_id = cls.id GROUP BY cls.id
              UNION ALL SELECT cls.id, 'peer', count(*) FROM cls JOIN student s ON s.class_id = cls.id AND ${ACTIVE_STUDENT} JOIN eval_peer p ON p.round_id = $1 AND p.peer_id = s.id GROUP BY cls.id
              UNION ALL SELECT cls.id, 'parent', count(*) FROM cls JOIN student s ON s.class_id = cls.id AND ${ACTIVE_STUDENT} JOIN guardian g ON g.student_id = s.id GROUP BY cls.id),
            filled AS (SELECT class_id, role, count(*)::int AS n FROM eval_score WHERE round_id = $1 AND ($2::uuid[] IS NULL OR class_id = ANY($2::uuid[])) GROUP BY class_id, role)
       SELECT cls.id AS "classId", cls.name AS "className", k.role, coalesce(f.n, 0) AS filled, (coalesce(p.n, 0) * k.n)::int AS total
         FROM cls CROSS JOIN k LEFT JOIN pairs p ON p.class_id = cls.id AND p.role = k.role LEFT JOIN filled f ON f.class_id = cls.id AND f.role = k.role
        ORDER BY cls.grade, cls.code, array_position(ARRAY['self','peer','head','subject','parent'], k.role)`,
      [roundId, classIds],
    );
  }

  /** Rows of a sheet in the contract's shape. */
  static rowsOf(students: { studentId: string; studentNo: string; name: string }[], contents: SheetContent[], mine: { scores: Map<string, Record<string, number>>; comments: Map<string, string> }): EvalSheetRow[] {
    return students.map((s) => {
      const own = mine.scores.get(s.studentId) ?? {};
      return { ...s, scores: Object.fromEntries(contents.map((c) => [c.id, own[c.id] ?? null])), comment: mine.comments.get(s.studentId) ?? null };
    });
  }
}
