import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { type Envelope, type Language, type MessageRow, messageListSchema } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { ValidBody } from '../../../infrastructure/http/valid-input.js';
import { renderMessage, type StoredMessage } from '../../domain/message-renderer.js';

/** A title search looks through this many of a user's newest messages. */
const TITLE_SEARCH_WINDOW = 1000;

/** My messages (docs/product/shell-and-sign-in.md#shared-calls): filter by title, status ('0' unread, '1' read) and type; `count.COUNT` is the total. */
@ApiTags('messages')
@Controller()
export class GetInfoByRecipientController {
  constructor(
    private readonly db: DataSource,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  @Post('api/message/info/getInfoByRecipient')
  @HttpCode(200)
  @ApiOperation({ summary: 'My messages: {title?, page (1-based), size, status?, type?} → {count: {COUNT, UNREAD}, result}' })
  async list(@ValidBody(messageListSchema) q: z.output<typeof messageListSchema>, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<{ count: { COUNT: number; UNREAD: number }; result: MessageRow[] }>> {
    const args: unknown[] = [me.userId];
    // a copy in the trash is out of the inbox, the bell and its counts (docs/product/messages.md#trash)
    const where = ['recipient_id = $1', 'trashed_at IS NULL'];
    if (q.status) {
      args.push(q.status);
      where.push(`status = $${args.length}`);
    }
    if (q.type) {
      args.push(q.type);
      where.push(`type = $${args.length}`);
    }
    const unread: { n: number }[] = await this.db.query(`SELECT count(*)::int AS n FROM message WHERE recipient_id = $1 AND status = '0' AND trashed_at IS NULL`, [me.userId]);
    const start = (q.page - 1) * q.size;
    const render = (r: StoredMessage) => renderMessage(r, lang, this.config.timeZone);
    const needle = q.title?.trim().toLowerCase();
    if (!needle) {
      // One page from the database: every message of a user was read and rendered for each page before, and a
      // reviewer's list grows by one message per request (the soak's latency and memory climbed with it).
      args.push(q.size, start);
      const rows: (StoredMessage & { total: string })[] = await this.db.query(
        `SELECT id, type, title_key, content_key, params, link, status, created_at, letter_id, count(*) OVER () AS total
           FROM message WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT $${args.length - 1} OFFSET $${args.length}`,
        args,
      );
      const total = rows[0] ? Number(rows[0].total) : start > 0 ? Number((await this.db.query(`SELECT count(*)::int AS n FROM message WHERE ${where.join(' AND ')}`, args.slice(0, -2)))[0]?.n ?? 0) : 0;
      return ok({ count: { COUNT: total, UNREAD: unread[0]?.n ?? 0 }, result: rows.map(render) });
    }
    // Titles are rendered per language, so a title search runs on the rendered text — over the newest messages only,
    // so its cost is bounded however many a user has.
    args.push(TITLE_SEARCH_WINDOW);
    const rows: StoredMessage[] = await this.db.query(
      `SELECT id, type, title_key, content_key, params, link, status, created_at, letter_id
         FROM message WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT $${args.length}`,
      args,
    );
    const found = rows.map(render).filter((m) => m.MESSAGE_TITLE.toLowerCase().includes(needle) || m.MESSAGE_CONTENT.toLowerCase().includes(needle));
    return ok({ count: { COUNT: found.length, UNREAD: unread[0]?.n ?? 0 }, result: found.slice(start, start + q.size) });
  }
}
