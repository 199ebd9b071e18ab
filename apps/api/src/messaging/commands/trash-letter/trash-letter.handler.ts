import { Injectable } from '@nestjs/common';
import type { MessageCounters } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { LetterAccess } from '../../domain/letter-access.js';
import { LetterNotifier } from '../../domain/letter-notifier.js';
import { LettersRepository } from '../../domain/letters.repository.js';
import { MessagingErrors } from '../../messaging.errors.js';

/**
 * Trash, restore and delete for good (docs/product/messages.md#trash), each on a copy of mine: a message I received
 * (any, the system's too) or a letter I wrote (draft or sent). An id that is neither answers 404. Deleting for good
 * takes only what is in the trash. The counters after the change are answered and pushed to my other pages.
 */
@Injectable()
export class TrashLetter {
  constructor(
    private readonly db: DataSource,
    private readonly letters: LettersRepository,
    private readonly access: LetterAccess,
    private readonly notifier: LetterNotifier,
  ) {}

  async trash(id: string, me: Principal, trashed: boolean): Promise<MessageCounters> {
    const done = (await this.letters.setCopyTrashed(this.db, id, me.userId, trashed)) || (await this.letters.setLetterTrashed(this.db, id, me.userId, trashed));
    if (!done) throw MessagingErrors.notFound();
    return this.notifier.counters(this.db, me.userId);
  }

  async purge(id: string, me: Principal, client: ClientInfo): Promise<MessageCounters> {
    const outcome = await this.db.transaction(async (tx) => {
      if (await this.letters.purgeCopy(tx, id, me.userId)) return 'purged';
      if (await this.letters.purgeLetter(tx, id, me.userId)) return 'purged';
      const mine = (await this.letters.copy(tx, id, me.userId)) ?? (await this.letters.get(tx, id).then((l) => (l && l.author_id === me.userId && !l.purged_at ? l : null)));
      return mine ? 'notTrashed' : 'notFound';
    });
    if (outcome === 'notFound') throw MessagingErrors.notFound();
    if (outcome === 'notTrashed') throw MessagingErrors.notTrashed();
    await this.access.record(me, client, 'message.purge', id);
    return this.notifier.counters(this.db, me.userId);
  }
}
