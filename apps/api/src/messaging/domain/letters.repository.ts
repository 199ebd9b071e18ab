import { Injectable } from '@nestjs/common';
import type { LetterAttachment, LetterState, Recipient } from '@schoolflow/contracts';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';
import { ownUploads } from '../../files/domain/own-uploads.js';
import type { AttachedFile } from '../../publishing/domain/attachment-rules.js';
import { UNREAD_COPIES } from './inbox.repository.js';
import type { StoredMessage } from './message-renderer.js';
import { likePattern } from '../../infrastructure/database/like-pattern.js';

/** What a letter says and to whom: the author's draft as saved, and the stored letter's same columns. */
export interface LetterText {
  type: string;
  title: string;
  content: string;
  link: string | null;
  recipients: Recipient[];
  attachments: string[];
}

/** A letter as stored (docs/adr/0040-written-messages.md). */
export interface LetterRecord extends LetterText {
  id: string;
  author_id: string;
  author_name: string;
  reply_to: string | null;
  state: LetterState;
  recipient_count: number;
  trashed_at: Date | null;
  purged_at: Date | null;
  created_at: Date;
  updated_at: Date;
  sent_at: Date | null;
}

/** A recipient's copy of any message, with its letter's author when it is a written one. */
export interface InboxCopy extends StoredMessage {
  letter_id: string | null;
  sender_id: string | null;
  sender_name: string | null;
  sender_account: string | null;
  trashed_at: Date | null;
}

export interface LetterDraft extends LetterText {
  replyTo: string | null;
}

/** A selection item none of whose kind exists (its NAME, or CODE, for the refusal). */
export interface Resolution {
  userIds: string[];
  missing: Recipient[];
}

const LETTER_COLUMNS = `l.id, l.author_id, u.name AS author_name, l.type, l.title, l.content, l.link, l.recipients, l.attachments, l.reply_to, l.state,
       l.recipient_count, l.trashed_at, l.purged_at, l.created_at, l.updated_at, l.sent_at`;

/**
 * Who a selection reaches now (the picker's selection items, docs/product/messages.md#writing): people by account, an organisation's members with its
 * sub-organisations', a role's holders, a class's live students or their guardians' accounts — enabled accounts only,
 * each once, never the author. `$1` the selection (json), `$2` the author.
 */
const RESOLVE = `WITH RECURSIVE
  sel AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(i int, code text, type text, who text)),
  tree AS (
    SELECT sel.i, d.id FROM sel JOIN org_department d ON sel.type = 'org' AND d.code = sel.code
    UNION SELECT tree.i, d.id FROM tree JOIN org_department d ON d.parent_id = tree.id),
  live_student AS (SELECT s.id, s.user_id, s.class_id FROM student s WHERE s.status NOT IN ('transferred_out', 'graduated')),
  reached AS (
    SELECT u.id FROM sel JOIN sys_user u ON sel.type = 'people' AND u.account = sel.code
    UNION SELECT u.id FROM tree JOIN sys_user u ON u.department_id = tree.id
    UNION SELECT ur.user_id FROM sel JOIN sys_role r ON sel.type = 'role' AND r.code = sel.code AND r.enabled JOIN sys_user_role ur ON ur.role_id = r.id
    UNION SELECT s.user_id FROM sel JOIN live_student s ON sel.type = 'class' AND sel.who = 'students' AND s.class_id::text = sel.code
    UNION SELECT g.user_id FROM sel JOIN live_student s ON sel.type = 'class' AND sel.who = 'parents' AND s.class_id::text = sel.code JOIN guardian g ON g.student_id = s.id)
  SELECT r.id FROM reached r JOIN sys_user u ON u.id = r.id WHERE r.id IS NOT NULL AND u.enabled AND r.id <> $2::uuid ORDER BY r.id`;

/** The selection items that name nothing (an unknown account, organisation, role or class). `$1` the selection. */
const MISSING = `WITH sel AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(i int, code text, type text, who text))
  SELECT sel.i FROM sel
   WHERE NOT CASE sel.type
     WHEN 'people' THEN EXISTS (SELECT 1 FROM sys_user u WHERE u.account = sel.code AND u.enabled)
     WHEN 'org' THEN EXISTS (SELECT 1 FROM org_department d WHERE d.code = sel.code)
     WHEN 'role' THEN EXISTS (SELECT 1 FROM sys_role r WHERE r.code = sel.code AND r.enabled)
     ELSE EXISTS (SELECT 1 FROM admin_class c WHERE c.id::text = sel.code) END
   ORDER BY sel.i`;

const selectionJson = (selection: readonly Recipient[]): string => JSON.stringify(selection.map((r, i) => ({ i, code: r.CODE, type: r.TYPE, who: r.WHO ?? null })));

/** Letters and the inbox copies of the message centre: every statement of the written messages (no SQL in handlers). */
@Injectable()
export class LettersRepository {
  async resolve(db: Db, selection: readonly Recipient[], authorId: string): Promise<Resolution> {
    if (selection.length === 0) return { userIds: [], missing: [] };
    const json = selectionJson(selection);
    const missing = (await rows<{ i: number }>(db, MISSING, [json])).map((r) => selection[r.i] as Recipient);
    const userIds = (await rows<{ id: string }>(db, RESOLVE, [json, authorId])).map((r) => r.id);
    return { userIds, missing };
  }

  /** Of `userIds`, those outside the writer's directory scope (an SQL condition on `sys_user u`, arguments from $2). */
  async outsideScope(db: Db, userIds: readonly string[], scope: { where: string; args: unknown[] }): Promise<{ id: string; name: string }[]> {
    if (userIds.length === 0) return [];
    return rows<{ id: string; name: string }>(db, `SELECT u.id, u.name FROM sys_user u WHERE u.id = ANY($1::uuid[]) AND NOT (${scope.where}) ORDER BY u.name`, [userIds, ...scope.args]);
  }

  async insert(tx: Db, authorId: string, d: LetterDraft, state: LetterState): Promise<string> {
    const [row] = await rows<{ id: string }>(
      tx,
      `INSERT INTO letter (author_id, type, title, content, link, recipients, attachments, reply_to, state)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::uuid[], $8, $9) RETURNING id`,
      [authorId, d.type, d.title, d.content, d.link, JSON.stringify(d.recipients), d.attachments, d.replyTo, state],
    );
    return (row as { id: string }).id;
  }

  /** A draft saved again (or about to be sent): only while it is a draft, under its row lock. Answers whether it was. */
  async updateDraft(tx: Db, id: string, authorId: string, d: LetterDraft, state: LetterState): Promise<boolean> {
    const changed = await rows(
      tx,
      `UPDATE letter SET type = $3, title = $4, content = $5, link = $6, recipients = $7::jsonb, attachments = $8::uuid[], reply_to = $9, state = $10,
              trashed_at = NULL, updated_at = now()
        WHERE id = $1 AND author_id = $2 AND state = 'draft' AND purged_at IS NULL RETURNING id`,
      [id, authorId, d.type, d.title, d.content, d.link, JSON.stringify(d.recipients), d.attachments, d.replyTo, state],
    );
    return changed.length > 0;
  }

  async markSending(tx: Db, id: string, total: number, jobId: string): Promise<void> {
    await tx.query(`UPDATE letter SET state = 'sending', recipient_count = $2, job_id = $3, updated_at = now() WHERE id = $1`, [id, total, jobId]);
  }

  async markSent(tx: Db, id: string, total: number): Promise<void> {
    await tx.query(`UPDATE letter SET state = 'sent', recipient_count = $2, sent_at = coalesce(sent_at, now()), updated_at = now() WHERE id = $1`, [id, total]);
  }

  async get(db: Db, id: string): Promise<LetterRecord | null> {
    const [row] = await rows<LetterRecord>(db, `SELECT ${LETTER_COLUMNS} FROM letter l JOIN sys_user u ON u.id = l.author_id WHERE l.id = $1`, [id]);
    return row ?? null;
  }

  /** My copy of a message (any: written or the system's). */
  async copy(db: Db, id: string, recipientId: string): Promise<InboxCopy | null> {
    const [row] = await rows<InboxCopy>(
      db,
      `SELECT m.id, m.type, m.title_key, m.content_key, m.params, m.link, m.status, m.created_at, m.letter_id, m.sender_id, s.name AS sender_name, s.account AS sender_account, m.trashed_at
         FROM message m LEFT JOIN sys_user s ON s.id = m.sender_id WHERE m.id = $1 AND m.recipient_id = $2`,
      [id, recipientId],
    );
    return row ?? null;
  }

  /** Trash or restore my copy; answers whether it was mine. */
  async setCopyTrashed(db: Db, id: string, recipientId: string, trashed: boolean): Promise<boolean> {
    return (await rows(db, `UPDATE message SET trashed_at = CASE WHEN $3 THEN coalesce(trashed_at, now()) ELSE NULL END WHERE id = $1 AND recipient_id = $2 RETURNING id`, [id, recipientId, trashed])).length > 0;
  }

  async setLetterTrashed(db: Db, id: string, authorId: string, trashed: boolean): Promise<boolean> {
    return (
      await rows(db, `UPDATE letter SET trashed_at = CASE WHEN $3 THEN coalesce(trashed_at, now()) ELSE NULL END WHERE id = $1 AND author_id = $2 AND purged_at IS NULL RETURNING id`, [id, authorId, trashed])
    ).length > 0;
  }

  /** Deletes my trashed copy for good; answers whether there was one. */
  async purgeCopy(tx: Db, id: string, recipientId: string): Promise<boolean> {
    return (await rows(tx, `DELETE FROM message WHERE id = $1 AND recipient_id = $2 AND trashed_at IS NOT NULL RETURNING id`, [id, recipientId])).length > 0;
  }

  /**
   * My trashed letter for good: a draft goes with its file links; a sent one is only marked (its recipients' copies
   * read its text and attachments). Answers whether there was one.
   */
  async purgeLetter(tx: Db, id: string, authorId: string): Promise<boolean> {
    const [row] = await rows<{ state: LetterState }>(tx, `SELECT state FROM letter WHERE id = $1 AND author_id = $2 AND trashed_at IS NOT NULL AND purged_at IS NULL FOR UPDATE`, [id, authorId]);
    if (!row) return false;
    if (row.state === 'draft') {
      await tx.query(`DELETE FROM sys_file_link WHERE ref_type = 'letter' AND ref_id = $1`, [id]);
      await tx.query(`DELETE FROM letter WHERE id = $1`, [id]);
    } else await tx.query(`UPDATE letter SET purged_at = now() WHERE id = $1`, [id]);
    return true;
  }

  ownFiles(db: Db, ids: readonly string[], ownerId: string): Promise<AttachedFile[]> {
    return ownUploads(db, ids, ownerId);
  }

  /** The letter's files, kept (the sweep leaves linked files) and downloadable by its recipients (files/domain/file-store.ts). */
  async linkFiles(tx: Db, letterId: string, ids: readonly string[]): Promise<void> {
    await tx.query(`DELETE FROM sys_file_link WHERE ref_type = 'letter' AND ref_id = $1 AND NOT (res_id = ANY($2::uuid[]))`, [letterId, ids]);
    if (ids.length > 0) await tx.query(`INSERT INTO sys_file_link (res_id, ref_type, ref_id) SELECT unnest($1::uuid[]), 'letter', $2 ON CONFLICT DO NOTHING`, [ids, letterId]);
  }

  async files(db: Db, ids: readonly string[]): Promise<LetterAttachment[]> {
    if (ids.length === 0) return [];
    const found = await rows<{ res_id: string; res_name: string; res_suffix: string; size: number }>(db, `SELECT res_id, res_name, res_suffix, size FROM sys_file WHERE res_id = ANY($1::uuid[])`, [ids]);
    const byId = new Map(found.map((f) => [f.res_id, { resId: f.res_id, resName: f.res_name, resSuffix: f.res_suffix, size: Number(f.size) }]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The inbox counters (docs/product/messages.md#counters) in one statement. */
  async counters(db: Db, userId: string): Promise<{ unread: number; total: number; draft: number; trash: number }> {
    const [row] = await rows<{ unread: number; total: number; draft: number; trash: number }>(
      db,
      `SELECT (SELECT count(*) FROM ${UNREAD_COPIES})::int AS unread,
              (SELECT count(*) FROM message WHERE recipient_id = $1 AND trashed_at IS NULL)::int AS total,
              (SELECT count(*) FROM letter WHERE author_id = $1 AND state = 'draft' AND trashed_at IS NULL AND purged_at IS NULL)::int AS draft,
              ((SELECT count(*) FROM message WHERE recipient_id = $1 AND trashed_at IS NOT NULL)
               + (SELECT count(*) FROM letter WHERE author_id = $1 AND trashed_at IS NOT NULL AND purged_at IS NULL))::int AS trash`,
      [userId],
    );
    return row ?? { unread: 0, total: 0, draft: 0, trash: 0 };
  }

  /**
   * One page of a box, newest first, with the total: the inbox (my copies not in the trash), sent and drafts (my letters),
   * or the trash (both, by when they went there). `title` matches a written title or a system message's title parameter.
   */
  async box(db: Db, userId: string, q: { box: 'inbox' | 'sent' | 'draft' | 'trash'; page: number; size: number; title?: string; status?: string; type?: string }): Promise<{ total: number; items: BoxItem[] }> {
    const needle = q.title ? likePattern(q.title) : null;
    const copies = (trashed: boolean) => `
      SELECT 'inbox' AS origin, m.id, m.type, m.title_key, m.content_key, m.params, m.link, m.status, m.created_at, m.letter_id,
             s.name AS sender_name, NULL::text AS title, NULL::jsonb AS recipients, 0 AS recipient_count,
             coalesce(cardinality(l.attachments), 0) AS attachment_count, NULL::text AS state, ${trashed ? 'm.trashed_at' : 'm.created_at'} AS at
        FROM message m LEFT JOIN letter l ON l.id = m.letter_id LEFT JOIN sys_user s ON s.id = m.sender_id
       WHERE m.recipient_id = $1 AND m.trashed_at IS ${trashed ? 'NOT NULL' : 'NULL'}
         AND ($2::text IS NULL OR l.title ILIKE $2 OR m.params->>'title' ILIKE $2)
         AND ($3::text IS NULL OR m.status = $3) AND ($4::text IS NULL OR m.type = $4)`;
    const letters = (states: string, trashed: boolean) => `
      SELECT CASE WHEN l.state = 'draft' THEN 'draft' ELSE 'sent' END AS origin, l.id, l.type, NULL AS title_key, NULL AS content_key, NULL::jsonb AS params,
             l.link, '1' AS status, coalesce(l.sent_at, l.updated_at) AS created_at, l.id AS letter_id, u.name AS sender_name, l.title, l.recipients,
             l.recipient_count, cardinality(l.attachments) AS attachment_count, l.state, ${trashed ? 'l.trashed_at' : 'coalesce(l.sent_at, l.updated_at)'} AS at
        FROM letter l JOIN sys_user u ON u.id = l.author_id
       WHERE l.author_id = $1 AND l.state IN (${states}) AND l.purged_at IS NULL AND l.trashed_at IS ${trashed ? 'NOT NULL' : 'NULL'}
         AND ($2::text IS NULL OR l.title ILIKE $2) AND ($4::text IS NULL OR l.type = $4) AND $3::text IS NULL`;
    const source =
      q.box === 'inbox' ? copies(false) : q.box === 'sent' ? letters(`'sending', 'sent'`, false) : q.box === 'draft' ? letters(`'draft'`, false) : `${copies(true)} UNION ALL ${letters(`'draft', 'sending', 'sent'`, true)}`;
    const found = await rows<BoxItem & { total: string }>(
      db,
      `SELECT b.*, count(*) OVER () AS total FROM (${source}) b ORDER BY b.at DESC, b.id DESC LIMIT $5 OFFSET $6`,
      [userId, needle, q.status || null, q.type || null, q.size, (q.page - 1) * q.size],
    );
    return { total: found[0] ? Number(found[0].total) : 0, items: found };
  }

  /** The classes a writer may address, by grade (the compose form's class tab). */
  async classes(db: Db): Promise<{ id: string; name: string; name_en: string; grade: number }[]> {
    return rows(db, `SELECT id, name, name_en, grade FROM admin_class ORDER BY grade, sort, name`);
  }

  async authorName(db: Db, userId: string): Promise<string> {
    const [row] = await rows<{ name: string }>(db, `SELECT name FROM sys_user WHERE id = $1`, [userId]);
    return row?.name ?? '';
  }
}

/** A row of a box as the repository reads it. */
export interface BoxItem {
  origin: 'inbox' | 'sent' | 'draft';
  id: string;
  type: string;
  title_key: string | null;
  content_key: string | null;
  params: Record<string, unknown> | null;
  link: string | null;
  status: '0' | '1';
  created_at: Date;
  letter_id: string | null;
  sender_name: string | null;
  title: string | null;
  recipients: Recipient[] | null;
  recipient_count: number;
  attachment_count: number;
  state: LetterState | null;
}
