import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Envelope, type IdsStartResult, idsStartQuerySchema } from '@schoolflow/contracts';
import type { z } from 'zod';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { ok } from '../../../infrastructure/http/envelope.js';
import { Public } from '../../../infrastructure/http/request-context.js';
import { ValidQuery } from '../../../infrastructure/http/valid-input.js';
import { IdsProtocols, ProviderUnavailable } from '../../domain/ids/ids-protocols.js';
import { IdsStore } from '../../domain/ids/ids.store.js';
import { IdentityErrors } from '../../identity.errors.js';
import { LoginThrottlerGuard } from '../login/login-throttler.guard.js';

const HOME = '/dashboard';

/** A control character (a tab or newline in a path is how header and address tricks begin). */
const hasControl = (s: string): boolean => [...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * Only a path of this site comes back (no `//host`, no scheme, no backslash a browser reads as a slash): the address
 * travels through the provider, so it must never become an open redirect.
 */
export function returnPath(raw: string | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || hasControl(raw) || raw.startsWith('/login') || raw.startsWith('/sso/')) return HOME;
  return raw;
}

/**
 * Starts a single sign-on (docs/adr/0035-single-sign-on.md): a new single-use state, the PKCE verifier and nonce for
 * OIDC kept with it on the server, and the provider's sign-in address answered for the browser to go to.
 */
@ApiTags('identity')
@Controller()
export class IdsStartController {
  constructor(
    private readonly store: IdsStore,
    private readonly protocols: IdsProtocols,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  @Public()
  // each start writes a row: the sign-in's per-address limit keeps a loop from filling the table
  @UseGuards(LoginThrottlerGuard)
  @Get('anon/api/auth/start')
  @ApiOperation({ summary: 'Single sign-on: where the browser goes to sign in at the identity provider' })
  async start(@ValidQuery(idsStartQuerySchema) query: z.output<typeof idsStartQuerySchema>): Promise<Envelope<IdsStartResult>> {
    const protocol = this.protocols.current;
    const ids = this.config.ids;
    if (!protocol || !ids) throw IdentityErrors.idsNotConfigured();
    const started = { protocol: protocol.name, redirect: returnPath(query.redirect), ...protocol.secrets() };
    const state = await this.store.start(started, ids.stateTtlSeconds);
    try {
      return ok({ url: await protocol.loginUrl(state, started) });
    } catch (err) {
      if (err instanceof ProviderUnavailable) throw IdentityErrors.idsProviderUnavailable();
      throw err;
    }
  }
}
