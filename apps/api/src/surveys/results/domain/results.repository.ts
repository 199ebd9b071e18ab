import { Injectable } from '@nestjs/common';
import type { Language, SurveyBreakdownRow, SurveyOption, SurveyStatsQuery, SurveyTextPage } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { likePattern } from '../../../infrastructure/database/like-pattern.js';
import { boundLocalName } from '../../../infrastructure/database/local-name.js';
import type { AnsweredRow, CountRow, ResultQuestion, TeacherItemRow } from './stats-shape.js';
import { type Db, rows } from '../../../infrastructure/database/query-rows.js';


/** The questionnaire as the results need it. */
export interface ResultSurvey {
  id: string;
  name: string;
  anonymous: boolean;
  isPublic: boolean;
  authorId: string;
}

/** One response as the export writes it: its answers as the database keeps them. */
export interface ExportResponse {
  createdAt: Date;
  className: string | null;
  grade: number | null;
  respondentName: string | null;
  respondentAccount: string | null;
  /** [question id, option index, row index, row ref, number, text, date] per answer row, in the order written. */
  answers: [string, number | null, number | null, string | null, number | null, string | null, string | null][];
}

/**
 * Which responses count: all of a questionnaire's, or one class's / one grade's (a snapshot taken when answered).
 * Without a filter the answers are read by their own survey_id (no join to the responses at all).
 */
function responseFilter(f: SurveyStatsQuery, first: number): { join: string; params: unknown[] } {
  if (f.classId === undefined && f.grade === undefined) return { join: '', params: [] };
  return {
    join: `JOIN survey_response r ON r.id = a.response_id AND ($${first}::uuid IS NULL OR r.class_id = $${first}) AND ($${first + 1}::int IS NULL OR r.grade = $${first + 1})`,
    params: [f.classId ?? null, f.grade ?? null],
  };
}

/** A matrix cell's score is its column + 1; a rating's, its number. */
const SCORE = `COALESCE(a.number, a.option_index + 1)`;

/**
 * Every statement of the results (docs/product/questionnaires.md#results): counts, respondents and means are
 * aggregated by PostgreSQL (GROUP BY / GROUPING SETS over survey_answer, shaped for it by the migration); the export
 * reads its rows through a cursor, a batch at a time.
 */
@Injectable()
export class ResultsRepository {
  async survey(db: Db, id: string): Promise<ResultSurvey | null> {
    const [s] = await rows<ResultSurvey>(db, `SELECT id, name, anonymous, is_public AS "isPublic", author_id AS "authorId" FROM survey WHERE id = $1`, [id]);
    return s ?? null;
  }

  async questions(db: Db, surveyId: string): Promise<ResultQuestion[]> {
    return rows<ResultQuestion>(
      db,
      `SELECT id, position, type, title, options, min, max, rows, rows_source AS "rowsSource" FROM survey_question WHERE survey_id = $1 ORDER BY position`,
      [surveyId],
    ).then((list) => list.map((q) => ({ ...q, options: (q.options ?? []) as SurveyOption[], rows: (q.rows ?? []) as string[] })));
  }

  async respondents(db: Db, surveyId: string, f: SurveyStatsQuery): Promise<number> {
    const [r] = await rows<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM survey_response WHERE survey_id = $1 AND ($2::uuid IS NULL OR class_id = $2) AND ($3::int IS NULL OR grade = $3)`,
      [surveyId, f.classId ?? null, f.grade ?? null],
    );
    return r?.n ?? 0;
  }

  /**
   * One pass over the answer rows: a plain GROUP BY per value (option, matrix cell, rating, date; a text question's
   * rows fall in one group), then — over those few hundred groups, still in the database — the roll-up per question
   * and matrix row (how many answer rows, their mean score). A single, rating, text or date question has one answer
   * row per respondent, and a matrix one per respondent and row, so those counts ARE respondents; a multiple
   * choice's and a whole matrix's respondents come from `distinctRespondents`.
   */
  async counts(db: Db, surveyId: string, f: SurveyStatsQuery): Promise<{ counts: CountRow[]; answered: AnsweredRow[] }> {
    const filter = responseFilter(f, 2);
    const list = await rows<{ questionId: string; option: number | null; rowIndex: number | null; rowRef: string | null; number: string | null; date: string | null; byValue: boolean; count: number; average: number | null }>(
      db,
      `WITH g AS (
         SELECT a.question_id, a.row_ref, a.row_index, a.option_index, a.number, a.date, count(*)::int AS n
           FROM survey_answer a ${filter.join}
          WHERE a.survey_id = $1
          GROUP BY a.question_id, a.row_ref, a.row_index, a.option_index, a.number, a.date)
       SELECT question_id AS "questionId", option_index AS option, row_index AS "rowIndex", row_ref AS "rowRef", number, to_char(date, 'YYYY-MM-DD') AS date,
              true AS "byValue", n AS count, NULL::float8 AS average
         FROM g
       UNION ALL
       SELECT question_id, NULL, row_index, row_ref, NULL, NULL, false, sum(n)::int, (sum(n * COALESCE(number, option_index + 1)) / nullif(sum(n) FILTER (WHERE COALESCE(number, option_index + 1) IS NOT NULL), 0))::float8
         FROM g GROUP BY question_id, row_ref, row_index`,
      [surveyId, ...filter.params],
    );
    const counts: CountRow[] = [];
    const answered: AnsweredRow[] = [];
    for (const r of list) {
      const row = r.rowRef ?? (r.rowIndex === null ? null : String(r.rowIndex));
      const number = r.number === null ? null : Number(r.number);
      if (r.byValue) {
        // a matrix cell names its column by option index, or by its score (column + 1) only
        const option = r.option ?? (row !== null && number !== null ? number - 1 : null);
        counts.push({ questionId: r.questionId, option, row, number, date: r.date, count: r.count });
      } else {
        answered.push({ questionId: r.questionId, row, answered: r.count, average: r.average });
      }
    }
    return { counts, answered };
  }

  /**
   * Respondents of questions with several answer rows per respondent (multiple choice, matrix): (question,
   * response) pairs hashed once, then counted — cheaper than count(DISTINCT …), which sorts.
   */
  async distinctRespondents(db: Db, surveyId: string, questionIds: string[], f: SurveyStatsQuery): Promise<Map<string, number>> {
    if (questionIds.length === 0) return new Map();
    const filter = responseFilter(f, 3);
    const list = await rows<{ questionId: string; n: number }>(
      db,
      `SELECT question_id AS "questionId", count(*)::int AS n
         FROM (SELECT a.question_id, a.response_id FROM survey_answer a ${filter.join}
                WHERE a.survey_id = $1 AND a.question_id = ANY($2::uuid[]) GROUP BY a.question_id, a.response_id) pairs
        GROUP BY question_id`,
      [surveyId, questionIds, ...filter.params],
    );
    return new Map(list.map((r) => [r.questionId, r.n]));
  }

  /**
   * One text question's answers, newest first (by the answer's own sequence, so a page reads a few rows backwards
   * instead of sorting them all), a page at a time; `q`: part of the text (case-insensitive, its % and _ literal).
   * `total`, when the caller already counted them (the statistics' first page), saves the count.
   */
  async texts(db: Db, surveyId: string, questionId: string, f: SurveyStatsQuery & { q?: string; current: number; size: number }, total?: number): Promise<SurveyTextPage> {
    const filtered = f.classId !== undefined || f.grade !== undefined;
    const where = `a.survey_id = $1 AND a.question_id = $2 AND a.text IS NOT NULL AND a.text <> ''
      AND ($3::uuid IS NULL OR r.class_id = $3) AND ($4::int IS NULL OR r.grade = $4) AND ($5::text IS NULL OR a.text ILIKE $5)`;
    const params = [surveyId, questionId, f.classId ?? null, f.grade ?? null, f.q ? likePattern(f.q) : null];
    // without a class or grade the count needs no response rows
    const from = filtered ? 'survey_answer a JOIN survey_response r ON r.id = a.response_id' : 'survey_answer a CROSS JOIN (SELECT NULL::uuid AS class_id, NULL::int AS grade) r';
    const count = total ?? (await rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM ${from} WHERE ${where}`, params))[0]?.n ?? 0;
    const records = await rows<{ text: string; createdAt: Date }>(
      db,
      `SELECT a.text, r.created_at AS "createdAt" FROM survey_answer a JOIN survey_response r ON r.id = a.response_id WHERE ${where}
        ORDER BY a.id DESC LIMIT $6 OFFSET $7`,
      [...params, f.size, (f.current - 1) * f.size],
    );
    return { records: records.map((r) => ({ text: r.text, createdAt: new Date(r.createdAt).toISOString() })), total: count, current: f.current, size: f.size };
  }

  /** Respondents per class (and grade), for the breakdown and the page's class filter. */
  async breakdown(db: Db, surveyId: string, f: SurveyStatsQuery, lang: Language): Promise<SurveyBreakdownRow[]> {
    return rows<SurveyBreakdownRow>(
      db,
      `SELECT r.class_id AS "classId", coalesce(${boundLocalName('c', '$4')}, '') AS "className", r.grade, count(*)::int AS respondents
         FROM survey_response r LEFT JOIN admin_class c ON c.id = r.class_id
        WHERE r.survey_id = $1 AND ($2::uuid IS NULL OR r.class_id = $2) AND ($3::int IS NULL OR r.grade = $3) AND (r.class_id IS NOT NULL OR r.grade IS NOT NULL)
        GROUP BY r.class_id, c.name, c.name_en, c.sort, r.grade ORDER BY r.grade NULLS LAST, c.sort NULLS LAST, 2`,
      [surveyId, f.classId ?? null, f.grade ?? null, lang],
    );
  }

  /**
   * The teaching-quality figures per teacher (matrix rows from `myTeachers`): per item (question) the answer count and
   * the sum of scores; over all items the distinct respondents, the score count and sum.
   */
  async teacherFigures(db: Db, surveyId: string, questionIds: string[], f: SurveyStatsQuery): Promise<{ items: TeacherItemRow[]; teachers: Map<string, { answered: number; scores: number; sum: number }> }> {
    if (questionIds.length === 0) return { items: [], teachers: new Map() };
    const filter = responseFilter(f, 3);
    const list = await rows<{ teacherId: string; questionId: string | null; respondents: number; scores: number; sum: number }>(
      db,
      `SELECT a.row_ref AS "teacherId", a.question_id AS "questionId", count(DISTINCT a.response_id)::int AS respondents, count(*)::int AS scores, sum(${SCORE})::float8 AS sum
         FROM survey_answer a ${filter.join}
        WHERE a.survey_id = $1 AND a.question_id = ANY($2::uuid[]) AND a.row_ref IS NOT NULL
        GROUP BY GROUPING SETS ((a.row_ref, a.question_id), (a.row_ref))`,
      [surveyId, questionIds, ...filter.params],
    );
    const items: TeacherItemRow[] = [];
    const teachers = new Map<string, { answered: number; scores: number; sum: number }>();
    for (const r of list) {
      if (r.questionId === null) teachers.set(r.teacherId, { answered: r.respondents, scores: r.scores, sum: r.sum });
      else items.push({ teacherId: r.teacherId, questionId: r.questionId, answered: r.scores, sum: r.sum });
    }
    return { items, teachers };
  }

  /** Names of users (the teachers of `myTeachers` rows). */
  async userNames(db: Db, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const list = await rows<{ id: string; name: string }>(db, `SELECT id, name FROM sys_user WHERE id = ANY($1::uuid[])`, [ids]);
    return new Map(list.map((u) => [u.id, u.name]));
  }

  /** The teachers named in a questionnaire's answers (for the export's matrix cells). */
  async answeredTeachers(db: Db, surveyId: string): Promise<Map<string, string>> {
    const list = await rows<{ id: string; name: string }>(
      db,
      `SELECT u.id, u.name FROM sys_user u WHERE u.id IN (SELECT DISTINCT a.row_ref FROM survey_answer a JOIN survey_question q ON q.id = a.question_id WHERE q.survey_id = $1 AND q.rows_source IS NOT NULL AND a.row_ref IS NOT NULL)`,
      [surveyId],
    );
    return new Map(list.map((u) => [u.id, u.name]));
  }

  /**
   * Opens a cursor over the responses with their answers (one row per response, answers gathered by the database),
   * in a read-only snapshot on a connection of its own; `next()` fetches the next `batch` rows (none at the end),
   * `close()` ends it. Respondent names only for a questionnaire that is not anonymous (an anonymous one has none).
   */
  async openExport(db: DataSource, surveyId: string, f: SurveyStatsQuery, lang: Language, batch: number): Promise<{ next: () => Promise<ExportResponse[]>; close: () => Promise<void> }> {
    const runner = db.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      await runner.query(
        `DECLARE survey_export NO SCROLL CURSOR FOR
         SELECT r.created_at AS "createdAt", ${boundLocalName('c', '$4')} AS "className", r.grade, u.name AS "respondentName", u.account AS "respondentAccount",
                coalesce((SELECT jsonb_agg(jsonb_build_array(a.question_id, a.option_index, a.row_index, a.row_ref, a.number, a.text, a.date) ORDER BY a.id)
                            FROM survey_answer a WHERE a.response_id = r.id), '[]'::jsonb) AS answers
           FROM survey_response r LEFT JOIN admin_class c ON c.id = r.class_id LEFT JOIN sys_user u ON u.id = r.user_id
          WHERE r.survey_id = $1 AND ($2::uuid IS NULL OR r.class_id = $2) AND ($3::int IS NULL OR r.grade = $3)
          ORDER BY r.created_at, r.id`,
        [surveyId, f.classId ?? null, f.grade ?? null, lang],
      );
    } catch (err) {
      await runner.query('ROLLBACK').catch(() => undefined);
      await runner.release();
      throw err;
    }
    let closed = false;
    return {
      next: async () => rows<ExportResponse>(runner, `FETCH ${Math.max(1, Math.floor(batch))} FROM survey_export`),
      close: async () => {
        if (closed) return;
        closed = true;
        try {
          await runner.query('ROLLBACK');
        } finally {
          await runner.release();
        }
      },
    };
  }
}
