import { Injectable } from '@nestjs/common';
import type { ConsultTranscriptPage, ConsultTranscriptsQuery } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ConsultAccess } from '../../domain/consult-access.js';
import { ConversationsRepository } from '../../domain/conversations.repository.js';

/** `GET /api/consult/transcripts?q=&state=&page=&size=`: conversations newest first, by a word of the name, contact or a message. */
@Injectable()
export class TranscriptsQuery {
  constructor(
    private readonly db: DataSource,
    private readonly conversations: ConversationsRepository,
    private readonly access: ConsultAccess,
  ) {}

  async execute(f: ConsultTranscriptsQuery, me: Principal, client: ClientInfo): Promise<ConsultTranscriptPage> {
    await this.access.mayAnswer(me, client, 'consult.transcripts', null);
    return this.conversations.transcripts(this.db, f.q, f.state, f.page, f.size);
  }
}
