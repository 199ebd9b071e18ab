import { Controller, Get, Inject, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Envelope, Language, LogoutResult } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { tokenFrom } from '../../../infrastructure/auth/auth.guard.js';
import { ok } from '../../../infrastructure/http/envelope.js';
import { type AppRequest, clientOf, Lang, Public, InitialPasswordAllowed } from '../../../infrastructure/http/request-context.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { OperationLogService } from '../../../system/domain/operation-log.service.js';
import { IdsProtocols } from '../../domain/ids/ids-protocols.js';
import { IdsStore } from '../../domain/ids/ids.store.js';
import { SessionService } from '../../domain/session.service.js';

/**
 * Ends the current session. Public and idempotent: signing out with a dead token still succeeds. Under single sign-on
 * the answer also says where the browser goes to end the provider's session (`logoutUrl`: CAS `/logout?service=`, the
 * OIDC end-session endpoint with the session's ID token as hint) — even for a session that has already ended here.
 */
@ApiTags('identity')
@Controller()
export class LogoutController {
  constructor(
    private readonly sessions: SessionService,
    private readonly oplog: OperationLogService,
    private readonly ids: IdsStore,
    private readonly protocols: IdsProtocols,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  @Public()
  @Get('logout')
  @InitialPasswordAllowed()
  @ApiOperation({ summary: 'Sign out (revokes the session of the token header)' })
  async logout(@Req() req: AppRequest, @Lang() lang: Language): Promise<Envelope<LogoutResult | undefined>> {
    const token = tokenFrom(req, this.config.tokenHeader);
    const protocol = this.protocols.current;
    // read before the session ends (the hint is kept with it)
    const idToken = token && protocol?.name === 'oidc' ? await this.ids.idTokenOf(token) : null;
    if (token) {
      const found = await this.sessions.resolve(token);
      if (found.ok) {
        await this.sessions.revoke(found.session.sessionId, 'logout');
        const client = clientOf(req);
        await this.oplog.append({ userId: found.session.userId, account: found.session.account, action: 'logout', result: 'success', ip: client.ip, userAgent: client.userAgent });
      }
    }
    const logoutUrl = protocol ? await protocol.logoutUrl(idToken) : null;
    return ok(logoutUrl ? { logoutUrl } : undefined, translate(lang, 'logoutOk'));
  }
}
