import { Injectable } from '@nestjs/common';
import { contentMaxScore, type EvalPrecision, type EvalRole, type EvalSchoolYear, type EvalTemplate, type EvalTemplateParsed, type EvalTemplateSummary, type EvalTheme, type Language } from '@schoolflow/contracts';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';
import { boundLocalName } from '../../infrastructure/database/local-name.js';

interface ContentRow {
  theme_id: string;
  theme_name: string;
  theme_description: string;
  id: string | null;
  name: string;
  description: string;
  max_score: number;
  evaluators: { role: EvalRole; weight: number }[] | null;
  levels: EvalTheme['contents'][number]['levels'] | null;
}

/** The settings' SQL: templates as a three-level tree (docs/product/evaluations.md#settings). */
@Injectable()
export class TemplatesRepository {
  async list(db: Db, schoolYearId: string | undefined): Promise<EvalTemplateSummary[]> {
    return rows<EvalTemplateSummary>(
      db,
      `SELECT t.id, t.school_year_id AS "schoolYearId", y.name AS "schoolYearName", t.name, t.precision::int AS precision,
              (SELECT count(*)::int FROM eval_theme h WHERE h.template_id = t.id) AS themes,
              (SELECT count(*)::int FROM eval_content c WHERE c.template_id = t.id) AS contents,
              (SELECT count(*)::int FROM eval_round r WHERE r.template_id = t.id) AS rounds,
              t.updated_at AS "updatedAt"
         FROM eval_template t JOIN school_year y ON y.id = t.school_year_id
        WHERE $1::uuid IS NULL OR t.school_year_id = $1
        ORDER BY y.year DESC, t.name`,
      [schoolYearId ?? null],
    );
  }

  async get(db: Db, id: string): Promise<EvalTemplate | null> {
    const [head] = await rows<Omit<EvalTemplate, 'themes'>>(
      db,
      `SELECT t.id, t.school_year_id AS "schoolYearId", y.name AS "schoolYearName", t.name, t.description, t.precision::int AS precision,
              t.peer_count::int AS "peerCount", EXISTS (SELECT 1 FROM eval_round r WHERE r.template_id = t.id) AS "inUse"
         FROM eval_template t JOIN school_year y ON y.id = t.school_year_id WHERE t.id = $1`,
      [id],
    );
    if (!head) return null;
    const contents = await rows<ContentRow>(
      db,
      `SELECT h.id AS theme_id, h.name AS theme_name, h.description AS theme_description, c.id, c.name, c.description, c.max_score::float8 AS max_score,
              (SELECT jsonb_agg(jsonb_build_object('role', e.role, 'weight', e.weight::float8) ORDER BY array_position(ARRAY['self','peer','head','subject','parent'], e.role))
                 FROM eval_content_evaluator e WHERE e.content_id = c.id) AS evaluators,
              (SELECT jsonb_agg(jsonb_build_object('id', l.id, 'name', l.name, 'description', l.description, 'score', l.score::float8, 'min', l.band_min::float8, 'max', l.band_max::float8) ORDER BY l.position)
                 FROM eval_level l WHERE l.content_id = c.id) AS levels
         FROM eval_theme h LEFT JOIN eval_content c ON c.theme_id = h.id
        WHERE h.template_id = $1 ORDER BY h.position, c.position`,
      [id],
    );
    const themes: EvalTheme[] = [];
    for (const r of contents) {
      let theme = themes[themes.length - 1];
      if (!theme || theme.id !== r.theme_id) themes.push((theme = { id: r.theme_id, name: r.theme_name, description: r.theme_description, contents: [] }));
      if (r.id) theme.contents.push({ id: r.id, name: r.name, description: r.description, maxScore: r.max_score, evaluators: r.evaluators ?? [], levels: r.levels ?? [] });
    }
    return { ...head, themes };
  }

  /**
   * The school years, newest first, each with its semesters (by start) and the current one marked — names in the
   * caller's language. A year is current when it holds the current semester.
   */
  schoolYears(db: Db, lang: Language): Promise<EvalSchoolYear[]> {
    return rows<EvalSchoolYear>(
      db,
      `SELECT y.id, ${boundLocalName('y', '$1')} AS name,
              EXISTS (SELECT 1 FROM semester c WHERE c.school_year_id = y.id AND c.is_current) AS current,
              coalesce((SELECT json_agg(json_build_object('id', s.id, 'name', ${boundLocalName('s', '$1')}, 'current', s.is_current) ORDER BY s.work_start, s.sort)
                          FROM semester s WHERE s.school_year_id = y.id), '[]'::json) AS semesters
         FROM school_year y ORDER BY y.year DESC, y.sort`,
      [lang],
    );
  }

  async schoolYearExists(db: Db, id: string): Promise<boolean> {
    return (await rows(db, `SELECT 1 FROM school_year WHERE id = $1`, [id])).length > 0;
  }

  async nameUsed(db: Db, schoolYearId: string, name: string, exceptId: string | null): Promise<boolean> {
    return (await rows(db, `SELECT 1 FROM eval_template WHERE school_year_id = $1 AND lower(btrim(name)) = lower(btrim($2)) AND id IS DISTINCT FROM $3::uuid`, [schoolYearId, name, exceptId])).length > 0;
  }

  async insertHead(db: Db, t: EvalTemplateParsed, userId: string): Promise<string> {
    const [row] = await rows<{ id: string }>(
      db,
      `INSERT INTO eval_template (school_year_id, name, description, precision, peer_count, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [t.schoolYearId, t.name, t.description, t.precision, t.peerCount, userId],
    );
    return row!.id;
  }

  /** The header only (what a used template may still change). */
  async updateHead(db: Db, id: string, t: Pick<EvalTemplateParsed, 'schoolYearId' | 'name' | 'description' | 'precision' | 'peerCount'>): Promise<void> {
    await db.query(`UPDATE eval_template SET school_year_id = $2, name = $3, description = $4, precision = $5, peer_count = $6, updated_at = now() WHERE id = $1`, [id, t.schoolYearId, t.name, t.description, t.precision as EvalPrecision, t.peerCount]);
  }

  /** The tree replaced whole (an unused template): themes, contents, evaluators and levels in three statements. */
  async replaceTree(db: Db, id: string, themes: EvalTemplateParsed['themes']): Promise<void> {
    await db.query(`DELETE FROM eval_theme WHERE template_id = $1`, [id]);
    const tree = themes.map((h, hi) => ({
      p: hi,
      n: h.name,
      d: h.description,
      c: h.contents.map((c, ci) => ({ p: ci, n: c.name, d: c.description, m: contentMaxScore(c.levels), e: c.evaluators, l: c.levels.map((l, li) => ({ p: li, n: l.name, d: l.description, s: l.score, a: l.min, b: l.max })) })),
    }));
    await db.query(
      `WITH h AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS t(p int, n text, d text, c jsonb)),
            th AS (INSERT INTO eval_theme (template_id, position, name, description) SELECT $1, p, n, d FROM h RETURNING id, position),
            c AS (SELECT th.id AS theme_id, x.* FROM h JOIN th ON th.position = h.p CROSS JOIN LATERAL jsonb_to_recordset(h.c) AS x(p int, n text, d text, m numeric, e jsonb, l jsonb)),
            ct AS (INSERT INTO eval_content (template_id, theme_id, position, name, description, max_score) SELECT $1, theme_id, p, n, d, m FROM c RETURNING id, theme_id, position),
            ev AS (INSERT INTO eval_content_evaluator (content_id, role, weight)
                     SELECT ct.id, e.role, e.weight FROM c JOIN ct ON ct.theme_id = c.theme_id AND ct.position = c.p CROSS JOIN LATERAL jsonb_to_recordset(c.e) AS e(role text, weight numeric))
       INSERT INTO eval_level (content_id, position, name, description, score, band_min, band_max)
         SELECT ct.id, l.p, l.n, l.d, l.s, l.a, l.b FROM c JOIN ct ON ct.theme_id = c.theme_id AND ct.position = c.p CROSS JOIN LATERAL jsonb_to_recordset(c.l) AS l(p int, n text, d text, s numeric, a numeric, b numeric)`,
      [id, JSON.stringify(tree)],
    );
  }

  async lock(db: Db, id: string): Promise<{ id: string; name: string; inUse: boolean } | null> {
    const [row] = await rows<{ id: string; name: string; inUse: boolean }>(db, `SELECT id, name, EXISTS (SELECT 1 FROM eval_round r WHERE r.template_id = t.id) AS "inUse" FROM eval_template t WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  async delete(db: Db, id: string): Promise<void> {
    await db.query(`DELETE FROM eval_template WHERE id = $1`, [id]);
  }
}
