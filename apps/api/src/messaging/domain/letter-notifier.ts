import { Inject, Injectable } from '@nestjs/common';
import { MESSAGE_COUNTERS, type MessageCounters } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import type { Db } from '../../infrastructure/database/query-rows.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { Outbox, type PushRow } from './outbox.js';
import { LettersRepository } from './letters.repository.js';

/** What a sent letter's copies carry to render in the reader's language (the letters namespace). */
export interface SentLetter {
  id: string;
  type: string;
  title: string;
  link: string | null;
  authorId: string;
  authorName: string;
}

/**
 * A written message reaches people as the system's messages do: each recipient's copy is a `message` row written
 * through the outbox in the caller's transaction (once per letter and recipient: its source key), with its
 * `message.created` push — the bell, the lists and the counters of the recipient's open pages follow it live — emitted
 * after commit. The writer's own counters (drafts, trash) are pushed to their other pages as `message.counters`.
 */
@Injectable()
export class LetterNotifier {
  constructor(
    private readonly letters: LettersRepository,
    private readonly realtime: RealtimeGateway,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  copies(tx: Db, letter: SentLetter, recipients: readonly string[]): Promise<PushRow[]> {
    const params = { title: letter.title, sender: letter.authorName };
    return Outbox.messages(
      tx,
      recipients.map((userId) => ({
        message: { recipientId: userId, type: letter.type, titleKey: 'letters.message.title', contentKey: 'letters.message.content', params, link: letter.link, letterId: letter.id, senderId: letter.authorId },
        sourceKey: `letter:${letter.id}:${userId}`,
      })),
      this.config.timeZone,
    );
  }

  emit(rows: PushRow[]): void {
    if (rows.length > 0) this.realtime.emit(rows);
  }

  /** The user's counters now, to their open pages (a hint: a page reads them again after a reconnect). */
  async counters(db: Db, userId: string): Promise<MessageCounters> {
    const c = await this.letters.counters(db, userId);
    this.realtime.emitUnsequenced(userId, MESSAGE_COUNTERS, c);
    return c;
  }
}
