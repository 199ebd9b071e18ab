import { Injectable } from '@nestjs/common';
import type { MessageCounters } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { Principal } from '../../../infrastructure/http/request-context.js';
import { LettersRepository } from '../../domain/letters.repository.js';

/** My inbox counters (unread, total, draft, trash; docs/product/messages.md#counters). */
@Injectable()
export class LetterCounters {
  constructor(
    private readonly db: DataSource,
    private readonly letters: LettersRepository,
  ) {}

  execute(me: Principal): Promise<MessageCounters> {
    return this.letters.counters(this.db, me.userId);
  }
}
