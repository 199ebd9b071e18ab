import { Injectable } from '@nestjs/common';
import {
  type AnalysisBatch,
  type AnalysisCourse,
  type ClassStatsRow,
  type Language,
  type QuestionRateRow,
  type RankingRow,
  SCORE_BAND_COUNT,
  SCORE_BANDS,
  type SubjectRow,
} from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { linesOn } from '../../domain/conversion.js';
import { countsInAnalysisSql, type SheetReader } from '../../domain/sheet-access.js';
import { localName } from '../../../infrastructure/database/local-name.js';

/** A batch as the analysis heads its answers. */
export interface AnalysisBatchHead {
  id: string;
  name: string;
  grade: string;
  published: boolean;
  courses: AnalysisCourse[];
  classes: { id: string; name: string }[];
}

/** The placeholders of a statement's reader: their id and whether they manage grades. */
interface ReaderParams {
  userId: string;
  manager: string;
}

/**
 * The batch's sheets ($1) whose scores count for the reader (docs/adr/0024, "What the analysis counts"): submitted or
 * passed, or readable by them as a sheet — the rule of `sheet-access.ts`, stated there once. Every kind reads scores
 * only through it; a sheet that does not count still frames its class's row (with zeros), as an empty one does.
 */
const counted = (reader: ReaderParams): string => `
  counted AS (
    SELECT s.class_id, s.course_id
      FROM grade_sheet s JOIN wf_instance i ON i.id = s.instance_id JOIN admin_class c ON c.id = s.class_id
     WHERE s.batch_id = $1
       AND ${countsInAnalysisSql({ teacherId: 's.teacher_id', participants: 'i.participants', headTeacherId: 'c.head_teacher_id', review: 'i.review_status' }, reader)}
  )`;

/** The reader's placeholders in a statement whose own are $1–$4. */
const READER_5: ReaderParams = { userId: '$5', manager: '$6' };

/** The reader's two values, as the statements bind them after their own. */
const readerArgs = (reader: SheetReader): [string, boolean] => [reader.userId, reader.manager];

/** The band a score falls in (0 .. SCORE_BANDS.length), by the course's band edges `bc.e1…` (scores, not percentages). */
const BAND = `CASE WHEN g.score IS NULL THEN NULL ${SCORE_BANDS.map((_, i) => `WHEN g.score < bc.e${i + 1} THEN ${i}`).join(' ')} ELSE ${SCORE_BANDS.length} END`;

/**
 * The batch's courses with what a score is compared with (`bc`), and its scores read against them (`r`).
 *
 * Pass and excellence are the conversion's (`convertByScale`): the score put on the scale's score system and rounded to
 * two decimals, at or above the line. For a line L of one decimal, round(x, 2) ≥ L exactly when x ≥ L − 0.005, so each
 * course's lines become a least passing score on its own full marks, (L − 0.005) × full marks ÷ score system, computed
 * once per course: a row is then compared, never scaled and rounded (50,000 rows of a grade). Without a scale both are
 * null. The band edges are likewise scores (full marks × 60 % …), and a row carries its band's number. `r` is inlined
 * where it is read (NOT MATERIALIZED): a kind that reads it twice scans the batch's scores twice, which is cheaper
 * than writing 50,000 rows to a temporary store and reading them back. $1 is the batch; $2 one course or null; `reader`
 * the placeholders of the reader (`counted`: only the sheets whose scores count for them).
 */
const scores = (reader: ReaderParams): string => `
  ${counted(reader)},
  bc AS (
    SELECT bc.course_id, bc.full_marks, bc.position, sc.id IS NOT NULL AS scaled,
           (sc.pass_line - 0.005) * bc.full_marks / sc.full_score AS pass_min,
           (sc.excellent_line - 0.005) * bc.full_marks / sc.full_score AS excellent_min,
           ${SCORE_BANDS.map((p, i) => `bc.full_marks * ${p} / 100 AS e${i + 1}`).join(', ')}
      FROM grade_batch_course bc LEFT JOIN grade_scale sc ON sc.id = bc.scale_id
     WHERE bc.batch_id = $1 AND ($2::uuid IS NULL OR bc.course_id = $2)
  ),
  r AS NOT MATERIALIZED (
    SELECT g.course_id, g.class_id, g.student_id, g.score, g.mark, bc.scaled,
           g.score >= bc.pass_min AS passed, g.score >= bc.excellent_min AS excellent, ${BAND} AS band
      FROM grade_score g JOIN bc ON bc.course_id = g.course_id JOIN counted k ON k.class_id = g.class_id AND k.course_id = g.course_id
     WHERE g.batch_id = $1
  )`;

const BAND_COUNTS = Array.from({ length: SCORE_BAND_COUNT }, (_, i) => i);

/**
 * Sums of a group of `r` rows that add up across groups — counts, Σ score, Σ score², lowest, highest, passes,
 * excellences, per band — so a grade's row is its classes' sums added (1,000 rows), not a second pass over the scores.
 */
function partialColumns(rel: string): string {
  return `count(${rel}.score) AS n, count(*) FILTER (WHERE ${rel}.mark = 'absent') AS absent, count(*) FILTER (WHERE ${rel}.mark = 'exempt') AS exempt,
          sum(${rel}.score) AS s, sum(${rel}.score * ${rel}.score) AS ss, min(${rel}.score) AS lo, max(${rel}.score) AS hi,
          count(*) FILTER (WHERE ${rel}.passed) AS pass, count(*) FILTER (WHERE ${rel}.excellent) AS exc,
          ${BAND_COUNTS.map((i) => `count(*) FILTER (WHERE ${rel}.band = ${i}) AS b${i}`).join(', ')}`;
}
/** Partial sums added up (the grade's from its classes'). */
function combinedColumns(rel: string): string {
  const add = ['n', 'absent', 'exempt', 's', 'ss', 'pass', 'exc', ...BAND_COUNTS.map((i) => `b${i}`)];
  return `${add.map((c) => `sum(${rel}.${c}) AS ${c}`).join(', ')}, min(${rel}.lo) AS lo, max(${rel}.hi) AS hi`;
}
/**
 * The answered statistics from partial sums; `scaled` says whether the course has rates. The population variance is
 * (nΣx² − (Σx)²) / n², exact in numeric up to the one division (what `stddev_pop` computes).
 */
function statColumns(rel: string, scaled: string): string {
  const rate = (count: string) => `CASE WHEN ${scaled} AND ${rel}.n > 0 THEN round(100.0 * ${rel}.${count} / ${rel}.n, 2)::float8 END`;
  return `${rel}.n::int AS scored, ${rel}.absent::int AS absent, ${rel}.exempt::int AS exempt,
          round(${rel}.s / nullif(${rel}.n, 0), 2)::float8 AS average, ${rel}.hi::float8 AS highest, ${rel}.lo::float8 AS lowest,
          round(sqrt(greatest(${rel}.n * ${rel}.ss - ${rel}.s * ${rel}.s, 0) / nullif(${rel}.n * ${rel}.n, 0)), 2)::float8 AS "stdDev",
          ${rate('pass')} AS "passRate", ${rate('exc')} AS "excellentRate",
          ARRAY[${BAND_COUNTS.map((i) => `${rel}.b${i}`).join(', ')}]::int[] AS bands`;
}
const STATS = ['scored', 'absent', 'exempt', 'average', 'highest', 'lowest', '"stdDev"', '"passRate"', '"excellentRate"', 'bands'];

type RawStats = Omit<ClassStatsRow, 'scored' | 'absent' | 'exempt' | 'bands'> & { scored: number | null; absent: number | null; exempt: number | null; bands: number[] | null };

/** A class without any score still shows, with zeros (its left join found no aggregate). */
function filled(row: RawStats): ClassStatsRow {
  return { ...row, scored: row.scored ?? 0, absent: row.absent ?? 0, exempt: row.exempt ?? 0, bands: row.bands ?? Array.from({ length: SCORE_BAND_COUNT }, () => 0) };
}

/**
 * The analysis's SQL (issue 10 item 4), one statement per kind: every aggregate is made by PostgreSQL over the batch's
 * scores, never row by row here. Classes come from the batch's sheets, so a class with nothing entered yet shows (with
 * zeros) rather than disappearing; the grade's row comes from the same statement (its classes' sums added, or a
 * grouping set).
 */
@Injectable()
export class AnalysisRepository {
  constructor(private readonly db: DataSource) {}

  /** The batch with its courses (and their lines on the course's full marks) and the classes of its sheets. */
  async head(batchId: string, lang: Language): Promise<AnalysisBatchHead | null> {
    const rows: (Omit<AnalysisBatchHead, 'courses'> & { courses: (AnalysisCourse & { fullScore: number | null; pass: number | null; excellent: number | null })[] })[] = await this.db.query(
      `SELECT b.id, b.name, b.grade, b.published,
              coalesce((SELECT json_agg(json_build_object('id', co.id, 'name', ${localName('co.name', lang)}, 'fullMarks', bc.full_marks::float8, 'weight', bc.weight,
                                                          'scaled', sc.id IS NOT NULL, 'fullScore', sc.full_score, 'pass', sc.pass_line::float8, 'excellent', sc.excellent_line::float8) ORDER BY bc.position, co.sort)
                          FROM grade_batch_course bc JOIN course co ON co.id = bc.course_id LEFT JOIN grade_scale sc ON sc.id = bc.scale_id
                         WHERE bc.batch_id = b.id), '[]') AS courses,
              coalesce((SELECT json_agg(json_build_object('id', c.id, 'name', ${localName('c.name', lang)}) ORDER BY c.sort, c.name)
                          FROM admin_class c WHERE c.id IN (SELECT s.class_id FROM grade_sheet s WHERE s.batch_id = b.id)), '[]') AS classes
         FROM grade_batch b WHERE b.id = $1`,
      [batchId],
    );
    const row = rows[0];
    if (!row) return null;
    const round2 = (n: number): number => Math.round(n * 100) / 100;
    return {
      ...row,
      courses: row.courses.map(({ fullScore, pass, excellent, ...c }) => {
        const lines = fullScore !== null && pass !== null && excellent !== null ? linesOn(c.fullMarks, { fullScore, passLine: pass, excellentLine: excellent }) : null;
        return { ...c, passLine: lines ? round2(lines.pass) : null, excellentLine: lines ? round2(lines.excellent) : null };
      }),
    };
  }

  /** Per administrative class (its sheets) and course, then the grade per course (its classes' sums added). */
  async adminClasses(batchId: string, courseId: string | null, classId: string | null, lang: Language, gradeLabel: string, reader: SheetReader): Promise<ClassStatsRow[]> {
    const rows: RawStats[] = await this.db.query(
      `WITH ${scores(READER_5)},
       cls AS (SELECT r.course_id, r.class_id, ${partialColumns('r')} FROM r GROUP BY r.course_id, r.class_id),
       grade AS (SELECT c.course_id, ${combinedColumns('c')} FROM cls c GROUP BY c.course_id)
       SELECT "courseId", "courseName", "groupId", "groupName", "teacherName", ${STATS.join(', ')} FROM (
         SELECT s.course_id AS "courseId", ${localName('co.name', lang)} AS "courseName", s.class_id AS "groupId", ${localName('c.name', lang)} AS "groupName", u.name AS "teacherName",
                ${statColumns('a', 'bc.scaled')}, bc.position, 0 AS last, c.sort, c.name AS sort_name
           FROM grade_sheet s
           JOIN bc ON bc.course_id = s.course_id
           JOIN course co ON co.id = s.course_id
           JOIN admin_class c ON c.id = s.class_id
           JOIN sys_user u ON u.id = s.teacher_id
           LEFT JOIN cls a ON a.course_id = s.course_id AND a.class_id = s.class_id
          WHERE s.batch_id = $1 AND ($3::uuid IS NULL OR s.class_id = $3)
         UNION ALL
         SELECT bc.course_id, ${localName('co.name', lang)}, NULL, $4::text, NULL, ${statColumns('a', 'bc.scaled')}, bc.position, 1, 0, ''
           FROM bc JOIN course co ON co.id = bc.course_id
           LEFT JOIN grade a ON a.course_id = bc.course_id
       ) t
       ORDER BY position, "courseId", last, sort, sort_name`,
      [batchId, courseId, classId, gradeLabel, ...readerArgs(reader)],
    );
    return rows.map(filled);
  }

  /**
   * Per teaching class of the batch's semester for each course (its students' scores in the batch, whichever class
   * they sit in), then the grade per course (every score of the course in the batch).
   */
  async teachingClasses(batchId: string, courseId: string | null, teachingClassId: string | null, lang: Language, gradeLabel: string, reader: SheetReader): Promise<ClassStatsRow[]> {
    const rows: RawStats[] = await this.db.query(
      `WITH ${scores(READER_5)},
       tc AS (
         SELECT t.id, t.name, t.course_id, u.name AS teacher
           FROM teaching_class t JOIN bc ON bc.course_id = t.course_id JOIN sys_user u ON u.id = t.teacher_id
          WHERE t.semester_id = (SELECT semester_id FROM grade_batch WHERE id = $1) AND ($3::uuid IS NULL OR t.id = $3)
       ),
       groups AS (
         SELECT tc.id AS group_id, r.course_id, ${partialColumns('r')}
           FROM tc JOIN teaching_class_student ts ON ts.teaching_class_id = tc.id JOIN r ON r.course_id = tc.course_id AND r.student_id = ts.student_id
          GROUP BY tc.id, r.course_id
       ),
       grade AS (SELECT r.course_id, ${partialColumns('r')} FROM r GROUP BY r.course_id)
       SELECT "courseId", "courseName", "groupId", "groupName", "teacherName", ${STATS.join(', ')} FROM (
         SELECT tc.course_id AS "courseId", ${localName('co.name', lang)} AS "courseName", tc.id AS "groupId", tc.name AS "groupName", tc.teacher AS "teacherName",
                ${statColumns('a', 'bc.scaled')}, bc.position, 0 AS last, tc.name AS sort_name
           FROM tc JOIN bc ON bc.course_id = tc.course_id JOIN course co ON co.id = tc.course_id
           LEFT JOIN groups a ON a.group_id = tc.id AND a.course_id = tc.course_id
         UNION ALL
         SELECT bc.course_id, ${localName('co.name', lang)}, NULL, $4::text, NULL, ${statColumns('a', 'bc.scaled')}, bc.position, 1, ''
           FROM bc JOIN course co ON co.id = bc.course_id
           LEFT JOIN grade a ON a.course_id = bc.course_id
       ) t
       ORDER BY position, "courseId", last, sort_name`,
      [batchId, courseId, teachingClassId, gradeLabel, ...readerArgs(reader)],
    );
    return rows.map(filled);
  }

  /**
   * Students by total over the batch's courses — Σ score × weight / 100 when the batch sets weights, else the plain
   * sum — with standard competition ranks (`rank()`: 1, 2, 2, 4) in their class and in the grade. A student's class
   * is their class when their scores were entered under it, else the class their scores were entered under (a
   * student moved since). Ranked over the whole batch, then filtered by class. Scores are answered as a list in the
   * order of `courseIds` (the batch's): a grade's 5,000 students would otherwise repeat every course id 5,000 times.
   * One aggregation per student on narrow keys, names joined after (no ordered-set aggregate, no per-row subquery).
   */
  async ranking(batchId: string, courseIds: readonly string[], classId: string | null, lang: Language, reader: SheetReader): Promise<{ weighted: boolean; rows: RankingRow[] }> {
    const scores = courseIds.length ? `ARRAY[${courseIds.map((_, i) => `max(g.score) FILTER (WHERE bc.idx = ${i + 1})::float8`).join(', ')}]` : `'{}'::float8[]`;
    const rows: (RankingRow & { weighted: boolean })[] = await this.db.query(
      `WITH ${counted({ userId: '$4', manager: '$5' })},
       bc AS (SELECT course_id, weight, array_position($3::uuid[], course_id) AS idx FROM grade_batch_course WHERE batch_id = $1),
       w AS (SELECT coalesce(bool_or(weight > 0), false) AS weighted FROM bc),
       per AS (
         SELECT g.student_id, CASE WHEN bool_or(g.class_id = st.class_id) THEN st.class_id ELSE max(g.class_id::text)::uuid END AS class_id,
                sum(g.score) AS plain, round(sum(g.score * bc.weight) / 100.0, 2) AS weighted_total, ${scores} AS scores,
                coalesce(jsonb_object_agg(g.course_id::text, g.mark) FILTER (WHERE g.mark IS NOT NULL), '{}') AS marks
           FROM grade_score g JOIN bc ON bc.course_id = g.course_id JOIN counted k ON k.class_id = g.class_id AND k.course_id = g.course_id
           JOIN student st ON st.id = g.student_id
          WHERE g.batch_id = $1
          GROUP BY g.student_id, st.class_id
       ),
       t AS (SELECT per.*, CASE WHEN w.weighted THEN per.weighted_total ELSE per.plain END AS total, w.weighted FROM per CROSS JOIN w),
       ranked AS (
         SELECT t.*,
                CASE WHEN t.total IS NOT NULL THEN rank() OVER (PARTITION BY t.class_id, t.total IS NULL ORDER BY t.total DESC) END AS class_rank,
                CASE WHEN t.total IS NOT NULL THEN rank() OVER (PARTITION BY t.total IS NULL ORDER BY t.total DESC) END AS grade_rank
           FROM t
       )
       SELECT k.student_id AS "studentId", s.student_no AS "studentNo", ${localName('s.name', lang)} AS name, k.class_id AS "classId", ${localName('c.name', lang)} AS "className",
              k.total::float8 AS total, k.class_rank::int AS "classRank", k.grade_rank::int AS "gradeRank", k.scores, k.marks, k.weighted
         FROM ranked k JOIN student s ON s.id = k.student_id JOIN admin_class c ON c.id = k.class_id
        WHERE $2::uuid IS NULL OR k.class_id = $2
        ORDER BY k.grade_rank NULLS LAST, s.student_no`,
      [batchId, classId, courseIds, ...readerArgs(reader)],
    );
    const weighted = rows[0]?.weighted ?? false;
    return { weighted, rows: rows.map(({ weighted: _w, ...row }) => row) };
  }

  /** One course across the classes of its sheets: spread with quartiles, and each class's distance from the grade's average. */
  async subject(batchId: string, courseId: string, classId: string | null, lang: Language, gradeLabel: string, reader: SheetReader): Promise<SubjectRow[]> {
    const q = (p: number) => `round((percentile_cont(${p}) WITHIN GROUP (ORDER BY r.score))::numeric, 2)::float8`;
    const rate = (flag: string) => `CASE WHEN bool_and(r.scaled) AND count(r.score) > 0 THEN round(100.0 * count(*) FILTER (WHERE r.${flag}) / count(r.score), 2)::float8 END`;
    const cols = ['scored', 'absent', 'exempt', 'average', 'lowest', 'q1', 'median', 'q3', 'highest', '"stdDev"', '"passRate"', '"excellentRate"'];
    const rows: (SubjectRow & { scored: number | null; absent: number | null; exempt: number | null })[] = await this.db.query(
      `WITH ${scores(READER_5)},
       agg AS (
         SELECT r.class_id, grouping(r.class_id) = 1 AS whole, avg(r.score) AS exact_average,
                count(r.score)::int AS scored, count(*) FILTER (WHERE r.mark = 'absent')::int AS absent, count(*) FILTER (WHERE r.mark = 'exempt')::int AS exempt,
                round(avg(r.score), 2)::float8 AS average, min(r.score)::float8 AS lowest, ${q(0.25)} AS q1, ${q(0.5)} AS median, ${q(0.75)} AS q3,
                max(r.score)::float8 AS highest, round(stddev_pop(r.score), 2)::float8 AS "stdDev", ${rate('passed')} AS "passRate", ${rate('excellent')} AS "excellentRate"
           FROM r GROUP BY GROUPING SETS ((r.class_id), ())
       ),
       whole AS (SELECT exact_average FROM agg WHERE whole)
       SELECT "classId", "className", ${cols.join(', ')}, difference FROM (
         SELECT s.class_id AS "classId", ${localName('c.name', lang)} AS "className", ${cols.map((c) => `a.${c}`).join(', ')},
                round(a.exact_average - (SELECT exact_average FROM whole), 2)::float8 AS difference, 0 AS last, c.sort, c.name AS sort_name
           FROM grade_sheet s JOIN admin_class c ON c.id = s.class_id
           LEFT JOIN agg a ON a.class_id = s.class_id AND NOT a.whole
          WHERE s.batch_id = $1 AND s.course_id = $2 AND ($3::uuid IS NULL OR s.class_id = $3)
         UNION ALL
         SELECT NULL, $4::text, ${cols.map((c) => `a.${c}`).join(', ')}, NULL, 1, 0, '' FROM agg a WHERE a.whole
       ) t
       ORDER BY last, sort, sort_name`,
      [batchId, courseId, classId, gradeLabel, ...readerArgs(reader)],
    );
    return rows.map((r) => ({ ...r, scored: r.scored ?? 0, absent: r.absent ?? 0, exempt: r.exempt ?? 0 }));
  }

  /** The score items of a course's paper, in their order. */
  async items(batchId: string, courseId: string): Promise<{ id: string; name: string; fullMarks: number }[]> {
    return this.db.query(`SELECT id, name, full_marks::float8 AS "fullMarks" FROM grade_score_item WHERE batch_id = $1 AND course_id = $2 ORDER BY sort, name`, [batchId, courseId]);
  }

  /**
   * Per score item of a course (values from each row's `items` by item id; marked rows left out): the average and the
   * score rate (average / item full marks), per class of the course's sheets and over the grade.
   */
  async questionRates(batchId: string, courseId: string, classId: string | null, lang: Language, gradeLabel: string, reader: SheetReader): Promise<QuestionRateRow[]> {
    return this.db.query(
      `WITH ${counted(READER_5)},
       it AS (SELECT id, name, full_marks, sort FROM grade_score_item WHERE batch_id = $1 AND course_id = $2),
       v AS (
         SELECT g.class_id, it.id AS item_id, (g.items ->> it.id::text)::numeric AS value
           FROM grade_score g JOIN counted k ON k.class_id = g.class_id AND k.course_id = g.course_id CROSS JOIN it
          WHERE g.batch_id = $1 AND g.course_id = $2 AND g.mark IS NULL AND jsonb_typeof(g.items -> it.id::text) = 'number'
       ),
       agg AS (
         SELECT v.item_id, v.class_id, grouping(v.class_id) = 1 AS whole, count(v.value)::int AS count, avg(v.value) AS exact_average
           FROM v GROUP BY GROUPING SETS ((v.item_id, v.class_id), (v.item_id))
       ),
       frame AS (
         SELECT it.id AS item_id, it.name AS item_name, it.full_marks, it.sort AS item_sort, s.class_id, ${localName('c.name', lang)} AS class_name, 0 AS last, c.sort, c.name AS sort_name
           FROM it CROSS JOIN grade_sheet s JOIN admin_class c ON c.id = s.class_id
          WHERE s.batch_id = $1 AND s.course_id = $2 AND ($3::uuid IS NULL OR s.class_id = $3)
         UNION ALL
         SELECT it.id, it.name, it.full_marks, it.sort, NULL, $4::text, 1, 0, '' FROM it
       )
       SELECT f.item_id AS "itemId", f.item_name AS "itemName", f.full_marks::float8 AS "fullMarks", f.class_id AS "classId", f.class_name AS "className",
              coalesce(a.count, 0) AS count, round(a.exact_average, 2)::float8 AS average, round(100 * a.exact_average / f.full_marks, 2)::float8 AS rate
         FROM frame f
         LEFT JOIN agg a ON a.item_id = f.item_id AND (CASE WHEN f.class_id IS NULL THEN a.whole ELSE NOT a.whole AND a.class_id = f.class_id END)
        ORDER BY f.item_sort, f.item_name, f.last, f.sort, f.sort_name`,
      [batchId, courseId, classId, gradeLabel, ...readerArgs(reader)],
    );
  }

  /** Batches entry has begun for, newest first: what the analysis page offers. */
  async batches(lang: Language): Promise<AnalysisBatch[]> {
    return this.db.query(
      `SELECT b.id, b.name, b.grade, ${localName('se.name', lang)} AS "semesterName", b.published,
              coalesce((SELECT json_agg(json_build_object('id', co.id, 'name', ${localName('co.name', lang)}) ORDER BY bc.position, co.sort)
                          FROM grade_batch_course bc JOIN course co ON co.id = bc.course_id WHERE bc.batch_id = b.id), '[]') AS courses,
              coalesce((SELECT json_agg(json_build_object('id', c.id, 'name', ${localName('c.name', lang)}) ORDER BY c.sort, c.name)
                          FROM admin_class c WHERE c.id IN (SELECT s.class_id FROM grade_sheet s WHERE s.batch_id = b.id)), '[]') AS classes
         FROM grade_batch b JOIN semester se ON se.id = b.semester_id
        WHERE b.opened
        ORDER BY b.start_date DESC, b.name
        LIMIT 200`,
    );
  }
}
