import { Inject, Injectable } from '@nestjs/common';
import { idsCheckSchema, type LoginResult } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo } from '../../../infrastructure/http/request-context.js';
import { validate } from '../../../infrastructure/http/validate.js';
import { OperationLogService } from '../../../system/domain/operation-log.service.js';
import { displayName, providerValue } from '../../domain/ids/account-match.js';
import { IdsProtocols, ProviderRefused, ProviderUnavailable } from '../../domain/ids/ids-protocols.js';
import { IdsStore } from '../../domain/ids/ids.store.js';
import { SessionService } from '../../domain/session.service.js';
import { IdentityErrors } from '../../identity.errors.js';

/**
 * The single sign-on check (docs/product/single-sign-on.md; its reads and writes in IdsStore): the sign-in the state names is taken (once), the
 * provider confirms the ticket or code, the person it names is matched to an account by the configured identifier,
 * and a session is made as the password sign-in makes one. Every outcome goes to the operation log as a `login` with
 * method `ids`, the protocol and, for a refusal, its reason.
 */
@Injectable()
export class IdsCheckHandler {
  constructor(
    private readonly sessions: SessionService,
    private readonly oplog: OperationLogService,
    private readonly store: IdsStore,
    private readonly protocols: IdsProtocols,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(body: unknown, client: ClientInfo): Promise<LoginResult> {
    const ids = this.config.ids;
    const protocol = this.protocols.current;
    if (!ids || !protocol) throw IdentityErrors.idsNotConfigured();
    const log = (result: 'success' | 'failure', who: { userId?: string; account?: string | null }, reason?: string, extra: Record<string, unknown> = {}) =>
      this.oplog.append({
        userId: who.userId ?? null,
        account: who.account ?? null,
        action: 'login',
        result,
        ip: client.ip,
        userAgent: client.userAgent,
        detail: { method: 'ids', protocol: protocol.name, ...(reason ? { reason } : {}), ...extra },
      });

    let input;
    try {
      input = validate(idsCheckSchema, body);
    } catch (e) {
      await log('failure', {}, 'invalid_input');
      throw e;
    }
    const started = await this.store.take(input.state);
    // Expired, used before (a replay), or never started here: the code or ticket is not even shown to the provider.
    if (!started || started.protocol !== protocol.name) {
      await log('failure', {}, 'invalid_state');
      throw IdentityErrors.idsStateInvalid();
    }
    if (!input.code) {
      await log('failure', {}, 'provider_error', { error: input.error });
      throw IdentityErrors.idsNotCompleted();
    }

    let signIn;
    try {
      signIn = await protocol.exchange({ code: input.code, state: input.state, ...(input.iss ? { iss: input.iss } : {}) }, started);
    } catch (err) {
      if (err instanceof ProviderRefused) {
        await log('failure', {}, 'ticket_rejected', { code: err.code });
        throw IdentityErrors.idsTicketInvalid();
      }
      if (err instanceof ProviderUnavailable) {
        await log('failure', {}, 'provider_unavailable');
        throw IdentityErrors.idsProviderUnavailable();
      }
      throw err;
    }

    const value = providerValue(signIn.identity, ids.userAttribute);
    if (value === null) {
      await log('failure', { account: signIn.identity.subject }, 'attribute_missing', { attribute: ids.userAttribute ?? 'subject' });
      throw IdentityErrors.idsNotCompleted();
    }
    // Just in time (IDS_JIT_ACCOUNTS, off by default): an account with no role and no password, which reaches nothing
    // until an administrator grants it roles.
    const user = (await this.store.accountBy(ids.accountAttribute, value)) ?? (ids.jitAccounts ? await this.store.createAccount(value, displayName(signIn.identity, value)) : null);
    if (!user) {
      await log('failure', { account: value }, 'unknown_account', { attribute: ids.accountAttribute });
      throw IdentityErrors.idsUnknownAccount(value);
    }
    if (!user.enabled) {
      await log('failure', { userId: user.id, account: user.account }, 'disabled');
      throw IdentityErrors.idsAccountDisabled(user.account);
    }

    const token = await this.sessions.create(user.id, client);
    await this.store.remember(token, { protocol: protocol.name, ...(signIn.ticket ? { ticket: signIn.ticket } : {}), ...(signIn.idToken ? { idToken: signIn.idToken } : {}) });
    await log('success', { userId: user.id, account: user.account }, undefined, user.created ? { created: true } : {});
    return { token, headerName: this.config.tokenHeader, userId: user.id };
  }
}
