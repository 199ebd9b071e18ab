import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { type Envelope, type Language, type MessageRow, messageIdSchema } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { AppException } from '../../../infrastructure/http/app-exception.js';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { ValidBody } from '../../../infrastructure/http/valid-input.js';
import { InboxRepository } from '../../domain/inbox.repository.js';
import { renderMessage } from '../../domain/message-renderer.js';

/** One of my messages; opening it marks it read. Another user's message answers 404. */
@ApiTags('messages')
@Controller()
export class GetInfoByIdController {
  constructor(
    private readonly inbox: InboxRepository,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  @Post('api/message/info/getInfoById')
  @HttpCode(200)
  @ApiOperation({ summary: 'One message {id} → {obj: message}; marks it read' })
  async one(@ValidBody(messageIdSchema) { id }: z.output<typeof messageIdSchema>, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<{ obj: MessageRow }>> {
    const m = await this.inbox.open(id, me.userId);
    if (!m) throw AppException.notFound();
    const row = renderMessage(m, lang, this.config.timeZone);
    // a written message's content is its letter's (sanitised HTML; docs/product/messages.md#reading)
    return ok({ obj: m.letter_content !== null ? { ...row, MESSAGE_CONTENT: m.letter_content } : row });
  }
}
