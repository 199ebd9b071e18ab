import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Envelope, Language } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { OperationLogService } from '../../../system/domain/operation-log.service.js';
import { SessionService } from '../../domain/session.service.js';

@ApiTags('identity')
@Controller()
export class EndOtherSessionsController {
  constructor(
    private readonly sessions: SessionService,
    private readonly oplog: OperationLogService,
  ) {}

  @Post('api/sessions/mine/end-others')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign out all my other devices' })
  async endOthers(@CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ ended: number }>> {
    const ended = await this.sessions.revokeOthers(me.userId, me.sessionId, 'signed_in_elsewhere');
    await this.oplog.append({ userId: me.userId, account: me.account, action: 'session.end-others', result: 'success', ip: client.ip, userAgent: client.userAgent, detail: { ended } });
    return ok({ ended }, translate(lang, 'sessionsEnded'));
  }
}
