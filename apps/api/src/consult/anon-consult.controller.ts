import { Controller, Get, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CONSULT_VISITOR_HEADER, type ConsultSession, consultStartSchema, type Envelope } from '@schoolflow/contracts';
import type { z } from 'zod';
import { ok } from '../infrastructure/http/envelope.js';
import { type AppRequest, clientOf, Public } from '../infrastructure/http/request-context.js';
import { ValidBody } from '../infrastructure/http/valid-input.js';
import { StartSession } from './commands/start-session/start-session.handler.js';
import { ResumeSession } from './queries/resume/resume.query.js';

const VISITOR = CONSULT_VISITOR_HEADER.toLowerCase();

/**
 * The visitor's side of online consultation (docs/product/consultation.md#visitors), under `/server/anon` — no
 * session needed, and plain under request encryption (PLAIN_PATHS, like the public questionnaires). The chat itself
 * runs on the `/consult` socket namespace with the token issued here.
 */
@ApiTags('consult')
@Public()
@Controller('anon/consult/sessions')
export class AnonConsultController {
  constructor(
    private readonly starting: StartSession,
    private readonly resuming: ResumeSession,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiHeader({ name: CONSULT_VISITOR_HEADER, required: false, description: 'The token this device was given before, if any (kept; a new one otherwise)' })
  @ApiOperation({ summary: 'Start (or return to) the visitor’s open conversation: {token, conversation, messages, agentsOnline}; 429 past the per-address limit' })
  async start(@ValidBody(consultStartSchema) body: z.output<typeof consultStartSchema>, @Headers(VISITOR) token: string | undefined, @Req() req: AppRequest): Promise<Envelope<ConsultSession>> {
    return ok(await this.starting.execute(body, token, clientOf(req).ip));
  }

  @Get('current')
  @ApiHeader({ name: CONSULT_VISITOR_HEADER, required: true, description: 'The device’s token' })
  @ApiOperation({ summary: 'Resume on the same device: the open (else the last) conversation with its messages' })
  async current(@Headers(VISITOR) token: string | undefined): Promise<Envelope<ConsultSession>> {
    return ok(await this.resuming.execute(token));
  }
}
