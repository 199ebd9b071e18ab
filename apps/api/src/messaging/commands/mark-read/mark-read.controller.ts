import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { type Envelope, type Language, messageIdsSchema } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { ValidBody } from '../../../infrastructure/http/valid-input.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';

@ApiTags('messages')
@Controller()
export class MarkReadController {
  constructor(private readonly db: DataSource) {}

  @Post('api/message/info/markRead')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark my messages read: {ids}' })
  async markRead(@ValidBody(messageIdsSchema) { ids }: z.output<typeof messageIdsSchema>, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<{ updated: number }>> {
    const r: [unknown[], number] = await this.db.query(
      `UPDATE message SET status = '1', read_at = coalesce(read_at, now()) WHERE recipient_id = $1 AND id = ANY($2::uuid[]) AND status = '0'`,
      [me.userId, ids],
    );
    return ok({ updated: r[1] ?? 0 }, translate(lang, 'ok'));
  }

  @Post('api/message/info/markAllRead')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark all my messages read' })
  async markAll(@CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<{ updated: number }>> {
    const r: [unknown[], number] = await this.db.query(`UPDATE message SET status = '1', read_at = now() WHERE recipient_id = $1 AND status = '0'`, [me.userId]);
    return ok({ updated: r[1] ?? 0 }, translate(lang, 'ok'));
  }
}
