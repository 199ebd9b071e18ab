import { Injectable } from '@nestjs/common';
import { type CustomPageSummary, type CustomPageVersion, PAGE_LIMITS, type PageLayout, type PageMenuRef } from '@schoolflow/contracts';
import type { EntityManager } from 'typeorm';

/** Anything that answers rows: the data source, a transaction. */
export type Db = Pick<EntityManager, 'query'>;

export interface PageRow {
  id: string;
  name: string;
  published: boolean;
  version: number;
  layout: PageLayout;
  updatedAt: Date;
}

const COLUMNS = `p.id, p.name, p.published, p.version, p.layout, p.updated_at AS "updatedAt"`;

/** The enabled menus flagged custom whose parameter is a page's id (`p.id` in scope). */
const MENUS_OF = `coalesce((SELECT json_agg(json_build_object('id', m.id, 'name', m.name, 'nameEn', m.name_en, 'home', coalesce(m.remark->>'sfswsy', '0') IN ('1', 'true')) ORDER BY m.sort, m.name)
                      FROM sys_menu m WHERE m.enabled AND m.remark->>'sfzdy' IN ('1', 'true') AND m.remark->>'zdycs' = p.id::text), '[]'::json)`;

/**
 * The custom pages (tables `custom_page`, `custom_page_version`; docs/adr/0056-custom-pages.md#storage). Hand-written
 * SQL; a save writes the replaced layout as a version and keeps the last ten.
 */
@Injectable()
export class PagesRepository {
  async list(db: Db): Promise<CustomPageSummary[]> {
    const rows: (Omit<CustomPageSummary, 'updatedAt' | 'menus'> & { updatedAt: Date; menus: PageMenuRef[] })[] = await db.query(
      `SELECT p.id, p.name, p.published, p.version, jsonb_array_length(p.layout->'cards') AS cards, p.updated_at AS "updatedAt",
              u.name AS "updatedBy", ${MENUS_OF} AS menus
         FROM custom_page p LEFT JOIN sys_user u ON u.id = p.updated_by
        ORDER BY p.updated_at DESC, p.id`,
    );
    return rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
  }

  async summary(db: Db, id: string): Promise<CustomPageSummary | null> {
    return (await this.list(db)).find((p) => p.id === id) ?? null;
  }

  async get(db: Db, id: string, lock = false): Promise<PageRow | null> {
    const rows: PageRow[] = await db.query(`SELECT ${COLUMNS} FROM custom_page p WHERE p.id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0] ?? null;
  }

  async insert(db: Db, name: string, by: string): Promise<string> {
    const rows: { id: string }[] = await db.query(`INSERT INTO custom_page (name, created_by, updated_by) VALUES ($1, $2, $2) RETURNING id`, [name, by]);
    return (rows[0] as { id: string }).id;
  }

  async rename(db: Db, id: string, name: string, by: string): Promise<boolean> {
    const [, n]: [unknown, number] = await db.query(`UPDATE custom_page SET name = $2, updated_by = $3, updated_at = now() WHERE id = $1`, [id, name, by]);
    return n > 0;
  }

  async publish(db: Db, id: string, published: boolean, by: string): Promise<boolean> {
    const [, n]: [unknown, number] = await db.query(`UPDATE custom_page SET published = $2, updated_by = $3, updated_at = now() WHERE id = $1`, [id, published, by]);
    return n > 0;
  }

  async delete(db: Db, id: string): Promise<boolean> {
    await db.query(`DELETE FROM sys_file_link WHERE ref_type = 'custom-page' AND ref_id = $1`, [id]);
    const [, n]: [unknown, number] = await db.query(`DELETE FROM custom_page WHERE id = $1`, [id]);
    return n > 0;
  }

  /** The current layout becomes a version; `layout` the current one at the next version; versions beyond ten dropped. */
  async replaceLayout(db: Db, page: PageRow, layout: PageLayout, by: string): Promise<void> {
    await db.query(
      `INSERT INTO custom_page_version (page_id, version, layout, saved_by, saved_at) SELECT id, version, layout, updated_by, updated_at FROM custom_page WHERE id = $1
       ON CONFLICT (page_id, version) DO NOTHING`,
      [page.id],
    );
    await db.query(`UPDATE custom_page SET layout = $2, version = version + 1, updated_by = $3, updated_at = now() WHERE id = $1`, [page.id, JSON.stringify(layout), by]);
    await db.query(
      `DELETE FROM custom_page_version WHERE page_id = $1 AND version NOT IN (SELECT version FROM custom_page_version WHERE page_id = $1 ORDER BY version DESC LIMIT $2)`,
      [page.id, PAGE_LIMITS.versionsKept],
    );
    // the picture cards' files: linked so the sweep keeps them; those no longer on the page let go
    const pictures = layout.cards.flatMap((c) => (c.kind === 'picture' && c.resId ? [c.resId] : []));
    await db.query(`DELETE FROM sys_file_link WHERE ref_type = 'custom-page' AND ref_id = $1 AND NOT (res_id = ANY($2::uuid[]))`, [page.id, pictures]);
    if (pictures.length > 0) await db.query(`INSERT INTO sys_file_link (res_id, ref_type, ref_id) SELECT unnest($1::uuid[]), 'custom-page', $2 ON CONFLICT DO NOTHING`, [pictures, page.id]);
  }

  async versions(db: Db, id: string): Promise<CustomPageVersion[]> {
    const rows: { version: number; cards: number; savedAt: Date; savedBy: string | null }[] = await db.query(
      `SELECT v.version, jsonb_array_length(v.layout->'cards') AS cards, v.saved_at AS "savedAt", u.name AS "savedBy"
         FROM custom_page_version v LEFT JOIN sys_user u ON u.id = v.saved_by WHERE v.page_id = $1 ORDER BY v.version DESC`,
      [id],
    );
    return rows.map((r) => ({ ...r, savedAt: r.savedAt.toISOString() }));
  }

  async version(db: Db, id: string, version: number): Promise<PageLayout | null> {
    const rows: { layout: PageLayout }[] = await db.query(`SELECT layout FROM custom_page_version WHERE page_id = $1 AND version = $2`, [id, version]);
    return rows[0]?.layout ?? null;
  }

  /** Pictures among `resIds` that are not `owner`'s live uploads nor already on this page. */
  async foreignPictures(db: Db, pageId: string, owner: string, resIds: readonly string[]): Promise<string[]> {
    if (resIds.length === 0) return [];
    const rows: { id: string }[] = await db.query(
      `SELECT x.id FROM unnest($1::uuid[]) AS x(id)
        WHERE NOT EXISTS (SELECT 1 FROM sys_file f WHERE f.res_id = x.id AND f.removed_at IS NULL
                           AND (f.owner_id = $2 OR EXISTS (SELECT 1 FROM sys_file_link l WHERE l.res_id = f.res_id AND l.ref_type = 'custom-page' AND l.ref_id = $3)))`,
      [resIds, owner, pageId],
    );
    return rows.map((r) => r.id);
  }

  async exists(db: Db, id: string): Promise<boolean> {
    const rows: unknown[] = await db.query(`SELECT 1 FROM custom_page WHERE id = $1`, [id]);
    return rows.length > 0;
  }

  /** Leave applications started on each day from `from` to `to` (school dates), school-wide counts. */
  async leaveCounts(db: Db, from: string, to: string, timeZone: string): Promise<Map<string, number>> {
    const rows: { day: string; n: number }[] = await db.query(
      `SELECT to_char(created_at AT TIME ZONE $3, 'YYYY-MM-DD') AS day, count(*)::int AS n FROM wf_instance
        WHERE flow = 'leave' AND created_at >= ($1::date)::timestamp AT TIME ZONE $3 AND created_at < (($2::date) + 1)::timestamp AT TIME ZONE $3
        GROUP BY 1`,
      [from, to, timeZone],
    );
    return new Map(rows.map((r) => [r.day, r.n]));
  }
}
