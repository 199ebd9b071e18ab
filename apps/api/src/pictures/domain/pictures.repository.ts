import { Injectable } from '@nestjs/common';
import type { AlbumScope, AlbumValues, HomePicture } from '@schoolflow/contracts';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';
import type { Principal } from '../../infrastructure/http/request-context.js';

export interface AlbumRecord {
  id: string;
  title: string;
  description: string;
  scope: AlbumScope;
  class_id: string | null;
  class_zh: string | null;
  class_en: string | null;
  roles: string[];
  on_home: boolean;
  cover_id: string | null;
  cover_res_id: string | null;
  count: number;
  editable: boolean;
  created_at: Date;
}

export interface PictureRecord {
  id: string;
  res_id: string;
  thumb_res_id: string | null;
  caption: string;
  position: number;
  used_by: number;
}

export interface UploadRecord {
  res_id: string;
  mime: string;
  size: number;
}

/** The albums a user sees and whether they edit each — `picture_albums_of`, the one rule (migrations/1732000065000). */
const VISIBLE = `picture_albums_of($1::uuid, $2::text[], $3::boolean)`;
const args = (me: Principal, manage: boolean) => [me.userId, me.roles, manage];

const ALBUM_COLUMNS = `a.id, a.title, a.description, a.scope, a.class_id, c.name AS class_zh, c.name_en AS class_en, a.roles, a.on_home, a.cover_id,
  coalesce(cp.thumb_res_id, cp.res_id, fp.thumb_res_id, fp.res_id) AS cover_res_id,
  (SELECT count(*)::int FROM album_picture n WHERE n.album_id = a.id) AS count, v.editable, a.created_at`;
const ALBUM_FROM = `picture_album a JOIN ${VISIBLE} v ON v.album_id = a.id LEFT JOIN admin_class c ON c.id = a.class_id
  LEFT JOIN album_picture cp ON cp.id = a.cover_id
  LEFT JOIN LATERAL (SELECT p.res_id, p.thumb_res_id FROM album_picture p WHERE p.album_id = a.id ORDER BY p.position, p.created_at LIMIT 1) fp ON true`;

/** 图片管理's SQL (tables `picture_album`, `album_picture`; docs/adr/0066-pictures-and-home-cards.md#tables): the use cases decide, this reads and writes. */
@Injectable()
export class PicturesRepository {
  albums(db: Db, me: Principal, manage: boolean): Promise<AlbumRecord[]> {
    return rows<AlbumRecord>(db, `SELECT ${ALBUM_COLUMNS} FROM ${ALBUM_FROM} ORDER BY a.created_at DESC, a.id`, args(me, manage));
  }

  /** The album if the user sees it; `lock`: its row FOR UPDATE (every change to one album's pictures takes it, in turn). */
  async album(db: Db, id: string, me: Principal, manage: boolean, lock = false): Promise<AlbumRecord | null> {
    const [row] = await rows<AlbumRecord>(db, `SELECT ${ALBUM_COLUMNS} FROM ${ALBUM_FROM} WHERE a.id = $4 ${lock ? 'FOR UPDATE OF a' : ''}`, [...args(me, manage), id]);
    return row ?? null;
  }

  pictures(db: Db, albumId: string): Promise<PictureRecord[]> {
    return rows<PictureRecord>(
      db,
      `SELECT p.id, p.res_id, p.thumb_res_id, p.caption, p.position,
              (SELECT count(DISTINCT l.ref_id)::int FROM sys_file_link l WHERE l.res_id = p.res_id AND l.ref_type = 'post') AS used_by
         FROM album_picture p WHERE p.album_id = $1 ORDER BY p.position, p.created_at`,
      [albumId],
    );
  }

  /** The album a picture is in (null: no such picture). */
  async albumOf(db: Db, pictureId: string): Promise<string | null> {
    const [row] = await rows<{ album_id: string }>(db, `SELECT album_id FROM album_picture WHERE id = $1`, [pictureId]);
    return row?.album_id ?? null;
  }

  /** The first post (by title) that attaches one of these files, if any. */
  async postUsing(db: Db, resIds: readonly string[]): Promise<string | null> {
    if (resIds.length === 0) return null;
    const [row] = await rows<{ title: string }>(db, `SELECT p.title FROM sys_file_link l JOIN post p ON p.id = l.ref_id WHERE l.ref_type = 'post' AND l.res_id = ANY($1::uuid[]) ORDER BY p.title LIMIT 1`, [resIds]);
    return row?.title ?? null;
  }

  async classExists(db: Db, id: string): Promise<boolean> {
    return (await rows(db, `SELECT 1 FROM admin_class WHERE id = $1`, [id])).length > 0;
  }

  async headsClass(db: Db, classId: string, userId: string): Promise<boolean> {
    return (await rows(db, `SELECT 1 FROM admin_class WHERE id = $1 AND head_teacher_id = $2`, [classId, userId])).length > 0;
  }

  /** The classes one may make albums of: those one heads, or every class in school with `all`. */
  creatableClasses(db: Db, userId: string, all: boolean): Promise<{ id: string; zh: string; en: string }[]> {
    return rows(db, `SELECT c.id, c.name AS zh, c.name_en AS en FROM admin_class c WHERE c.in_school AND ($2 OR c.head_teacher_id = $1) ORDER BY c.enrollment_year DESC, c.code`, [userId, all]);
  }

  async unknownRoles(db: Db, codes: readonly string[]): Promise<string[]> {
    if (codes.length === 0) return [];
    const found = await rows<{ code: string }>(db, `SELECT code FROM sys_role WHERE code = ANY($1::text[])`, [codes]);
    return codes.filter((c) => !found.some((f) => f.code === c));
  }

  async insertAlbum(tx: Db, v: AlbumValues, by: string): Promise<string> {
    const [row] = await rows<{ id: string }>(
      tx,
      `INSERT INTO picture_album (title, description, scope, class_id, roles, on_home, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [v.title, v.description, v.scope, v.classId, v.roles, v.onHome, by],
    );
    return (row as { id: string }).id;
  }

  async updateAlbum(tx: Db, id: string, v: AlbumValues): Promise<void> {
    await tx.query(`UPDATE picture_album SET title = $2, description = $3, scope = $4, class_id = $5, roles = $6, on_home = $7, updated_at = now() WHERE id = $1`, [id, v.title, v.description, v.scope, v.classId, v.roles, v.onHome]);
  }

  async deleteAlbum(tx: Db, id: string): Promise<void> {
    await tx.query(`DELETE FROM sys_file_link WHERE ref_type = 'picture' AND ref_id IN (SELECT id FROM album_picture WHERE album_id = $1)`, [id]);
    await tx.query(`UPDATE sys_file SET removed_at = now() WHERE removed_at IS NULL AND res_id IN (SELECT res_id FROM album_picture WHERE album_id = $1 UNION SELECT thumb_res_id FROM album_picture WHERE album_id = $1)
                      AND NOT EXISTS (SELECT 1 FROM sys_file_link l WHERE l.res_id = sys_file.res_id)`, [id]);
    await tx.query(`UPDATE picture_album SET cover_id = NULL WHERE id = $1`, [id]);
    await tx.query(`DELETE FROM picture_album WHERE id = $1`, [id]);
  }

  /** The caller's own uploads among `ids`, not removed. */
  ownUploads(db: Db, ids: readonly string[], owner: string): Promise<UploadRecord[]> {
    return rows<UploadRecord>(db, `SELECT res_id, mime, size FROM sys_file WHERE res_id = ANY($1::uuid[]) AND owner_id = $2 AND removed_at IS NULL`, [ids, owner]);
  }

  /** Appends pictures at the album's end and links their files (the sweep keeps linked files). */
  async addPictures(tx: Db, albumId: string, pictures: readonly { resId: string; thumbResId: string | null; caption: string }[], by: string): Promise<void> {
    const [max] = await rows<{ n: number }>(tx, `SELECT coalesce(max(position), -1)::int AS n FROM album_picture WHERE album_id = $1`, [albumId]);
    let position = (max?.n ?? -1) + 1;
    for (const p of pictures) {
      const [row] = await rows<{ id: string }>(tx, `INSERT INTO album_picture (album_id, res_id, thumb_res_id, caption, position, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, [albumId, p.resId, p.thumbResId, p.caption, position++, by]);
      const files = [p.resId, ...(p.thumbResId ? [p.thumbResId] : [])];
      await tx.query(`INSERT INTO sys_file_link (res_id, ref_type, ref_id) SELECT unnest($1::uuid[]), 'picture', $2 ON CONFLICT DO NOTHING`, [files, (row as { id: string }).id]);
    }
    await tx.query(`UPDATE picture_album SET updated_at = now() WHERE id = $1`, [albumId]);
  }

  async setCaption(tx: Db, id: string, caption: string): Promise<void> {
    await tx.query(`UPDATE album_picture SET caption = $2 WHERE id = $1`, [id, caption]);
  }

  async setCover(tx: Db, albumId: string, pictureId: string): Promise<void> {
    await tx.query(`UPDATE picture_album SET cover_id = $2, updated_at = now() WHERE id = $1`, [albumId, pictureId]);
  }

  async setOrder(tx: Db, ids: readonly string[]): Promise<void> {
    await tx.query(`UPDATE album_picture p SET position = o.i - 1 FROM unnest($1::uuid[]) WITH ORDINALITY AS o(id, i) WHERE p.id = o.id`, [ids]);
  }

  /** Deletes the picture; its files are unlinked and removed unless something else still links them. */
  async deletePicture(tx: Db, id: string): Promise<void> {
    const [row] = await rows<{ res_id: string; thumb_res_id: string | null }>(tx, `SELECT res_id, thumb_res_id FROM album_picture WHERE id = $1`, [id]);
    if (!row) return;
    await tx.query(`DELETE FROM sys_file_link WHERE ref_type = 'picture' AND ref_id = $1`, [id]);
    await tx.query(`DELETE FROM album_picture WHERE id = $1`, [id]);
    await tx.query(`UPDATE sys_file f SET removed_at = now() WHERE f.res_id = ANY($1::uuid[]) AND f.removed_at IS NULL AND NOT EXISTS (SELECT 1 FROM sys_file_link l WHERE l.res_id = f.res_id)`, [[row.res_id, ...(row.thumb_res_id ? [row.thumb_res_id] : [])]]);
  }

  /** The carousel: pictures of albums shown on the home page that the user sees, newest albums first, each in its order. */
  home(db: Db, me: Principal, manage: boolean, limit: number): Promise<HomePicture[]> {
    return rows<HomePicture>(
      db,
      `SELECT p.id, p.res_id AS "resId", coalesce(p.thumb_res_id, p.res_id) AS "thumbResId", p.caption, a.id AS "albumId", a.title AS "albumTitle"
         FROM picture_album a JOIN ${VISIBLE} v ON v.album_id = a.id JOIN album_picture p ON p.album_id = a.id
        WHERE a.on_home ORDER BY a.updated_at DESC, a.id, p.position LIMIT $4`,
      [...args(me, manage), limit],
    );
  }
}
