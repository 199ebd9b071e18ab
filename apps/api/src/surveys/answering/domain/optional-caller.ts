import { Inject, Injectable } from '@nestjs/common';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { tokenFrom } from '../../../infrastructure/auth/auth.guard.js';
import type { AppRequest } from '../../../infrastructure/http/request-context.js';
import { SessionService } from '../../../identity/domain/session.service.js';

/** Who calls a public questionnaire route: a signed-in user (their account decides "once") or nobody known. */
export interface Caller {
  userId: string;
  permissions: ReadonlySet<string>;
}

/**
 * The caller of a route that needs no session (`/anon/surveys/**`): the session of the token sent, if it is live.
 * A missing, stale or foreign token is simply no caller — a public paper does not fail because a browser kept an
 * old token — while a signed-in audience's paper then asks to sign in.
 */
@Injectable()
export class OptionalCaller {
  constructor(
    private readonly sessions: SessionService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async of(req: AppRequest): Promise<Caller | null> {
    const token = tokenFrom(req, this.config.tokenHeader);
    if (!token) return null;
    const found = await this.sessions.resolve(token);
    if (!found.ok) return null;
    return { userId: found.session.userId, permissions: new Set(found.session.permissions) };
  }
}
