import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { rows } from '../../infrastructure/database/query-rows.js';
import type { StoredMessage } from './message-renderer.js';

/** Which of a recipient's copies a list reads: a copy in the trash is out of the inbox, the bell and its counts. */
export interface InboxFilter {
  recipientId: string;
  /** '0' unread, '1' read. */
  status?: string;
  type?: string;
}

/** One copy opened: its letter's content when it is a written message (sanitised HTML). */
export type OpenedMessage = StoredMessage & { letter_content: string | null };

/** A recipient's ($1) unread copies outside the trash: the bell's count and the message centre's (LettersRepository.counters). */
export const UNREAD_COPIES = `message WHERE recipient_id = $1 AND trashed_at IS NULL AND status = '0'`;

const COLUMNS = 'id, type, title_key, content_key, params, link, status, created_at, letter_id';

/** A copy marked read: read when first opened or marked, and stays so. */
const MARK_READ = `status = '1', read_at = coalesce(read_at, now())`;

/** The conditions of a filter, numbered from $1, with their arguments. */
function whereOf(f: InboxFilter): { where: string; args: unknown[] } {
  const args: unknown[] = [f.recipientId];
  // docs/product/messages.md#trash
  const where = ['recipient_id = $1', 'trashed_at IS NULL'];
  if (f.status) {
    args.push(f.status);
    where.push(`status = $${args.length}`);
  }
  if (f.type) {
    args.push(f.type);
    where.push(`type = $${args.length}`);
  }
  return { where: where.join(' AND '), args };
}

/**
 * A recipient's copies of the messages (the inbox of docs/product/shell-and-sign-in.md#shared-calls): the list, its
 * counts, one copy opened, read marks. Every statement names the recipient, so nobody reads or marks another's copy.
 */
@Injectable()
export class InboxRepository {
  constructor(private readonly db: DataSource) {}

  /** How many of the recipient's copies outside the trash are unread. */
  async unread(recipientId: string): Promise<number> {
    const [r] = await rows<{ n: number }>(this.db, `SELECT count(*)::int AS n FROM ${UNREAD_COPIES}`, [recipientId]);
    return r?.n ?? 0;
  }

  /**
   * One page, newest first, and how many the filter finds. Only the page is read and rendered: every message of a user
   * was read for each page before, and a reviewer's list grows by one message per request (the soak's latency and
   * memory climbed with it).
   */
  async page(filter: InboxFilter, size: number, offset: number): Promise<{ rows: StoredMessage[]; total: number }> {
    const { where, args } = whereOf(filter);
    const page = await rows<StoredMessage & { total: string }>(
      this.db,
      `SELECT ${COLUMNS}, count(*) OVER () AS total FROM message WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $${args.length + 1} OFFSET $${args.length + 2}`,
      [...args, size, offset],
    );
    if (page[0]) return { rows: page, total: Number(page[0].total) };
    // past the last page the window counts nothing: the total is counted on its own
    if (offset === 0) return { rows: [], total: 0 };
    const [r] = await rows<{ n: number }>(this.db, `SELECT count(*)::int AS n FROM message WHERE ${where}`, args);
    return { rows: [], total: r?.n ?? 0 };
  }

  /** The newest `limit` copies the filter finds (a title search runs on the rendered text, over these only). */
  async newest(filter: InboxFilter, limit: number): Promise<StoredMessage[]> {
    const { where, args } = whereOf(filter);
    return rows<StoredMessage>(this.db, `SELECT ${COLUMNS} FROM message WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $${args.length + 1}`, [...args, limit]);
  }

  /** The recipient's copy, marked read as it is opened; null when it is not theirs (or does not exist). */
  async open(id: string, recipientId: string): Promise<OpenedMessage | null> {
    const found = await rows<OpenedMessage>(
      this.db,
      `WITH m AS (UPDATE message SET ${MARK_READ} WHERE id = $1 AND recipient_id = $2 RETURNING ${COLUMNS})
       SELECT m.*, l.content AS letter_content FROM m LEFT JOIN letter l ON l.id = m.letter_id`,
      [id, recipientId],
    );
    return found[0] ?? null;
  }

  /** Marks the recipient's unread copies among `ids` read; answers how many it marked. */
  async markRead(recipientId: string, ids: readonly string[]): Promise<number> {
    return (await rows<{ id: string }>(this.db, `UPDATE message SET ${MARK_READ} WHERE recipient_id = $1 AND id = ANY($2::uuid[]) AND status = '0' RETURNING id`, [recipientId, ids])).length;
  }

  /** Marks every unread copy of the recipient read; answers how many it marked. */
  async markAllRead(recipientId: string): Promise<number> {
    return (await rows<{ id: string }>(this.db, `UPDATE message SET ${MARK_READ} WHERE recipient_id = $1 AND status = '0' RETURNING id`, [recipientId])).length;
  }
}
