import { Inject, Injectable } from '@nestjs/common';
import { formatSchoolTime, type Language, type LetterDetail } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { Principal } from '../../../infrastructure/http/request-context.js';
import { InboxRepository } from '../../domain/inbox.repository.js';
import { LetterNotifier } from '../../domain/letter-notifier.js';
import { renderMessage } from '../../domain/message-renderer.js';
import { LettersRepository } from '../../domain/letters.repository.js';
import { MessagingErrors } from '../../messaging.errors.js';

/**
 * One message of mine, whole (docs/product/messages.md#reading): a copy I received — opening it marks it read, and
 * its counters change on my other pages — or a letter I wrote. Anyone else's answers 404.
 */
@Injectable()
export class LetterDetailQuery {
  constructor(
    private readonly db: DataSource,
    private readonly letters: LettersRepository,
    private readonly inbox: InboxRepository,
    private readonly notifier: LetterNotifier,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(id: string, me: Principal, lang: Language): Promise<LetterDetail> {
    const time = (d: Date | null) => (d ? formatSchoolTime(new Date(d).getTime(), this.config.timeZone) : null);
    const copy = await this.letters.copy(this.db, id, me.userId);
    if (copy) {
      if (copy.status === '0') {
        await this.inbox.markRead(me.userId, [id]);
        await this.notifier.counters(this.db, me.userId);
      }
      const letter = copy.letter_id ? await this.letters.get(this.db, copy.letter_id) : null;
      const rendered = renderMessage(copy, lang, this.config.timeZone);
      return {
        id: copy.id,
        origin: 'inbox',
        letterId: copy.letter_id,
        type: copy.type,
        title: letter ? letter.title : rendered.MESSAGE_TITLE,
        content: letter ? letter.content : rendered.MESSAGE_CONTENT,
        html: letter !== null,
        link: copy.link,
        attachments: letter ? await this.letters.files(this.db, letter.attachments) : [],
        // a recipient sees who wrote, not whom else it went to
        recipients: [],
        recipientCount: 0,
        sender: copy.sender_id ? { id: copy.sender_id, name: copy.sender_name ?? '' } : null,
        state: null,
        trashed: copy.trashed_at !== null,
        createdAt: time(copy.created_at) ?? '',
        sentAt: time(letter?.sent_at ?? copy.created_at),
        canReply: copy.sender_id !== null && copy.sender_id !== me.userId,
        replyTo: null,
      };
    }
    const letter = await this.letters.get(this.db, id);
    if (!letter || letter.author_id !== me.userId || letter.purged_at) throw MessagingErrors.notFound();
    return {
      id: letter.id,
      origin: letter.state === 'draft' ? 'draft' : 'sent',
      letterId: letter.id,
      type: letter.type,
      title: letter.title,
      content: letter.content,
      html: true,
      link: letter.link,
      attachments: await this.letters.files(this.db, letter.attachments),
      recipients: letter.recipients,
      recipientCount: letter.recipient_count,
      sender: { id: letter.author_id, name: letter.author_name },
      state: letter.state,
      trashed: letter.trashed_at !== null,
      createdAt: time(letter.created_at) ?? '',
      sentAt: time(letter.sent_at),
      canReply: false,
      replyTo: letter.reply_to,
    };
  }
}
