import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { AccessService } from '../../access/domain/access.service.js';
import { SessionService } from '../../identity/domain/session.service.js';
import { OperationLogService } from '../../system/domain/operation-log.service.js';
import { AppException } from '../http/app-exception.js';
import { type AppRequest, clientOf, INITIAL_PASSWORD_OK, IS_PUBLIC, REQUIRED_PERMISSIONS } from '../http/request-context.js';
import { languageOf } from '../i18n/i18n.js';
import { InfrastructureErrors } from '../infrastructure.errors.js';

/** Reads the session token from the configured header (or the `token` query for downloads opened as links). */
export function tokenFrom(req: AppRequest, header: string): string | undefined {
  const value = req.headers[header.toLowerCase()];
  const fromHeader = Array.isArray(value) ? value[0] : value;
  if (fromHeader) return fromHeader.replace(/^Bearer\s+/i, '').trim();
  return undefined;
}

/**
 * The set of a session's permissions, made once per cached session row: the lookup answers the same array to every
 * request while the row is cached, and an administrator holds a few hundred permissions.
 */
const permissionSets = new WeakMap<readonly string[], ReadonlySet<string>>();
function permissionSetOf(permissions: readonly string[]): ReadonlySet<string> {
  let set = permissionSets.get(permissions);
  if (!set) {
    set = new Set(permissions);
    permissionSets.set(permissions, set);
  }
  return set;
}

/**
 * Global guard: every route needs a live session unless marked @Public(); routes with @RequirePermissions need
 * every listed value. Refusals answer 403 and are written to the operation log.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
    private readonly oplog: OperationLogService,
    private readonly access: AccessService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const targets = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const req = ctx.switchToHttp().getRequest<AppRequest>();
    const token = tokenFrom(req, this.config.tokenHeader);
    if (!token) throw InfrastructureErrors.loginRequired();
    const found = await this.sessions.resolve(token);
    if (!found.ok) throw AppException.unauthenticated(found.code, found.key);
    const s = found.session;
    const lang = languageOf(req);
    if (lang !== s.lang) await this.sessions.rememberLanguage(s.userId, lang);
    const grants = await this.access.withDynamic(s.userId, { roles: s.roles, permissions: permissionSetOf(s.permissions) });
    req.principal = {
      userId: s.userId,
      account: s.account,
      name: s.name,
      userType: s.userType,
      sessionId: s.sessionId,
      roles: grants.roles,
      permissions: grants.permissions,
    };
    if (s.mustChangePassword && !this.reflector.getAllAndOverride<boolean>(INITIAL_PASSWORD_OK, targets)) throw InfrastructureErrors.mustChangePassword();
    const required = this.reflector.getAllAndOverride<string[] | undefined>(REQUIRED_PERMISSIONS, targets) ?? [];
    const missing = required.filter((p) => !grants.permissions.has(p));
    if (missing.length > 0) {
      const client = clientOf(req);
      await this.oplog.append({
        userId: s.userId,
        account: s.account,
        action: 'access.denied',
        target: `${req.method} ${req.path}`,
        result: 'denied',
        ip: client.ip,
        userAgent: client.userAgent,
        detail: { missing },
      });
      throw AppException.forbidden();
    }
    return true;
  }
}
