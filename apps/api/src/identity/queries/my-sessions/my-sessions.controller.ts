import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Envelope, SessionView } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, type Principal } from '../../../infrastructure/http/request-context.js';
import { SessionService } from '../../domain/session.service.js';

@ApiTags('identity')
@Controller()
export class MySessionsController {
  constructor(private readonly sessions: SessionService) {}

  @Get('api/sessions/mine')
  @ApiOperation({ summary: 'My live sessions (devices)' })
  async list(@CurrentUser() me: Principal): Promise<Envelope<SessionView[]>> {
    return ok(await this.sessions.listActive(me.userId, me.sessionId));
  }
}
