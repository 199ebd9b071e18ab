import { Injectable } from '@nestjs/common';
import {
  type Audience,
  formatSchoolTime,
  type Language,
  SURVEY_CATEGORY_DICT,
  type SurveyCategory,
  type SurveyListItem,
  type SurveyListQuery,
  type SurveyPage,
  type SurveyQuestion,
  type SurveyTemplate,
} from '@schoolflow/contracts';
import { boundLocalName } from '../../infrastructure/database/local-name.js';
import type { PictureFile, StoredQuestion, SurveyContent } from './survey-rules.js';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';
import { likePattern } from '../../infrastructure/database/like-pattern.js';

export type { Db };


/** A questionnaire as stored (what the handlers decide on). */
export interface SurveyRow {
  id: string;
  name: string;
  category: string;
  description: string;
  start_at: Date;
  end_at: Date;
  anonymous: boolean;
  is_public: boolean;
  audience: Audience | null;
  template: SurveyTemplate | null;
  enabled: boolean;
  published: boolean;
  author_id: string;
  /** Whether anyone has answered: the edit lock. */
  answered: boolean;
}

export interface SurveyWrite {
  content: SurveyContent;
  startAt: Date;
  endAt: Date;
}

const SURVEY_COLUMNS = `s.id, s.name, s.category, s.description, s.start_at, s.end_at, s.anonymous, s.is_public, s.audience, s.template,
  s.enabled, s.published, s.author_id, EXISTS (SELECT 1 FROM survey_response r WHERE r.survey_id = s.id) AS answered`;

/** Questionnaires' SQL (management): the handlers decide, this reads and writes. */
@Injectable()
export class SurveysRepository {
  async get(db: Db, id: string, lock = false): Promise<SurveyRow | null> {
    // FOR UPDATE OF s: an answer takes the row FOR SHARE while it writes, so the edit lock cannot miss one in flight
    const [row] = await rows<SurveyRow>(db, `SELECT ${SURVEY_COLUMNS} FROM survey s WHERE s.id = $1 ${lock ? 'FOR UPDATE OF s' : ''}`, [id]);
    return row ?? null;
  }

  async nameTaken(db: Db, name: string, exceptId: string | null): Promise<boolean> {
    const found = await rows(db, `SELECT 1 FROM survey WHERE lower(btrim(name)) = lower(btrim($1)) AND ($2::uuid IS NULL OR id <> $2)`, [name, exceptId]);
    return found.length > 0;
  }

  async categoryExists(db: Db, code: string): Promise<boolean> {
    const found = await rows(db, `SELECT 1 FROM sys_dict WHERE dict_type = $1 AND code = $2 AND enabled`, [SURVEY_CATEGORY_DICT, code]);
    return found.length > 0;
  }

  categories(db: Db): Promise<SurveyCategory[]> {
    return rows<SurveyCategory>(db, `SELECT code, name, name_en AS "nameEn" FROM sys_dict WHERE dict_type = $1 AND enabled ORDER BY sort, code`, [SURVEY_CATEGORY_DICT]);
  }

  /** Every grade, class, teaching class, role and user the audience names exists. */
  async audienceExists(db: Db, a: Audience): Promise<boolean> {
    const [row] = await rows<{ ok: boolean }>(
      db,
      `SELECT (SELECT count(DISTINCT grade) FROM admin_class WHERE grade = ANY($1::int[])) = cardinality($1::int[])
          AND (SELECT count(*) FROM admin_class WHERE id = ANY($2::uuid[])) = cardinality($2::uuid[])
          AND (SELECT count(*) FROM teaching_class WHERE id = ANY($3::uuid[])) = cardinality($3::uuid[])
          AND (SELECT count(*) FROM sys_role WHERE code = ANY($4::text[])) = cardinality($4::text[])
          AND (SELECT count(*) FROM sys_user WHERE id = ANY($5::uuid[])) = cardinality($5::uuid[]) AS ok`,
      [[...new Set(a.grades ?? [])], [...new Set(a.classIds ?? [])], [...new Set(a.teachingClassIds ?? [])], [...new Set(a.roles ?? [])], [...new Set(a.userIds ?? [])]],
    );
    return row?.ok === true;
  }

  /**
   * Among these files, those the caller uploaded (through the files API) or that this questionnaire shows already (an
   * administrator editing another's keeps its author's pictures).
   */
  async usableFiles(db: Db, ids: readonly string[], ownerId: string, surveyId: string | null): Promise<(PictureFile & { resId: string })[]> {
    if (ids.length === 0) return [];
    return rows(
      db,
      `SELECT f.res_id AS "resId", f.res_name AS name, f.res_suffix AS suffix, f.size::int AS size FROM sys_file f
       WHERE f.res_id = ANY($1::uuid[]) AND f.removed_at IS NULL
         AND (f.owner_id = $2 OR EXISTS (SELECT 1 FROM sys_file_link l WHERE l.res_id = f.res_id AND l.ref_type = 'survey' AND l.ref_id = $3))`,
      [ids, ownerId, surveyId],
    );
  }

  async insert(tx: Db, w: SurveyWrite, authorId: string): Promise<string> {
    const c = w.content;
    const [row] = await rows<{ id: string }>(
      tx,
      `INSERT INTO survey (name, category, description, start_at, end_at, anonymous, is_public, audience, template, author_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [c.name, c.category, c.description, w.startAt, w.endAt, c.anonymous, c.public, c.audience === null ? null : JSON.stringify(c.audience), c.template, authorId],
    );
    const id = (row as { id: string }).id;
    await this.insertQuestions(tx, id, c.questions);
    return id;
  }

  async update(tx: Db, id: string, w: SurveyWrite): Promise<void> {
    const c = w.content;
    await tx.query(
      `UPDATE survey SET name = $2, category = $3, description = $4, start_at = $5, end_at = $6, anonymous = $7, is_public = $8, audience = $9,
         template = $10, updated_at = now() WHERE id = $1`,
      [id, c.name, c.category, c.description, w.startAt, w.endAt, c.anonymous, c.public, c.audience === null ? null : JSON.stringify(c.audience), c.template],
    );
    // Not answered (the handler checked under the row lock): its questions are replaced as a whole.
    await tx.query(`DELETE FROM survey_question WHERE survey_id = $1`, [id]);
    await this.insertQuestions(tx, id, c.questions);
  }

  async setEnd(tx: Db, id: string, endAt: Date): Promise<void> {
    await tx.query(`UPDATE survey SET end_at = $2, updated_at = now() WHERE id = $1`, [id, endAt]);
  }

  private async insertQuestions(tx: Db, surveyId: string, questions: readonly StoredQuestion[]): Promise<void> {
    if (questions.length === 0) return;
    await tx.query(
      `INSERT INTO survey_question (survey_id, position, type, title, required, options, min, max, rows, rows_source, show_if)
       SELECT $1, q.ordinality - 1, q.value->>'type', q.value->>'title', (q.value->>'required')::boolean, q.value->'options',
              (q.value->>'min')::int, (q.value->>'max')::int, q.value->'rows', q.value->>'rowsSource', NULLIF(q.value->'showIf', 'null'::jsonb)
       FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY q`,
      [surveyId, JSON.stringify(questions)],
    );
  }

  async questions(db: Db, surveyId: string): Promise<SurveyQuestion[]> {
    return rows<SurveyQuestion>(
      db,
      `SELECT id, position, type, title, required, options, min, max, rows, rows_source AS "rowsSource", show_if AS "showIf"
       FROM survey_question WHERE survey_id = $1 ORDER BY position`,
      [surveyId],
    );
  }

  /** Option pictures are files of the files module, linked so the sweep keeps them and anyone shown the paper may load them. */
  async linkPictures(tx: Db, surveyId: string, ids: readonly string[]): Promise<void> {
    await tx.query(`DELETE FROM sys_file_link WHERE ref_type = 'survey' AND ref_id = $1`, [surveyId]);
    if (ids.length > 0) await tx.query(`INSERT INTO sys_file_link (res_id, ref_type, ref_id) SELECT unnest($1::uuid[]), 'survey', $2 ON CONFLICT DO NOTHING`, [ids, surveyId]);
  }

  async setStatus(db: Db, id: string, s: { enabled?: boolean; published?: boolean }): Promise<{ enabled: boolean; published: boolean }> {
    const [row] = await rows<{ enabled: boolean; published: boolean }>(
      db,
      `UPDATE survey SET enabled = coalesce($2, enabled), published = coalesce($3, published),
         published_at = CASE WHEN $3 IS TRUE THEN now() ELSE published_at END, updated_at = now()
       WHERE id = $1 RETURNING enabled, published`,
      [id, s.enabled ?? null, s.published ?? null],
    );
    return row as { enabled: boolean; published: boolean };
  }

  async delete(tx: Db, id: string): Promise<void> {
    await tx.query(`DELETE FROM sys_file_link WHERE ref_type = 'survey' AND ref_id = $1`, [id]);
    await tx.query(`DELETE FROM survey WHERE id = $1`, [id]);
  }

  /** The rows of 问卷管理; `lang` names the parameter holding the caller's language. */
  private listSelect(lang: string): string {
    return `SELECT s.id, s.name, s.category, coalesce(${boundLocalName('d', lang)}, s.category) AS "categoryName", s.start_at AS "start", s.end_at AS "end",
        s.enabled, s.published, s.is_public AS "public", s.anonymous,
        (s.published AND s.enabled AND now() >= s.start_at AND now() < s.end_at) AS open,
        EXISTS (SELECT 1 FROM survey_response r WHERE r.survey_id = s.id) AS answered,
        s.view_count::int AS views, (SELECT count(*)::int FROM survey_response r WHERE r.survey_id = s.id) AS respondents,
        u.name AS "authorName", s.created_at AS "createdAt"
      FROM survey s
      JOIN sys_user u ON u.id = s.author_id
      LEFT JOIN sys_dict d ON d.dict_type = '${SURVEY_CATEGORY_DICT}' AND d.code = s.category`;
  }

  /** 问卷管理: every questionnaire for an administrator (authorId null), else the caller's own; newest first. */
  async list(db: Db, q: SurveyListQuery, authorId: string | null, lang: Language, tz: string): Promise<SurveyPage> {
    const where = `WHERE ($1::uuid IS NULL OR s.author_id = $1) AND ($2::text IS NULL OR s.name ILIKE $2)
        AND ($3::text IS NULL OR s.category = $3) AND ($4::boolean IS NULL OR s.enabled = $4) AND ($5::boolean IS NULL OR s.published = $5)`;
    const name = q.name?.trim() ? likePattern(q.name.trim()) : null;
    const params = [authorId, name, q.category ?? null, q.enabled ?? null, q.published ?? null];
    const [count] = await rows<{ total: number }>(db, `SELECT count(*)::int AS total FROM survey s ${where}`, params);
    const list = await rows<SurveyListItem>(db, `${this.listSelect('$6')} ${where} ORDER BY s.created_at DESC, s.id LIMIT $7 OFFSET $8`, [...params, lang, q.size, (q.current - 1) * q.size]);
    return { records: list.map((r) => listItem(r, tz)), total: count?.total ?? 0, current: q.current, size: q.size };
  }

  async listItem(db: Db, id: string, lang: Language, tz: string): Promise<SurveyListItem | null> {
    const [row] = await rows<SurveyListItem>(db, `${this.listSelect('$1')} WHERE s.id = $2`, [lang, id]);
    return row ? listItem(row, tz) : null;
  }
}

/** Times as the form writes them (school time, `YYYY-MM-DD HH:mm`); counts as numbers. */
function listItem(r: SurveyListItem, tz: string): SurveyListItem {
  const t = (v: unknown): string => formatSchoolTime(new Date(v as string).getTime(), tz);
  return { ...r, start: t(r.start), end: t(r.end), createdAt: new Date(r.createdAt).toISOString() };
}
