import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import {
  type ConsultConversation,
  consultCloseSchema,
  type ConsultMessage,
  type ConsultQueue,
  type ConsultTranscriptPage,
  type ConsultTranscriptsQuery,
  consultTranscriptsQuerySchema,
  consultTransferSchema,
  type Envelope,
  isUuid,
  type Language,
} from '@schoolflow/contracts';
import type { Response } from 'express';
import type { z } from 'zod';
import { attachmentHeader, XLSX_MIME } from '../admin/shared/admin-support.js';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { ValidBody, ValidQuery } from '../infrastructure/http/valid-input.js';
import { AcceptConversation } from './commands/accept/accept.handler.js';
import { CloseConversation } from './commands/close/close.handler.js';
import { TransferConversation } from './commands/transfer/transfer.handler.js';
import { ConsultErrors } from './consult.errors.js';
import { ConversationQuery } from './queries/conversation/conversation.query.js';
import { ExportTranscripts } from './queries/export-transcripts/export-transcripts.query.js';
import { ConsultQueueQuery } from './queries/queue/queue.query.js';
import { TranscriptsQuery } from './queries/transcripts/transcripts.query.js';

/** An id in the path: anything that is not one is a conversation that does not exist. */
const known = (id: string): string => {
  if (!isUuid(id)) throw ConsultErrors.notFound();
  return id;
};
const afterOf = (v: string | undefined): number => {
  const n = Number(v ?? 0);
  return Number.isInteger(n) && n >= 0 && n <= 2_000_000_000 ? n : 0;
};

/**
 * The agents' side of online consultation (zxgl; docs/product/consultation.md#agents), for holders of
 * `consult:answer` (checked by each handler, refusals logged): the queue, accept, transfer, close, transcripts and
 * their export. Messages themselves go over the `/consult` socket namespace.
 */
@ApiTags('consult')
@Controller('api/consult')
export class ConsultController {
  constructor(
    private readonly queue: ConsultQueueQuery,
    private readonly conversation: ConversationQuery,
    private readonly accepting: AcceptConversation,
    private readonly transferring: TransferConversation,
    private readonly closing: CloseConversation,
    private readonly transcripts: TranscriptsQuery,
    private readonly exporting: ExportTranscripts,
  ) {}

  @Get('queue')
  @ApiOperation({ summary: 'Queued conversations (oldest first), mine, and the agents with who is online' })
  async list(@CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<ConsultQueue>> {
    return ok(await this.queue.execute(me, client));
  }

  @Get('transcripts')
  @ApiOperation({ summary: 'Conversations newest first; q: a word of the name, contact or any message; state' })
  async search(@ValidQuery(consultTranscriptsQuerySchema) q: ConsultTranscriptsQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<ConsultTranscriptPage>> {
    return ok(await this.transcripts.execute(q, me, client));
  }

  @Get('transcripts/export')
  @ApiProduces(XLSX_MIME)
  @ApiOperation({ summary: 'The transcripts found, one row per message, as an .xlsx (streamed)' })
  async export(@ValidQuery(consultTranscriptsQuerySchema) q: ConsultTranscriptsQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language, @Res() res: Response): Promise<void> {
    const prepared = await this.exporting.prepare(q, me, client, lang);
    res.setHeader('Content-Type', XLSX_MIME);
    res.setHeader('Content-Disposition', attachmentHeader(prepared.fileName));
    res.setHeader('Cache-Control', 'no-store');
    await prepared.write(res);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One conversation and its messages after ?after= (0: all)' })
  async one(@Param('id') id: string, @Query('after') after: string | undefined, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<{ conversation: ConsultConversation; messages: ConsultMessage[] }>> {
    return ok(await this.conversation.execute(known(id), afterOf(after), me, client));
  }

  @Post(':id/accept')
  @HttpCode(200)
  @ApiOperation({ summary: 'Take a queued conversation: the first agent wins, the others get 409 (taken)' })
  async accept(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<ConsultConversation>> {
    return ok(await this.accepting.execute(known(id), me, client));
  }

  @Post(':id/transfer')
  @HttpCode(200)
  @ApiOperation({ summary: 'Hand a conversation I hold to another agent who is online' })
  async transfer(@Param('id') id: string, @ValidBody(consultTransferSchema) body: z.output<typeof consultTransferSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<ConsultConversation>> {
    return ok(await this.transferring.execute(known(id), body.agentId, me, client));
  }

  @Post(':id/close')
  @HttpCode(200)
  @ApiOperation({ summary: 'End a conversation I hold (or a queued one) with a note' })
  async close(@Param('id') id: string, @ValidBody(consultCloseSchema) body: z.output<typeof consultCloseSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<ConsultConversation>> {
    return ok(await this.closing.execute(known(id), body.note, me, client));
  }
}
