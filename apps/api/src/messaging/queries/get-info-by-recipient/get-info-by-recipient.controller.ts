import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { type Envelope, type Language, type MessageRow, messageListSchema } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { ValidBody } from '../../../infrastructure/http/valid-input.js';
import { InboxRepository } from '../../domain/inbox.repository.js';
import { renderMessage, type StoredMessage } from '../../domain/message-renderer.js';

/** A title search looks through this many of a user's newest messages. */
const TITLE_SEARCH_WINDOW = 1000;

/** My messages (docs/product/shell-and-sign-in.md#shared-calls): filter by title, status ('0' unread, '1' read) and type; `count.COUNT` is the total. */
@ApiTags('messages')
@Controller()
export class GetInfoByRecipientController {
  constructor(
    private readonly inbox: InboxRepository,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  @Post('api/message/info/getInfoByRecipient')
  @HttpCode(200)
  @ApiOperation({ summary: 'My messages: {title?, page (1-based), size, status?, type?} → {count: {COUNT, UNREAD}, result}' })
  async list(@ValidBody(messageListSchema) q: z.output<typeof messageListSchema>, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<{ count: { COUNT: number; UNREAD: number }; result: MessageRow[] }>> {
    const filter = { recipientId: me.userId, ...(q.status ? { status: q.status } : {}), ...(q.type ? { type: q.type } : {}) };
    const unread = await this.inbox.unread(me.userId);
    const start = (q.page - 1) * q.size;
    const render = (r: StoredMessage) => renderMessage(r, lang, this.config.timeZone);
    const needle = q.title?.trim().toLowerCase();
    if (!needle) {
      const page = await this.inbox.page(filter, q.size, start);
      return ok({ count: { COUNT: page.total, UNREAD: unread }, result: page.rows.map(render) });
    }
    // Titles are rendered per language, so a title search runs on the rendered text — over the newest messages only,
    // so its cost is bounded however many a user has.
    const rows = await this.inbox.newest(filter, TITLE_SEARCH_WINDOW);
    const found = rows.map(render).filter((m) => m.MESSAGE_TITLE.toLowerCase().includes(needle) || m.MESSAGE_CONTENT.toLowerCase().includes(needle));
    return ok({ count: { COUNT: found.length, UNREAD: unread }, result: found.slice(start, start + q.size) });
  }
}
