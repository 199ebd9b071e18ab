import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { casLogoutRequestSchema, type Envelope } from '@schoolflow/contracts';
import type { z } from 'zod';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { ok } from '../../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, Public } from '../../../infrastructure/http/request-context.js';
import { ValidBody } from '../../../infrastructure/http/valid-input.js';
import { OperationLogService } from '../../../system/domain/operation-log.service.js';
import { readLogoutRequest } from '../../domain/ids/cas-xml.js';
import { IdsStore } from '../../domain/ids/ids.store.js';
import { SessionService } from '../../domain/session.service.js';

/**
 * CAS single logout (the protocol's specification, §2.3.3): when a person signs out at the CAS server, it posts a SAML
 * LogoutRequest naming the service ticket to the service address — our callback. The session made from that ticket
 * ends (`single_logout`: the browser's next call shows the expiry modal, its sockets close). The request is not
 * signed; what it can do is end a session whose ticket it knows, which only the CAS server and that browser saw.
 * Whatever it names, the answer is the same, so it tells a prober nothing.
 */
@ApiTags('identity')
@Controller()
export class CasSingleLogoutController {
  constructor(
    private readonly store: IdsStore,
    private readonly sessions: SessionService,
    private readonly oplog: OperationLogService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  @Public()
  @Post('anon/api/auth/callback')
  @HttpCode(200)
  @ApiOperation({ summary: "CAS single logout: the CAS server's back-channel LogoutRequest (form field logoutRequest)" })
  async logout(@ValidBody(casLogoutRequestSchema, ['application/x-www-form-urlencoded']) body: z.output<typeof casLogoutRequestSchema>, @Client() client: ClientInfo): Promise<Envelope> {
    const ticket = this.config.ids?.protocol === 'cas' ? readLogoutRequest(body.logoutRequest) : null;
    if (!ticket) return ok();
    for (const s of await this.store.sessionsOfTicket(ticket)) {
      await this.sessions.revoke(s.sessionId, 'single_logout');
      await this.oplog.append({ userId: s.userId, account: s.account, action: 'logout', result: 'success', ip: client.ip, userAgent: client.userAgent, detail: { method: 'ids', protocol: 'cas', reason: 'single_logout' } });
    }
    return ok();
  }
}
