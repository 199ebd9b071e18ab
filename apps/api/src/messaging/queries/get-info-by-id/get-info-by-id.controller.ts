import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { type Envelope, type Language, type MessageRow, messageIdSchema } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { AppException } from '../../../infrastructure/http/app-exception.js';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { ValidBody } from '../../../infrastructure/http/valid-input.js';
import { renderMessage, type StoredMessage } from '../../domain/message-renderer.js';

/** One of my messages; opening it marks it read. Another user's message answers 404. */
@ApiTags('messages')
@Controller()
export class GetInfoByIdController {
  constructor(
    private readonly db: DataSource,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  @Post('api/message/info/getInfoById')
  @HttpCode(200)
  @ApiOperation({ summary: 'One message {id} → {obj: message}; marks it read' })
  async one(@ValidBody(messageIdSchema) { id }: z.output<typeof messageIdSchema>, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<{ obj: MessageRow }>> {
    const rows: (StoredMessage & { letter_content: string | null })[] = await this.db.query(
      `WITH m AS (UPDATE message SET status = '1', read_at = coalesce(read_at, now()) WHERE id = $1 AND recipient_id = $2
                  RETURNING id, type, title_key, content_key, params, link, status, created_at, letter_id)
       SELECT m.*, l.content AS letter_content FROM m LEFT JOIN letter l ON l.id = m.letter_id`,
      [id, me.userId],
    );
    const list = Array.isArray(rows[0]) ? (rows[0] as unknown as (StoredMessage & { letter_content: string | null })[]) : rows;
    const m = list[0];
    if (!m) throw AppException.notFound();
    const row = renderMessage(m, lang, this.config.timeZone);
    // a written message's content is its letter's (sanitised HTML; docs/product/messages.md#reading)
    return ok({ obj: m.letter_content !== null ? { ...row, MESSAGE_CONTENT: m.letter_content } : row });
  }
}
