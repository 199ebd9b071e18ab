import { Injectable } from '@nestjs/common';
import { KNOWLEDGE_LIMITS, type KnowledgeCategoryValues, type KnowledgeUserRef, STAFF_USER_TYPES } from '@schoolflow/contracts';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import type { AttachedFile } from '../../publishing/domain/attachment-rules.js';

export type { Db };

/** A category as stored, with its editors named and its articles counted. */
export interface CategoryRecord {
  id: string;
  parent_id: string | null;
  name: string;
  name_en: string;
  sort: number;
  read_everyone: boolean;
  reader_roles: string[];
  reader_departments: string[];
  editors: KnowledgeUserRef[];
  articles: number;
}

/** What `knowledge_categories_of` answers for a user: each category they read, and whether they edit it. */
export type Reach = ReadonlyMap<string, { editable: boolean }>;

export interface ArticleRecord {
  id: string;
  category_id: string;
  category_name: string;
  category_name_en: string;
  title: string;
  body: string;
  body_text: string;
  attachments: string[];
  version: number;
  created_by: string | null;
  created_at: Date;
  updated_by: string | null;
  updated_at: Date;
}

/** An article of a list: no body, its text (for the excerpt) and, when searched, its rank. */
export type ArticleListRecord = Omit<ArticleRecord, 'body'> & { rank: number | null };

export interface VersionRecord {
  version: number;
  title: string;
  body: string;
  attachments: string[];
  restored_from: number | null;
  saved_by: string | null;
  saved_at: Date;
}

/** An article's fields as they are written (sanitised, its text and tsvector made by the caller). */
export interface ArticleWrite {
  categoryId: string;
  title: string;
  body: string;
  bodyText: string;
  search: string;
  attachments: string[];
}

const CATEGORY = `c.id, c.parent_id, c.name, c.name_en, c.sort, c.read_everyone, c.reader_roles, c.reader_departments,
  coalesce((SELECT json_agg(json_build_object('id', u.id, 'name', u.name) ORDER BY u.name) FROM sys_user u WHERE u.id = ANY (c.editor_ids)), '[]'::json) AS editors,
  (SELECT count(*)::int FROM knowledge_article a WHERE a.category_id = c.id) AS articles`;

const ARTICLE = `a.id, a.category_id, c.name AS category_name, c.name_en AS category_name_en, a.title, a.body_text, a.attachments, a.version,
  cu.name AS created_by, a.created_at, uu.name AS updated_by, a.updated_at`;
const ARTICLE_FROM = `knowledge_article a JOIN knowledge_category c ON c.id = a.category_id
  LEFT JOIN sys_user cu ON cu.id = a.created_by LEFT JOIN sys_user uu ON uu.id = a.updated_by`;

/**
 * The knowledge base's SQL (tables `knowledge_category`, `knowledge_article`, `knowledge_article_version`;
 * docs/adr/0060-knowledge-base.md#storage): the use cases decide, this reads and writes. Who reads what is
 * `knowledge_categories_of` (the migration's one definition); lists take the categories it answered.
 */
@Injectable()
export class KnowledgeRepository {
  /** The categories `me` reads and whether they edit each (managers: all, editable). */
  async reach(db: Db, me: Principal, manage: boolean): Promise<Reach> {
    const found = await rows<{ category_id: string; editable: boolean }>(db, `SELECT category_id, editable FROM knowledge_categories_of($1, $2::text[], $3)`, [me.userId, me.roles, manage]);
    return new Map(found.map((r) => [r.category_id, { editable: r.editable }]));
  }

  /** Every category (a manager's view of the tree, and what the reach filters). */
  categories(db: Db): Promise<CategoryRecord[]> {
    return rows<CategoryRecord>(db, `SELECT ${CATEGORY} FROM knowledge_category c ORDER BY c.sort, c.name, c.id`);
  }

  async category(db: Db, id: string, lock = false): Promise<CategoryRecord | null> {
    const [row] = await rows<CategoryRecord>(db, `SELECT ${CATEGORY} FROM knowledge_category c WHERE c.id = $1 ${lock ? 'FOR UPDATE OF c' : ''}`, [id]);
    return row ?? null;
  }

  async categoryExists(db: Db, id: string): Promise<boolean> {
    return (await rows(db, `SELECT 1 FROM knowledge_category WHERE id = $1`, [id])).length > 0;
  }

  /** How many levels lie above `id`, itself counted (a top category is 1). */
  async level(db: Db, id: string): Promise<number> {
    const [row] = await rows<{ n: number }>(
      db,
      `WITH RECURSIVE up AS (SELECT id, parent_id, 1 AS n FROM knowledge_category WHERE id = $1
                             UNION ALL SELECT c.id, c.parent_id, up.n + 1 FROM knowledge_category c JOIN up ON c.id = up.parent_id WHERE up.n < 32)
       SELECT max(n)::int AS n FROM up`,
      [id],
    );
    return row?.n ?? 0;
  }

  /** `id` and every category below it, with each one's level under `id` (itself 1). */
  subtree(db: Db, id: string): Promise<{ id: string; n: number }[]> {
    return rows<{ id: string; n: number }>(
      db,
      `WITH RECURSIVE down AS (SELECT id, 1 AS n FROM knowledge_category WHERE id = $1
                               UNION ALL SELECT c.id, down.n + 1 FROM knowledge_category c JOIN down ON c.parent_id = down.id WHERE down.n < 32)
       SELECT id, n FROM down`,
      [id],
    );
  }

  async insertCategory(tx: Db, v: KnowledgeCategoryValues, by: string): Promise<string> {
    const [row] = await rows<{ id: string }>(
      tx,
      `INSERT INTO knowledge_category (parent_id, name, name_en, sort, read_everyone, reader_roles, reader_departments, editor_ids, created_by)
       VALUES ($1, $2, $3, $4, $5, $6::text[], $7::uuid[], $8::uuid[], $9) RETURNING id`,
      [v.parentId, v.name, v.nameEn, v.sort, v.everyone, v.everyone ? [] : v.roles, v.everyone ? [] : v.departmentIds, v.editorIds, by],
    );
    return (row as { id: string }).id;
  }

  async updateCategory(tx: Db, id: string, v: KnowledgeCategoryValues): Promise<void> {
    await tx.query(
      `UPDATE knowledge_category SET parent_id = $2, name = $3, name_en = $4, sort = $5, read_everyone = $6, reader_roles = $7::text[], reader_departments = $8::uuid[],
              editor_ids = $9::uuid[], updated_at = now() WHERE id = $1`,
      [id, v.parentId, v.name, v.nameEn, v.sort, v.everyone, v.everyone ? [] : v.roles, v.everyone ? [] : v.departmentIds, v.editorIds],
    );
  }

  /** Deletes an empty category: false when it holds a subcategory or an article (nothing deleted). */
  async deleteEmptyCategory(tx: Db, id: string): Promise<boolean> {
    const deleted = await rows(
      tx,
      `DELETE FROM knowledge_category c WHERE c.id = $1
          AND NOT EXISTS (SELECT 1 FROM knowledge_category s WHERE s.parent_id = c.id)
          AND NOT EXISTS (SELECT 1 FROM knowledge_article a WHERE a.category_id = c.id)
        RETURNING c.id`,
      [id],
    );
    return deleted.length > 0;
  }

  /** The role codes among `codes` that name no role. */
  async unknownRoles(db: Db, codes: readonly string[]): Promise<string[]> {
    if (codes.length === 0) return [];
    return (await rows<{ code: string }>(db, `SELECT x.code FROM unnest($1::text[]) AS x(code) WHERE NOT EXISTS (SELECT 1 FROM sys_role r WHERE r.code = x.code)`, [codes])).map((r) => r.code);
  }

  async unknownDepartments(db: Db, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    return (await rows<{ id: string }>(db, `SELECT x.id FROM unnest($1::uuid[]) AS x(id) WHERE NOT EXISTS (SELECT 1 FROM org_department d WHERE d.id = x.id)`, [ids])).map((r) => r.id);
  }

  /** The users among `ids` that are no staff account (an administrator or a teacher). */
  async nonStaff(db: Db, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    return (
      await rows<{ id: string }>(db, `SELECT x.id FROM unnest($1::uuid[]) AS x(id) WHERE NOT EXISTS (SELECT 1 FROM sys_user u WHERE u.id = x.id AND u.user_type = ANY ($2::text[]))`, [ids, STAFF_USER_TYPES])
    ).map((r) => r.id);
  }

  /** The newest articles of these categories, and how many there are. */
  async page(db: Db, categoryIds: readonly string[], current: number, size: number): Promise<{ total: number; list: ArticleListRecord[] }> {
    const found = await rows<ArticleListRecord & { total: number }>(
      db,
      `SELECT ${ARTICLE}, NULL::real AS rank, count(*) OVER ()::int AS total FROM ${ARTICLE_FROM}
        WHERE a.category_id = ANY ($1::uuid[]) ORDER BY a.updated_at DESC, a.id LIMIT $2 OFFSET $3`,
      [categoryIds, size, (current - 1) * size],
    );
    return { total: found[0]?.total ?? (current > 1 ? await this.count(db, categoryIds) : 0), list: found };
  }

  /**
   * The articles of these categories that match `tsquery` (the tsquery text cjk-search made), best first: ts_rank over
   * the weighted vector (title A, body D), its length dampened (normalisation 1), then the newest.
   */
  async search(db: Db, categoryIds: readonly string[], tsquery: string, current: number, size: number): Promise<{ total: number; list: ArticleListRecord[] }> {
    const found = await rows<ArticleListRecord & { total: number }>(
      db,
      `SELECT ${ARTICLE}, ts_rank(a.search, q.q, 1) AS rank, count(*) OVER ()::int AS total
         FROM ${ARTICLE_FROM}, (SELECT $2::tsquery AS q) q
        WHERE a.category_id = ANY ($1::uuid[]) AND a.search @@ q.q
        ORDER BY rank DESC, a.updated_at DESC, a.id LIMIT $3 OFFSET $4`,
      [categoryIds, tsquery, size, (current - 1) * size],
    );
    if (found[0] || current === 1) return { total: found[0]?.total ?? 0, list: found };
    const [row] = await rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM knowledge_article a WHERE a.category_id = ANY ($1::uuid[]) AND a.search @@ $2::tsquery`, [categoryIds, tsquery]);
    return { total: row?.n ?? 0, list: [] };
  }

  private async count(db: Db, categoryIds: readonly string[]): Promise<number> {
    const [row] = await rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM knowledge_article WHERE category_id = ANY ($1::uuid[])`, [categoryIds]);
    return row?.n ?? 0;
  }

  async article(db: Db, id: string, lock = false): Promise<ArticleRecord | null> {
    const [row] = await rows<ArticleRecord>(db, `SELECT ${ARTICLE}, a.body FROM ${ARTICLE_FROM} WHERE a.id = $1 ${lock ? 'FOR UPDATE OF a' : ''}`, [id]);
    return row ?? null;
  }

  /** The article's category, whoever asks (a refusal's log and the not-found rule need to know it exists). */
  async articleCategory(db: Db, id: string): Promise<string | null> {
    const [row] = await rows<{ category_id: string }>(db, `SELECT category_id FROM knowledge_article WHERE id = $1`, [id]);
    return row?.category_id ?? null;
  }

  /** A new article at version 1, kept as its first version; its attachments linked. */
  async insertArticle(tx: Db, v: ArticleWrite, by: string): Promise<string> {
    const [row] = await rows<{ id: string }>(
      tx,
      `INSERT INTO knowledge_article (category_id, title, body, body_text, attachments, search, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5::uuid[], $6::tsvector, $7, $7) RETURNING id`,
      [v.categoryId, v.title, v.body, v.bodyText, v.attachments, v.search, by],
    );
    const id = (row as { id: string }).id;
    await tx.query(`INSERT INTO knowledge_article_version (article_id, version, title, body, attachments, saved_by) VALUES ($1, 1, $2, $3, $4::uuid[], $5)`, [id, v.title, v.body, v.attachments, by]);
    await this.link(tx, id, v.attachments);
    return id;
  }

  /**
   * The article's next version (a save, or a restore of `restoredFrom`): the current row changed and the new version
   * kept beside the ones before it. The caller holds the row's lock.
   */
  async saveVersion(tx: Db, id: string, v: ArticleWrite, by: string, restoredFrom: number | null = null): Promise<number> {
    const [row] = await rows<{ version: number }>(
      tx,
      `UPDATE knowledge_article SET category_id = $2, title = $3, body = $4, body_text = $5, attachments = $6::uuid[], search = $7::tsvector,
              version = version + 1, updated_by = $8, updated_at = now()
        WHERE id = $1 RETURNING version`,
      [id, v.categoryId, v.title, v.body, v.bodyText, v.attachments, v.search, by],
    );
    const version = (row as { version: number }).version;
    await tx.query(
      `INSERT INTO knowledge_article_version (article_id, version, title, body, attachments, restored_from, saved_by) VALUES ($1, $2, $3, $4, $5::uuid[], $6, $7)`,
      [id, version, v.title, v.body, v.attachments, restoredFrom, by],
    );
    await this.link(tx, id, v.attachments);
    return version;
  }

  /**
   * Files of any version stay linked to the article (the sweep keeps them, a restore brings them back, readers of the
   * article download them: FileStore.visible); they are let go with the article.
   */
  private async link(tx: Db, articleId: string, resIds: readonly string[]): Promise<void> {
    if (resIds.length > 0) await tx.query(`INSERT INTO sys_file_link (res_id, ref_type, ref_id) SELECT unnest($1::uuid[]), 'knowledge', $2 ON CONFLICT DO NOTHING`, [resIds, articleId]);
  }

  async deleteArticle(tx: Db, id: string): Promise<boolean> {
    await tx.query(`DELETE FROM sys_file_link WHERE ref_type = 'knowledge' AND ref_id = $1`, [id]);
    return (await rows(tx, `DELETE FROM knowledge_article WHERE id = $1 RETURNING id`, [id])).length > 0;
  }

  versions(db: Db, id: string): Promise<(Omit<VersionRecord, 'body' | 'attachments'> & { saved_by: string | null })[]> {
    return rows(
      db,
      `SELECT v.version, v.title, v.restored_from, u.name AS saved_by, v.saved_at FROM knowledge_article_version v LEFT JOIN sys_user u ON u.id = v.saved_by
        WHERE v.article_id = $1 ORDER BY v.version DESC`,
      [id],
    );
  }

  async version(db: Db, id: string, version: number): Promise<VersionRecord | null> {
    const [row] = await rows<VersionRecord>(
      db,
      `SELECT v.version, v.title, v.body, v.attachments, v.restored_from, u.name AS saved_by, v.saved_at FROM knowledge_article_version v LEFT JOIN sys_user u ON u.id = v.saved_by
        WHERE v.article_id = $1 AND v.version = $2`,
      [id, version],
    );
    return row ?? null;
  }

  /** Names of files, in the order asked (removed ones too: an old version still names what it had). */
  async files(db: Db, ids: readonly string[]): Promise<{ resId: string; resName: string; resSuffix: string }[]> {
    if (ids.length === 0) return [];
    const found = await rows<{ resId: string; resName: string; resSuffix: string }>(db, `SELECT res_id AS "resId", res_name AS "resName", res_suffix AS "resSuffix" FROM sys_file WHERE res_id = ANY ($1::uuid[])`, [ids]);
    const byId = new Map(found.map((f) => [f.resId, f]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Among `ids`, the live files `owner` uploaded or that are already on this article: what may be attached. */
  attachable(db: Db, ids: readonly string[], owner: string, articleId: string | null): Promise<AttachedFile[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return rows<AttachedFile>(
      db,
      `SELECT f.res_id AS "resId", f.res_name AS name, f.res_suffix AS suffix, f.mime, f.size::int AS size FROM sys_file f
        WHERE f.res_id = ANY ($1::uuid[]) AND f.removed_at IS NULL
          AND (f.owner_id = $2 OR EXISTS (SELECT 1 FROM sys_file_link l WHERE l.res_id = f.res_id AND l.ref_type = 'knowledge' AND l.ref_id = $3::uuid))`,
      [ids, owner, articleId],
    );
  }
}

/** The deepest a category may sit, re-exported for the use cases' checks. */
export const CATEGORY_DEPTH = KNOWLEDGE_LIMITS.depth;
