import { Injectable } from '@nestjs/common';
import type { EvalPrecision, EvalRound, EvalRoundSummary, Language } from '@schoolflow/contracts';
import { localName } from '../../infrastructure/database/local-name.js';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';

/** Students counted in a round: those still at school (docs/product/evaluations.md#rounds). */
export const ACTIVE_STUDENT = `s.status NOT IN ('transferred_out', 'graduated')`;

/** A round's summary; its semester named in the reader's language (评价设置 and 评价分析 show it). */
const summary = (lang: Language): string => `
  SELECT r.id, r.name, r.template_id AS "templateId", t.name AS "templateName", r.semester_id AS "semesterId", ${localName('se.name', lang)} AS "semesterName",
         r.start_at AS "start", r.end_at AS "end",
         CASE WHEN now() < r.start_at THEN 'upcoming' WHEN now() > r.end_at THEN 'closed' ELSE 'open' END AS phase,
         (SELECT count(*)::int FROM eval_round_class rc WHERE rc.round_id = r.id) AS classes,
         (SELECT count(*)::int FROM eval_round_class rc JOIN student s ON s.class_id = rc.class_id AND ${ACTIVE_STUDENT} WHERE rc.round_id = r.id) AS students
    FROM eval_round r JOIN eval_template t ON t.id = r.template_id JOIN semester se ON se.id = r.semester_id`;

/** A round as the sheets and results need it (docs/product/evaluations.md#rounds). */
export interface RoundHead {
  id: string;
  name: string;
  templateId: string;
  semesterId: string;
  start: string;
  end: string;
  phase: EvalRoundSummary['phase'];
  precision: EvalPrecision;
}

@Injectable()
export class RoundsRepository {
  list(db: Db, semesterId: string | undefined, lang: Language): Promise<EvalRoundSummary[]> {
    return rows<EvalRoundSummary>(db, `${summary(lang)} WHERE $1::uuid IS NULL OR r.semester_id = $1 ORDER BY r.start_at DESC, r.name`, [semesterId ?? null]);
  }

  async get(db: Db, id: string, lang: Language): Promise<EvalRound | null> {
    const [head] = await rows<EvalRoundSummary & { grades: number[]; precision: EvalPrecision }>(db, `SELECT x.*, r.grades, t.precision::int AS precision FROM (${summary(lang)} WHERE r.id = $1) x JOIN eval_round r ON r.id = x.id JOIN eval_template t ON t.id = r.template_id`, [id]);
    if (!head) return null;
    const classList = await rows<EvalRound['classList'][number]>(
      db,
      `SELECT c.id, ${localName('c.name', lang)} AS name, c.grade, c.head_teacher_id AS "headTeacherId" FROM eval_round_class rc JOIN admin_class c ON c.id = rc.class_id WHERE rc.round_id = $1 ORDER BY c.grade, c.sort, c.code`,
      [id],
    );
    return { ...head, classList };
  }

  async head(db: Db, id: string): Promise<RoundHead | null> {
    const [row] = await rows<RoundHead>(
      db,
      `SELECT r.id, r.name, r.template_id AS "templateId", r.semester_id AS "semesterId", r.start_at AS "start", r.end_at AS "end", t.precision::int AS precision,
              CASE WHEN now() < r.start_at THEN 'upcoming' WHEN now() > r.end_at THEN 'closed' ELSE 'open' END AS phase
         FROM eval_round r JOIN eval_template t ON t.id = r.template_id WHERE r.id = $1`,
      [id],
    );
    return row ?? null;
  }

  /** The semester's school year; null when there is no such semester. */
  async semesterYear(db: Db, id: string): Promise<string | null> {
    return (await rows<{ year: string }>(db, `SELECT school_year_id AS year FROM semester WHERE id = $1`, [id]))[0]?.year ?? null;
  }

  async nameUsed(db: Db, semesterId: string, name: string): Promise<boolean> {
    return (await rows(db, `SELECT 1 FROM eval_round WHERE semester_id = $1 AND lower(btrim(name)) = lower(btrim($2))`, [semesterId, name])).length > 0;
  }

  /** The classes at school of the grades and the classes chosen that have students. */
  async reach(db: Db, grades: number[], classIds: string[]): Promise<string[]> {
    const found = await rows<{ id: string }>(
      db,
      `SELECT c.id FROM admin_class c WHERE c.in_school AND (c.grade = ANY($1::int[]) OR c.id = ANY($2::uuid[]))
          AND EXISTS (SELECT 1 FROM student s WHERE s.class_id = c.id AND ${ACTIVE_STUDENT}) ORDER BY c.grade, c.code`,
      [grades, classIds],
    );
    return found.map((r) => r.id);
  }

  async insert(db: Db, r: { templateId: string; semesterId: string; name: string; grades: number[]; start: Date; end: Date; userId: string }, classIds: string[]): Promise<string> {
    const [row] = await rows<{ id: string }>(
      db,
      `INSERT INTO eval_round (template_id, semester_id, name, grades, start_at, end_at, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [r.templateId, r.semesterId, r.name, r.grades, r.start, r.end, r.userId],
    );
    await db.query(`INSERT INTO eval_round_class (round_id, class_id) SELECT $1, unnest($2::uuid[])`, [row!.id, classIds]);
    return row!.id;
  }

  /** Each class's students in student-number order (for naming peers). */
  async classStudents(db: Db, classIds: string[]): Promise<Map<string, string[]>> {
    const found = await rows<{ class_id: string; ids: string[] }>(db, `SELECT s.class_id, array_agg(s.id ORDER BY s.student_no) AS ids FROM student s WHERE s.class_id = ANY($1::uuid[]) AND ${ACTIVE_STUDENT} GROUP BY s.class_id`, [classIds]);
    return new Map(found.map((r) => [r.class_id, r.ids]));
  }

  async insertPeers(db: Db, roundId: string, pairs: { studentId: string; peerId: string }[]): Promise<void> {
    if (pairs.length === 0) return;
    await db.query(`INSERT INTO eval_peer (round_id, student_id, peer_id) SELECT $1, a, b FROM unnest($2::uuid[], $3::uuid[]) AS x(a, b)`, [roundId, pairs.map((p) => p.studentId), pairs.map((p) => p.peerId)]);
  }

  async templateUsesPeers(db: Db, templateId: string): Promise<number> {
    const [row] = await rows<{ n: number }>(db, `SELECT CASE WHEN EXISTS (SELECT 1 FROM eval_content_evaluator e JOIN eval_content c ON c.id = e.content_id WHERE c.template_id = t.id AND e.role = 'peer') THEN t.peer_count ELSE 0 END::int AS n FROM eval_template t WHERE t.id = $1`, [templateId]);
    return row?.n ?? 0;
  }

  async lockForDelete(db: Db, id: string): Promise<{ name: string; entered: boolean } | null> {
    const [row] = await rows<{ name: string; entered: boolean }>(db, `SELECT name, EXISTS (SELECT 1 FROM eval_score s WHERE s.round_id = r.id) OR EXISTS (SELECT 1 FROM eval_comment m WHERE m.round_id = r.id) AS entered FROM eval_round r WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  async delete(db: Db, id: string): Promise<void> {
    await db.query(`DELETE FROM eval_round WHERE id = $1`, [id]);
  }
}
