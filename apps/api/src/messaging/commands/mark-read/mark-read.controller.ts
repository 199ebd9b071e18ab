import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { type Envelope, type Language, messageIdsSchema } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { ValidBody } from '../../../infrastructure/http/valid-input.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { InboxRepository } from '../../domain/inbox.repository.js';

@ApiTags('messages')
@Controller()
export class MarkReadController {
  constructor(private readonly inbox: InboxRepository) {}

  @Post('api/message/info/markRead')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark my messages read: {ids}' })
  async markRead(@ValidBody(messageIdsSchema) { ids }: z.output<typeof messageIdsSchema>, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<{ updated: number }>> {
    return ok({ updated: await this.inbox.markRead(me.userId, ids) }, translate(lang, 'ok'));
  }

  @Post('api/message/info/markAllRead')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark all my messages read' })
  async markAll(@CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<{ updated: number }>> {
    return ok({ updated: await this.inbox.markAllRead(me.userId) }, translate(lang, 'ok'));
  }
}
