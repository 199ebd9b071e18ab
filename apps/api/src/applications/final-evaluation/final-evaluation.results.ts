/**
 * The students of a round's class (`$1` round, `$2` class) not ready for the public notice: enrolled, and without any
 * score of the round or without the head teacher's term comment (eval_comment, role `head`).
 */
export const EVALUATION_MISSING_SQL = `SELECT count(*)::int FROM student s
   WHERE s.class_id = $2::uuid AND s.status = 'enrolled'
     AND (NOT EXISTS (SELECT 1 FROM eval_comment c WHERE c.round_id = $1::uuid AND c.student_id = s.id AND c.role = 'head' AND btrim(c.text) <> '')
       OR NOT EXISTS (SELECT 1 FROM eval_score e WHERE e.round_id = $1::uuid AND e.student_id = s.id))`;
