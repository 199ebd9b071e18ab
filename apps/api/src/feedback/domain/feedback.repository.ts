import { Injectable } from '@nestjs/common';
import { FEEDBACK_CATEGORY_DICT, type FeedbackCategory, type FeedbackEntryKind, type FeedbackListQuery, type FeedbackState, type FeedbackValues } from '@schoolflow/contracts';
import { likePattern } from '../../infrastructure/database/like-pattern.js';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';

export type { Db };

/** A feedback's row as the use cases read it (names joined). */
export interface FeedbackRecord {
  id: string;
  author_id: string;
  author_name: string;
  category: string;
  category_zh: string | null;
  category_en: string | null;
  title: string;
  content: string;
  pictures: string[];
  anonymous: boolean;
  state: FeedbackState;
  handler_id: string | null;
  handler_name: string | null;
  reopened_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface EntryRecord {
  id: string;
  kind: FeedbackEntryKind;
  actor_id: string | null;
  actor_name: string | null;
  text: string;
  created_at: Date;
}

const COLUMNS = `f.id, f.author_id, a.name AS author_name, f.category, d.name AS category_zh, d.name_en AS category_en, f.title, f.content, f.pictures,
  f.anonymous, f.state, f.handler_id, h.name AS handler_name, f.reopened_at, f.created_at, f.updated_at`;
const FROM = `feedback f JOIN sys_user a ON a.id = f.author_id LEFT JOIN sys_user h ON h.id = f.handler_id
  LEFT JOIN sys_dict d ON d.dict_type = '${FEEDBACK_CATEGORY_DICT}' AND d.code = f.category`;

/** User feedback's SQL (tables `feedback`, `feedback_entry`; docs/adr/0051-feedback.md#tables): the use cases decide, this reads and writes. */
@Injectable()
export class FeedbackRepository {
  categories(db: Db): Promise<FeedbackCategory[]> {
    return rows<FeedbackCategory>(db, `SELECT code, name, name_en AS "nameEn" FROM sys_dict WHERE dict_type = $1 AND enabled AND published ORDER BY sort, code`, [FEEDBACK_CATEGORY_DICT]);
  }

  async categoryExists(db: Db, code: string): Promise<boolean> {
    return (await rows(db, `SELECT 1 FROM sys_dict WHERE dict_type = $1 AND code = $2 AND enabled AND published`, [FEEDBACK_CATEGORY_DICT, code])).length > 0;
  }

  /** `lock`: the feedback's row FOR UPDATE — every step of one feedback takes it, in turn. */
  async get(db: Db, id: string, lock = false): Promise<FeedbackRecord | null> {
    const [row] = await rows<FeedbackRecord>(db, `SELECT ${COLUMNS} FROM ${FROM} WHERE f.id = $1 ${lock ? 'FOR UPDATE OF f' : ''}`, [id]);
    return row ?? null;
  }

  /** One's own, newest first. */
  async mine(db: Db, userId: string, current: number, size: number): Promise<{ total: number; list: FeedbackRecord[] }> {
    const [count] = await rows<{ total: number }>(db, `SELECT count(*)::int AS total FROM feedback WHERE author_id = $1`, [userId]);
    const list = await rows<FeedbackRecord>(db, `SELECT ${COLUMNS} FROM ${FROM} WHERE f.author_id = $1 ORDER BY f.created_at DESC, f.id LIMIT $2 OFFSET $3`, [userId, size, (current - 1) * size]);
    return { total: count?.total ?? 0, list };
  }

  /** Everyone's, filtered; dates are school dates of submission (both included). */
  async page(db: Db, q: FeedbackListQuery, timeZone: string): Promise<{ total: number; list: FeedbackRecord[] }> {
    const where = `($1::text IS NULL OR f.state = $1) AND ($2::text IS NULL OR f.category = $2)
      AND ($3::date IS NULL OR f.created_at >= ($3::date::timestamp AT TIME ZONE $6))
      AND ($4::date IS NULL OR f.created_at < (($4::date + 1)::timestamp AT TIME ZONE $6))
      AND ($5::text IS NULL OR f.title ILIKE $5 OR f.content ILIKE $5)`;
    const args = [q.state ?? null, q.category ?? null, q.from ?? null, q.to ?? null, q.q ? likePattern(q.q) : null, timeZone];
    const [count] = await rows<{ total: number }>(db, `SELECT count(*)::int AS total FROM feedback f WHERE ${where}`, args);
    const list = await rows<FeedbackRecord>(db, `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY f.created_at DESC, f.id LIMIT $7 OFFSET $8`, [...args, q.size, (q.current - 1) * q.size]);
    return { total: count?.total ?? 0, list };
  }

  async insert(tx: Db, v: FeedbackValues, authorId: string): Promise<string> {
    const [row] = await rows<{ id: string }>(
      tx,
      `INSERT INTO feedback (author_id, category, title, content, pictures, anonymous) VALUES ($1, $2, $3, $4, $5::uuid[], $6) RETURNING id`,
      [authorId, v.category, v.title, v.content, v.pictures, v.anonymous],
    );
    const id = (row as { id: string }).id;
    // linked: the sweep keeps them, and those who may read the feedback may download them (FileStore.visible)
    if (v.pictures.length > 0) await tx.query(`INSERT INTO sys_file_link (res_id, ref_type, ref_id) SELECT unnest($1::uuid[]), 'feedback', $2 ON CONFLICT DO NOTHING`, [v.pictures, id]);
    return id;
  }

  /** Moves a locked feedback to `state`; `handlerId` set when given, `reopened` stamps its one re-opening. */
  async move(tx: Db, id: string, state: FeedbackState, change: { handlerId?: string; reopened?: boolean } = {}): Promise<void> {
    await tx.query(
      `UPDATE feedback SET state = $2, handler_id = coalesce($3, handler_id), reopened_at = CASE WHEN $4 THEN now() ELSE reopened_at END, updated_at = now() WHERE id = $1`,
      [id, state, change.handlerId ?? null, change.reopened === true],
    );
  }

  async addEntry(tx: Db, feedbackId: string, kind: FeedbackEntryKind, actorId: string, text = ''): Promise<string> {
    const [row] = await rows<{ id: string }>(tx, `INSERT INTO feedback_entry (feedback_id, kind, actor_id, text) VALUES ($1, $2, $3, $4) RETURNING id::text`, [feedbackId, kind, actorId, text]);
    return (row as { id: string }).id;
  }

  entries(db: Db, feedbackId: string): Promise<EntryRecord[]> {
    return rows<EntryRecord>(db, `SELECT e.id::text, e.kind, e.actor_id, u.name AS actor_name, e.text, e.created_at FROM feedback_entry e LEFT JOIN sys_user u ON u.id = e.actor_id WHERE e.feedback_id = $1 ORDER BY e.id`, [feedbackId]);
  }

  /** The submitter's own uploads among `ids`, not removed: what they may attach. */
  ownPictures(db: Db, ids: readonly string[], ownerId: string): Promise<{ res_id: string; mime: string; size: number }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return rows(db, `SELECT res_id, mime, size FROM sys_file WHERE res_id = ANY($1::uuid[]) AND owner_id = $2 AND removed_at IS NULL`, [ids, ownerId]);
  }

  pictureNames(db: Db, ids: readonly string[]): Promise<{ res_id: string; res_name: string; res_suffix: string }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return rows(db, `SELECT res_id, res_name, res_suffix FROM sys_file WHERE res_id = ANY($1::uuid[])`, [ids]);
  }
}
