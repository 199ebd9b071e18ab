import { Injectable } from '@nestjs/common';
import { EVAL_ROLES, type EvalRole } from '@schoolflow/contracts';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';
import type { ResultStudent, WeightedCell } from './results-shape.js';
import { ACTIVE_STUDENT } from './rounds.repository.js';

// One column per evaluator role (the roles are a closed list, checked by the tables): the role's weight of a content,
// and a student's mean score from that role. Role names come from EVAL_ROLES, never from input.
const perRole = (f: (role: EvalRole) => string, join: string): string => EVAL_ROLES.map(f).join(join);

/**
 * The results' SQL (docs/product/evaluations.md#results): per student and content, each evaluator role's mean
 * (peers and subject teachers averaged), weighted by the content's weights over the roles that gave a score. One
 * GROUP BY over the round's cells, each role's mean a FILTER of it (the same pass a plain average takes), then the
 * content's weights by role — so a whole round is one statement and one scan (bench:evaluations).
 */
const WEIGHTED_SQL = `
  WITH w AS (
    SELECT content_id, ${perRole((r) => `max(weight) FILTER (WHERE role = '${r}') AS ${r}`, ', ')}
      FROM eval_content_evaluator GROUP BY content_id),
  m AS (
    SELECT s.student_id, s.content_id, ${perRole((r) => `avg(s.score) FILTER (WHERE s.role = '${r}') AS ${r}`, ', ')}
      FROM eval_score s
     WHERE s.round_id = $1 AND ($2::uuid IS NULL OR s.class_id = $2) AND ($3::uuid IS NULL OR s.student_id = $3)
     GROUP BY s.student_id, s.content_id),
  v AS (
    SELECT m.student_id, m.content_id,
           ${perRole((r) => `coalesce(m.${r} * w.${r}, 0)`, ' + ')} AS num,
           ${perRole((r) => `coalesce(CASE WHEN m.${r} IS NOT NULL THEN w.${r} END, 0)`, ' + ')} AS den
      FROM m JOIN w ON w.content_id = m.content_id)
  SELECT student_id AS "studentId", content_id AS "contentId", (num / den)::float8 AS value FROM v WHERE den > 0`;

@Injectable()
export class ResultsRepository {
  /** The round's weighted values: one class's or all; `studentId`: one student's (the final-term evaluation's family page and report). */
  weighted(db: Db, roundId: string, classId: string | null, studentId: string | null = null): Promise<WeightedCell[]> {
    return rows<WeightedCell>(db, WEIGHTED_SQL, [roundId, classId, studentId]);
  }

  /** The round's students (one class's or all) with the head teacher's term comment. */
  students(db: Db, roundId: string, classId: string | null): Promise<ResultStudent[]> {
    return rows<ResultStudent>(
      db,
      `SELECT s.id AS "studentId", s.class_id AS "classId", s.student_no AS "studentNo", s.name,
              (SELECT m.text FROM eval_comment m WHERE m.round_id = rc.round_id AND m.class_id = s.class_id AND m.student_id = s.id AND m.role = 'head' ORDER BY m.updated_at DESC LIMIT 1) AS comment
         FROM eval_round_class rc JOIN admin_class c ON c.id = rc.class_id JOIN student s ON s.class_id = c.id AND ${ACTIVE_STUDENT}
        WHERE rc.round_id = $1 AND ($2::uuid IS NULL OR rc.class_id = $2)
        ORDER BY c.grade, c.code, s.student_no`,
      [roundId, classId],
    );
  }
}
