import { Inject, Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import { ApiPath } from '@schoolflow/contracts';
import { SERVER_CONFIG, type IdsConfig, type ServerConfig } from '../../../config/app-config.js';
import { logger } from '../../../infrastructure/logging/logger.js';
import type { ProviderIdentity } from './account-match.js';
import { readServiceResponse } from './cas-xml.js';
import type { StartedSignIn } from './ids.store.js';

/** The provider said no: the ticket or code is not valid (expired, used, not for us). Logged with its code. */
export class ProviderRefused extends Error {
  constructor(readonly code: string) {
    super(`provider refused: ${code}`);
  }
}

/** The provider could not be asked (down, unreachable, an answer that is not its protocol's). */
export class ProviderUnavailable extends Error {}

/** What a successful exchange yields: the person, and what the session keeps for single logout. */
export interface ProviderSignIn {
  identity: ProviderIdentity;
  ticket?: string;
  idToken?: string;
}

export interface CheckedAnswer {
  code: string;
  state: string;
  iss?: string;
}

/** One protocol's three moves (docs/adr/0035-single-sign-on.md). */
export interface IdsProtocol {
  readonly name: 'cas' | 'oidc';
  /** A new sign-in's secrets (PKCE verifier, nonce) to keep with its state. */
  secrets(): Pick<StartedSignIn, 'codeVerifier' | 'nonce'>;
  /** Where the browser goes to sign in at the provider. */
  loginUrl(state: string, started: StartedSignIn): Promise<string>;
  /** The provider's answer turned into a person, or ProviderRefused / ProviderUnavailable. */
  exchange(answer: CheckedAnswer, started: StartedSignIn): Promise<ProviderSignIn>;
  /** Where the browser goes to end the provider's session too (null: the provider offers none). */
  logoutUrl(idToken: string | null): Promise<string | null>;
}

/** Calls to a provider give up after this long: a hung provider must not hold a sign-in open. */
const PROVIDER_TIMEOUT_MS = 10_000;

type Cas = Extract<IdsConfig, { protocol: 'cas' }>;
type Oidc = Extract<IdsConfig, { protocol: 'oidc' }>;

/** The address the provider sends the browser back to (and a CAS server posts its single logout to). */
export function callbackUrl(ids: IdsConfig, baseApi: string): string {
  return `${ids.publicUrl}${baseApi}${ApiPath.idsCallback}`;
}

/** Where the browser lands after the provider's sign-out: the sign-in page, which offers single sign-on again. */
function afterLogout(ids: IdsConfig): string {
  return `${ids.publicUrl}/login`;
}

/**
 * CAS 3 (the protocol's specification, §2 and §2.5 `/p3/serviceValidate`, §2.3 `/logout`): the service is the callback
 * with the state, so a ticket is good for the one sign-in it was issued to.
 */
class CasProtocol implements IdsProtocol {
  readonly name = 'cas' as const;
  constructor(
    private readonly ids: Cas,
    private readonly baseApi: string,
  ) {}

  private service(state: string): string {
    return `${callbackUrl(this.ids, this.baseApi)}?state=${encodeURIComponent(state)}`;
  }

  secrets(): Pick<StartedSignIn, 'codeVerifier' | 'nonce'> {
    return { codeVerifier: null, nonce: null };
  }

  async loginUrl(state: string): Promise<string> {
    return `${this.ids.casBaseUrl}/login?service=${encodeURIComponent(this.service(state))}`;
  }

  async exchange(answer: CheckedAnswer): Promise<ProviderSignIn> {
    const url = `${this.ids.casBaseUrl}/p3/serviceValidate?service=${encodeURIComponent(this.service(answer.state))}&ticket=${encodeURIComponent(answer.code)}`;
    let res: Response;
    let body: string;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS), headers: { Accept: 'application/xml, text/xml' } });
      body = await res.text();
    } catch (err) {
      logger.warn({ err: String(err) }, 'CAS ticket validation: the server could not be reached');
      throw new ProviderUnavailable();
    }
    if (!res.ok) {
      logger.warn({ status: res.status }, 'CAS ticket validation: the server answered an error');
      throw new ProviderUnavailable();
    }
    const read = readServiceResponse(body);
    if (!read.ok) {
      if (read.code === 'INVALID_RESPONSE') {
        logger.warn({ description: read.description }, 'CAS ticket validation: not a CAS answer');
        throw new ProviderUnavailable();
      }
      throw new ProviderRefused(read.code);
    }
    return { identity: { subject: read.user, attributes: read.attributes }, ticket: answer.code };
  }

  async logoutUrl(): Promise<string> {
    return `${this.ids.casBaseUrl}/logout?service=${encodeURIComponent(afterLogout(this.ids))}`;
  }
}

/**
 * OpenID Connect through `openid-client` (certified): authorization code with PKCE (S256), state and nonce; the ID
 * token's signature, issuer, audience, expiry and nonce are checked by the library. The provider's metadata is
 * discovered on first use and kept; a failed discovery is tried again at the next sign-in.
 */
class OidcProtocol implements IdsProtocol {
  readonly name = 'oidc' as const;
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly ids: Oidc,
    private readonly baseApi: string,
  ) {}

  private config(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.ids.issuer);
      // http is accepted for a provider on loopback only (app-config.ts refuses it elsewhere).
      const insecure = issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {};
      this.configuration = oidc
        .discovery(issuer, this.ids.clientId, { client_secret: this.ids.clientSecret }, oidc.ClientSecretBasic(this.ids.clientSecret), {
          ...insecure,
          timeout: PROVIDER_TIMEOUT_MS / 1000,
        })
        .catch((err: unknown) => {
          this.configuration = null;
          logger.warn({ err: String(err) }, 'OIDC discovery failed');
          throw new ProviderUnavailable();
        });
    }
    return this.configuration;
  }

  secrets(): Pick<StartedSignIn, 'codeVerifier' | 'nonce'> {
    return { codeVerifier: oidc.randomPKCECodeVerifier(), nonce: oidc.randomNonce() };
  }

  async loginUrl(state: string, started: StartedSignIn): Promise<string> {
    const config = await this.config();
    return oidc
      .buildAuthorizationUrl(config, {
        redirect_uri: callbackUrl(this.ids, this.baseApi),
        scope: this.ids.scopes,
        code_challenge: await oidc.calculatePKCECodeChallenge(started.codeVerifier ?? ''),
        code_challenge_method: 'S256',
        state,
        nonce: started.nonce ?? '',
      })
      .toString();
  }

  async exchange(answer: CheckedAnswer, started: StartedSignIn): Promise<ProviderSignIn> {
    const config = await this.config();
    // The authorization response as the provider sent it to the callback (the landing page forwarded its fields).
    const current = new URL(callbackUrl(this.ids, this.baseApi));
    current.searchParams.set('code', answer.code);
    current.searchParams.set('state', answer.state);
    if (answer.iss) current.searchParams.set('iss', answer.iss);
    try {
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: started.codeVerifier ?? undefined,
        expectedState: answer.state,
        expectedNonce: started.nonce ?? undefined,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new ProviderRefused('no_id_token');
      let attributes: Record<string, unknown> = { ...claims };
      // A claim the ID token does not carry may be in the UserInfo answer (providers keep ID tokens small).
      if (this.ids.userAttribute && !(this.ids.userAttribute in attributes)) {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        attributes = { ...info, ...attributes };
      }
      return { identity: { subject: claims.sub, attributes }, idToken: tokens.id_token };
    } catch (err) {
      if (err instanceof ProviderRefused) throw err;
      if (err instanceof oidc.ResponseBodyError) throw new ProviderRefused(err.error);
      if (err instanceof oidc.AuthorizationResponseError) throw new ProviderRefused(err.error);
      if (err instanceof oidc.ClientError) throw new ProviderRefused(err.code ?? 'client_error');
      logger.warn({ err: String(err) }, 'OIDC code exchange: the provider could not be reached');
      throw new ProviderUnavailable();
    }
  }

  async logoutUrl(idToken: string | null): Promise<string | null> {
    let config: oidc.Configuration;
    try {
      config = await this.config();
    } catch {
      return null; // the platform's session has ended; the provider's is left to its own expiry
    }
    if (!config.serverMetadata().end_session_endpoint) return null;
    const params: Record<string, string> = { post_logout_redirect_uri: afterLogout(this.ids) };
    // With the hint the provider knows whose session to end without asking; without it, the client names itself.
    if (idToken) params.id_token_hint = idToken;
    else params.client_id = this.ids.clientId;
    return oidc.buildEndSessionUrl(config, params).toString();
  }
}

/** The configured protocol, or null when single sign-on is off. */
@Injectable()
export class IdsProtocols {
  readonly current: IdsProtocol | null;

  constructor(@Inject(SERVER_CONFIG) config: ServerConfig) {
    const ids = config.ids;
    this.current = !ids ? null : ids.protocol === 'cas' ? new CasProtocol(ids, config.baseApi) : new OidcProtocol(ids, config.baseApi);
  }
}
