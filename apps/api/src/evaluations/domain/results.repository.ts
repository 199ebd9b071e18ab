import { Injectable } from '@nestjs/common';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';
import type { ResultStudent, WeightedCell } from './results-shape.js';
import { ACTIVE_STUDENT } from './rounds.repository.js';

/**
 * The results' SQL (docs/product/evaluations.md#results): per student and content, each evaluator role's mean
 * (peers and subject teachers averaged), weighted by the content's weights over the roles that gave a score — in
 * one GROUP BY over the round's cells, so a whole round is one statement.
 */
@Injectable()
export class ResultsRepository {
  /** The round's weighted values: one class's or all; `studentId`: one student's (the final-term evaluation's family page and report). */
  weighted(db: Db, roundId: string, classId: string | null, studentId: string | null = null): Promise<WeightedCell[]> {
    return rows<WeightedCell>(
      db,
      `WITH per_role AS (
         SELECT s.student_id, s.content_id, s.role, avg(s.score) AS v FROM eval_score s
          WHERE s.round_id = $1 AND ($2::uuid IS NULL OR s.class_id = $2) AND ($3::uuid IS NULL OR s.student_id = $3)
          GROUP BY s.student_id, s.content_id, s.role)
       SELECT p.student_id AS "studentId", p.content_id AS "contentId", (sum(p.v * w.weight) / sum(w.weight))::float8 AS value
         FROM per_role p JOIN eval_content_evaluator w ON w.content_id = p.content_id AND w.role = p.role
        GROUP BY p.student_id, p.content_id`,
      [roundId, classId, studentId],
    );
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
