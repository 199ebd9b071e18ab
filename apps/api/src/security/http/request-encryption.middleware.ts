import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import { ApiPath, isEncryptedBody, isPlainPath, replayMemoryMs, SIGN_HEADER, signTimeFresh, type SignRefusal } from '@schoolflow/contracts';
import type { NextFunction, Request, Response } from 'express';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { SessionService } from '../../identity/domain/session.service.js';
import { tokenFrom } from '../../infrastructure/auth/auth.guard.js';
import type { AppException } from '../../infrastructure/http/app-exception.js';
import { clientOf } from '../../infrastructure/http/request-context.js';
import { OperationLogService } from '../../system/domain/operation-log.service.js';
import { decryptRequestBody, encryptResponseBody, openSign } from '../domain/request-crypto.js';
import { RequestKeyStore } from '../domain/request-key.store.js';
import { RequestEncryptionSwitch } from '../domain/request-encryption-switch.js';
import { ReplayGuard } from '../domain/replay-guard.js';
import { SecurityErrors } from '../security.errors.js';

const REFUSALS: Record<SignRefusal, () => AppException> = {
  missing: SecurityErrors.signMissing,
  invalid: SecurityErrors.signInvalid,
  stale: SecurityErrors.signStale,
  replayed: SecurityErrors.signReplayed,
  user: SecurityErrors.signUser,
  body: SecurityErrors.signBody,
};

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Request encryption on the wire (docs/adr/0036-request-encryption.md). Runs after the body parsers and before the
 * guards, for every path under BASE_API outside the plain ones:
 * - while REQUEST_ENCRYPT is on, a call without the sign header is refused; a signed call is accepted whether it is on
 *   or off (a page loaded before an administrator switched it off keeps working until it reloads);
 * - the sign must open with the server's key, be inside the replay window, use a body key not seen before and name
 *   the session's user; the body, if any, must be `{data}` sealed under the sign's key and is replaced by its JSON;
 *   multipart bodies (uploads, imports) stay plain, as do binary answers;
 * - every JSON answer of a signed call, refusals of the guards and handlers included, leaves as `{data}` sealed
 *   under the same key, with its HTTP status;
 * - the refusals here answer in plain (the caller may hold no key), are written to the operation log, and nothing
 *   after them runs.
 */
@Injectable()
export class RequestEncryptionMiddleware implements NestMiddleware {
  private readonly windowMs: number;

  constructor(
    private readonly encryption: RequestEncryptionSwitch,
    private readonly keyStore: RequestKeyStore,
    private readonly replays: ReplayGuard,
    private readonly sessions: SessionService,
    private readonly oplog: OperationLogService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {
    this.windowMs = config.requestSignWindowSeconds * 1000;
  }

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    const path = this.apiPath(req);
    if (path === null || isPlainPath(path) || req.method === 'OPTIONS') return next();
    const header = req.headers[SIGN_HEADER];
    const sign = Array.isArray(header) ? header[0] : header;
    if (!sign) {
      if (await this.encryption.enabled()) return this.refuse(req, path, 'missing', null);
      return next();
    }

    const payload = openSign(await this.keyStore.keys(), sign);
    if (!payload) return this.refuse(req, path, 'invalid', null);
    const now = Date.now();
    if (!signTimeFresh(payload.t, now, this.windowMs)) return this.refuse(req, path, 'stale', null);

    // Only a live session has a user to compare with; without one the route's own guard decides (and a caller whose
    // session expired gets the expiry answer it needs, under encryption). The permission read may name nobody: it is
    // the call that tells a page holding only a token (handed over in the address, or by single sign-on) who it is.
    const user = await this.sessionUser(req);
    if (user && payload.u !== user.userId && !(payload.u === '' && path === ApiPath.getPermission)) return this.refuse(req, path, 'user', user);

    if (!(await this.replays.firstUse(payload.k, replayMemoryMs(payload.t, now, this.windowMs)))) return this.refuse(req, path, 'replayed', user);

    if (hasBody(req) && !req.is('multipart/form-data')) {
      const body: unknown = req.body;
      const plain = isEncryptedBody(body) ? decryptRequestBody(payload.k, body.data) : null;
      let parsed: unknown;
      try {
        parsed = plain === null ? undefined : JSON.parse(plain);
      } catch {
        parsed = undefined;
      }
      if (typeof parsed !== 'object' || parsed === null) return this.refuse(req, path, 'body', user);
      req.body = parsed;
    }

    const json = res.json.bind(res);
    res.json = (answer: unknown) => json({ data: encryptResponseBody(payload.k, JSON.stringify(answer) ?? 'null') });
    next();
  }

  /** The path relative to BASE_API without its query, or null outside it (the SPA's files). */
  private apiPath(req: Request): string | null {
    const url = req.originalUrl;
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    const base = this.config.baseApi;
    if (pathname !== base && !pathname.startsWith(`${base}/`)) return null;
    return pathname.slice(base.length) || '/';
  }

  private async sessionUser(req: Request): Promise<{ userId: string; account: string } | null> {
    const token = tokenFrom(req, this.config.tokenHeader);
    const found = token ? await this.sessions.resolve(token) : null;
    return found?.ok ? found.session : null;
  }

  /** Logs the refusal (with the session's user, when the call has one) and answers it through the exception filter. */
  private async refuse(req: Request, path: string, reason: SignRefusal, known: { userId: string; account: string } | null): Promise<never> {
    const user = known ?? (await this.sessionUser(req).catch(() => null));
    const client = clientOf(req);
    await this.oplog.append({
      userId: user?.userId ?? null,
      account: user?.account ?? null,
      action: 'security.signRefused',
      target: `${req.method} ${path}`.slice(0, 300),
      result: 'denied',
      ip: client.ip,
      userAgent: client.userAgent,
      detail: { sign: reason },
    });
    throw REFUSALS[reason]();
  }
}
