import { Inject, Injectable } from '@nestjs/common';
import { formatSchoolTime, type Language, type letterBoxQuerySchema, type LetterPage, type LetterRow } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { Principal } from '../../../infrastructure/http/request-context.js';
import { renderMessage } from '../../domain/message-renderer.js';
import { type BoxItem, LettersRepository } from '../../domain/letters.repository.js';

/**
 * One page of a box (docs/product/messages.md#boxes): the inbox holds every message of mine, the system's rendered in
 * my language as getInfoByRecipient renders them; sent and drafts my letters with their recipients' names; the trash
 * both kinds of copy.
 */
@Injectable()
export class LetterBox {
  constructor(
    private readonly db: DataSource,
    private readonly letters: LettersRepository,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(q: z.output<typeof letterBoxQuerySchema>, me: Principal, lang: Language): Promise<LetterPage> {
    const { total, items } = await this.letters.box(this.db, me.userId, q);
    return { total, rows: items.map((i) => this.row(i, lang)) };
  }

  private row(i: BoxItem, lang: Language): LetterRow {
    const extra = {
      ORIGIN: i.origin,
      SENDER_NAME: i.sender_name,
      RECIPIENTS: i.recipients ? i.recipients.map((r) => r.NAME ?? r.CODE).join('、') : null,
      RECIPIENT_COUNT: Number(i.recipient_count),
      ATTACHMENT_COUNT: Number(i.attachment_count),
      STATE: i.state,
    };
    if (i.origin === 'inbox') {
      const m = renderMessage({ id: i.id, type: i.type, title_key: i.title_key ?? '', content_key: i.content_key ?? '', params: i.params ?? {}, link: i.link, status: i.status, created_at: i.created_at, letter_id: i.letter_id }, lang, this.config.timeZone);
      return { ...m, ...extra };
    }
    return {
      MESSAGE_ID: i.id,
      MESSAGE_TYPE: i.type,
      MESSAGE_TITLE: i.title ?? '',
      MESSAGE_CONTENT: '',
      MESSAGE_LINK: i.link,
      MESSAGE_STATUS: '1',
      CREATE_TIME: formatSchoolTime(new Date(i.created_at).getTime(), this.config.timeZone),
      LETTER_ID: i.id,
      ...extra,
    };
  }
}
