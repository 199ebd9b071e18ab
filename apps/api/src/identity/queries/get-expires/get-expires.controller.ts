import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Envelope } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, type Principal, InitialPasswordAllowed } from '../../../infrastructure/http/request-context.js';
import { SessionService } from '../../domain/session.service.js';

/** Session check used when the page becomes visible again; each call also slides the expiry. */
@ApiTags('identity')
@Controller()
export class GetExpiresController {
  constructor(private readonly sessions: SessionService) {}

  @Get('api/getExpires')
  @InitialPasswordAllowed()
  @ApiOperation({ summary: 'Check the session; answers when it expires' })
  async getExpires(@CurrentUser() me: Principal): Promise<Envelope<{ expiresAt: string; remainingSeconds: number }>> {
    const at = (await this.sessions.expiresAt(me.sessionId)) ?? new Date();
    return ok({ expiresAt: at.toISOString(), remainingSeconds: Math.max(0, Math.round((at.getTime() - Date.now()) / 1000)) });
  }
}
