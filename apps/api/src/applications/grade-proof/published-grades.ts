import type { CertifiedGrade } from '../../workflow/certificates/certificate.repository.js';

interface Db {
  query<R = unknown[]>(sql: string, params?: unknown[]): Promise<R>;
}

/**
 * A student's published grades as a grade proof lists them on the day it is issued (docs/product/workflows.md#proofs, docs/product/grades.md#published-scores): each published
 * batch's scores, named by semester and exam node; a score, or the mark that stands for it (absent, exempt), or — for
 * a course read by a scale only — nothing is hidden: the number as published.
 */
export async function publishedGrades(db: Db, studentId: string): Promise<CertifiedGrade[]> {
  return db.query<CertifiedGrade[]>(
    `SELECT se.name || ' ' || n.name AS semester,
            coalesce(nullif(se.name_en, ''), se.name) || ' ' || coalesce(nullif(n.english_name, ''), n.name) AS "semesterEn",
            co.name AS course, coalesce(nullif(co.name_en, ''), co.name) AS "courseEn",
            CASE WHEN g.score IS NOT NULL THEN trim(trailing '.' FROM trim(trailing '0' FROM g.score::text)) || ' / ' || trim(trailing '.' FROM trim(trailing '0' FROM bc.full_marks::text))
                 WHEN g.mark = 'absent' THEN '缺考 Absent' ELSE '免考 Exempt' END AS score
       FROM grade_score g
       JOIN grade_batch b ON b.id = g.batch_id AND b.published
       JOIN grade_exam_node n ON n.id = b.exam_node_id
       JOIN semester se ON se.id = b.semester_id
       JOIN grade_batch_course bc ON bc.batch_id = b.id AND bc.course_id = g.course_id
       JOIN course co ON co.id = g.course_id
      WHERE g.student_id = $1 AND (g.score IS NOT NULL OR g.mark IS NOT NULL)
      ORDER BY se.work_start, b.start_date, n.sort, bc.position`,
    [studentId],
  );
}
