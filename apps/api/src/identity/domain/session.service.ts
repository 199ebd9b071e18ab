import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ErrorCode, type SessionView } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import type { ClientInfo } from '../../infrastructure/http/request-context.js';
import { permissionsOf, rolesOf } from '../../access/domain/grants.sql.js';
import { DatabaseNotifications } from '../../infrastructure/database/database-notifications.js';
import { poolOf } from '../../infrastructure/database/pool.js';
import { KeptReads } from '../../infrastructure/cache/kept-reads.js';
import { type Prepared, prepared } from '../../infrastructure/database/prepared.js';

/** `single_logout`: the identity provider ended the sign-on session it was made from (docs/adr/0035-single-sign-on.md). */
export type RevokeReason = 'logout' | 'password_changed' | 'admin' | 'signed_in_elsewhere' | 'session_limit' | 'single_logout';

export interface ActiveSession {
  sessionId: string;
  userId: string;
  account: string;
  name: string;
  userType: string;
  lang: 'zh' | 'en';
  expiresAt: Date;
  roles: string[];
  permissions: string[];
  /** The account still has its initial password (never under single sign-on: nobody signs in with it). */
  mustChangePassword: boolean;
}

export type SessionLookup =
  | { ok: true; session: ActiveSession }
  | { ok: false; code: number; key: 'illegalToken' | 'tokenExpired' | 'otherClient' };

interface SessionRow {
  id: string;
  user_id: string;
  account: string;
  name: string;
  user_type: string;
  lang: 'zh' | 'en';
  enabled: boolean;
  must_change_password: boolean;
  expires_at: Date;
  last_seen_at: Date;
  revoked_at: Date | null;
  revoke_reason: RevokeReason | null;
  roles: string[];
  permissions: string[];
}

/** Only the SHA-256 of a token is stored: a leaked table cannot be replayed. */
export function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** Channel of the triggers that announce a session, user or grant change (migrations/1732000005000). */
export const AUTH_CHANNEL = 'schoolflow_auth';
/** A cached lookup is re-read after this long even without a change notification (defence in depth). */
const CACHE_MAX_AGE_MS = 30_000;
const CACHE_MAX_ENTRIES = 20_000;

/**
 * Drops the kept sessions an announcement names (migrations/1732000005000): `s:<session id>`, `u:<user id>`, or
 * `*` (and '') for all of them.
 */
function dropAnnounced(cache: KeptReads<string, SessionRow>, what: string): void {
  if (what === '*' || what === '') return cache.drop();
  const [kind, id] = [what.slice(0, 2), what.slice(2)];
  cache.drop((_, row) => (kind === 's:' && row.id === id) || (kind === 'u:' && row.user_id === id));
}

/**
 * A touch is written at most this often (and at least four times per lifetime, so a short-lived session can slide);
 * the sliding expiry is precise to this.
 */
const TOUCH_EVERY_MS = 15_000;

/** Whether a session is live, and if not, the code the API answers (the client's expiry modal reads it). */
export type SessionState = { live: true; expiresAt: Date } | { live: false; code: number };

type Refusal = { code: number; key: 'illegalToken' | 'tokenExpired' | 'otherClient' };

/** Why a session row does not authenticate now, or null when it does: the one statement of that rule. */
function refusalOf(row: Pick<SessionRow, 'enabled' | 'revoked_at' | 'revoke_reason' | 'expires_at'> | undefined, now: number): Refusal | null {
  if (!row || !row.enabled) return { code: ErrorCode.ILLEGAL_TOKEN, key: 'illegalToken' };
  // Signed out: the token is simply no longer valid. Ended by anything else: "signed in elsewhere / ended for you".
  if (row.revoked_at) return row.revoke_reason === 'logout' ? { code: ErrorCode.ILLEGAL_TOKEN, key: 'illegalToken' } : { code: ErrorCode.OTHER_CLIENT, key: 'otherClient' };
  if (row.expires_at.getTime() <= now) return { code: ErrorCode.TOKEN_EXPIRED, key: 'tokenExpired' };
  return null;
}

/**
 * Server-side sessions: revocable, with a sliding expiry (SESSION_TTL_SECONDS after the last request). A lookup
 * answers the session and the user's grants together (one round trip per request).
 */
@Injectable()
export class SessionService implements OnModuleInit {
  private readonly hot: Prepared;
  /**
   * Live sessions with their grants per token hash (docs/adr/0010), dropped by the triggers' announcements of any
   * instance's change, at once by this instance's own changes, all of them when the notification connection is lost.
   */
  private readonly cache = new KeptReads<string, SessionRow>(CACHE_MAX_AGE_MS, CACHE_MAX_ENTRIES);
  private readonly touchEveryMs: number;

  constructor(
    private readonly db: DataSource,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    private readonly notifications: DatabaseNotifications,
  ) {
    this.hot = prepared(poolOf(db));
    this.touchEveryMs = Math.min(TOUCH_EVERY_MS, (config.sessionTtlSeconds * 1000) / 4);
  }

  async onModuleInit(): Promise<void> {
    await this.notifications.on(AUTH_CHANNEL, (payload) => dropAnnounced(this.cache, payload));
    this.notifications.onReset(() => this.cache.drop());
  }

  /** Forget cached sessions and grants after a change made through this instance (others hear the triggers). */
  invalidate(what: { sessionId: string } | { userId: string } | 'all'): void {
    dropAnnounced(this.cache, what === 'all' ? '*' : 'sessionId' in what ? `s:${what.sessionId}` : `u:${what.userId}`);
  }

  /**
   * A new session. A user has at most MAX_SESSIONS_PER_USER live ones: beyond that the least recently used end
   * (`session_limit`; their sockets with them), so sign-ins in a loop cannot pile up sessions without bound.
   */
  async create(userId: string, client: ClientInfo): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.query(
      `WITH created AS (
         INSERT INTO sys_session (user_id, token_hash, expires_at, ip, user_agent)
         VALUES ($1, $2, now() + make_interval(secs => $3), $4, $5) RETURNING id)
       UPDATE sys_session SET revoked_at = now(), revoke_reason = 'session_limit'
        WHERE id IN (SELECT id FROM sys_session WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
                      ORDER BY last_seen_at DESC, created_at DESC OFFSET $6 - 1)
          AND id <> (SELECT id FROM created)`,
      [userId, tokenHash(token), this.config.sessionTtlSeconds, client.ip, client.userAgent, this.config.maxSessionsPerUser],
    );
    this.invalidate({ userId });
    return token;
  }

  async resolve(token: string): Promise<SessionLookup> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { ok: false, code: ErrorCode.ILLEGAL_TOKEN, key: 'illegalToken' };
    const hash = tokenHash(token);
    const key = hash.toString('base64');
    const now = Date.now();
    let row = this.notifications.live ? this.cache.get(key, now) : undefined;
    // A cached session that looks expired may have been extended by another instance: ask the database.
    if (row && row.expires_at.getTime() <= now) row = undefined;
    if (!row) {
      const epoch = this.cache.epoch;
      const rows: SessionRow[] = await this.hot.query(
        `SELECT s.id, s.user_id, u.account, u.name, u.user_type, u.lang, u.enabled, u.must_change_password, s.expires_at, s.last_seen_at, s.revoked_at, s.revoke_reason,
                ${rolesOf('s.user_id')} AS roles, ${permissionsOf('s.user_id')} AS permissions
           FROM sys_session s JOIN sys_user u ON u.id = s.user_id WHERE s.token_hash = $1`,
        [hash],
      );
      row = rows[0];
      if (row && row.enabled && !row.revoked_at && this.notifications.live) this.cache.put(key, row, epoch, now);
    }
    const refusal = refusalOf(row, Date.now());
    if (refusal || !row) return { ok: false, ...(refusal ?? { code: ErrorCode.ILLEGAL_TOKEN, key: 'illegalToken' }) };
    let expiresAt = row.expires_at;
    if (Date.now() - row.last_seen_at.getTime() > this.touchEveryMs) {
      // Marked first: concurrent requests sharing the cached row do not touch again.
      row.last_seen_at = new Date();
      const touched: { expires_at: Date }[] = await this.hot.query(
        `UPDATE sys_session SET last_seen_at = now(), expires_at = now() + make_interval(secs => $2)
          WHERE id = $1 AND revoked_at IS NULL RETURNING expires_at`,
        [row.id, this.config.sessionTtlSeconds],
      );
      expiresAt = touched[0]?.expires_at ?? expiresAt;
      // The cached row is shared by later requests: it now carries the extended expiry.
      row.expires_at = expiresAt;
    }
    return {
      ok: true,
      session: { sessionId: row.id, userId: row.user_id, account: row.account, name: row.name, userType: row.user_type, lang: row.lang, expiresAt, roles: row.roles, permissions: row.permissions, mustChangePassword: row.must_change_password && this.config.loginType !== 'IDS' },
    };
  }

  /**
   * Whether sessions are live now, read from the database (never the cache): for holders of long-lived connections
   * (sockets) deciding whether to keep them. A session that no longer exists is ended.
   */
  async states(sessionIds: readonly string[]): Promise<Map<string, SessionState>> {
    const rows: { id: string; enabled: boolean; expires_at: Date; revoked_at: Date | null; revoke_reason: RevokeReason | null }[] = await this.hot.query(
      `SELECT s.id, u.enabled, s.expires_at, s.revoked_at, s.revoke_reason FROM sys_session s JOIN sys_user u ON u.id = s.user_id WHERE s.id = ANY($1::uuid[])`,
      [sessionIds],
    );
    const now = Date.now();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return new Map(
      sessionIds.map((id): [string, SessionState] => {
        const row = byId.get(id);
        const refusal = refusalOf(row, now);
        return [id, refusal || !row ? { live: false, code: (refusal ?? { code: ErrorCode.ILLEGAL_TOKEN }).code } : { live: true, expiresAt: row.expires_at }];
      }),
    );
  }

  /** Remembers the language the user works in (pushes are rendered in it); written only when it changes. */
  async rememberLanguage(userId: string, lang: 'zh' | 'en'): Promise<void> {
    await this.db.query(`UPDATE sys_user SET lang = $2 WHERE id = $1 AND lang <> $2`, [userId, lang]);
    this.invalidate({ userId });
  }

  async expiresAt(sessionId: string): Promise<Date | null> {
    const rows: { expires_at: Date }[] = await this.db.query(`SELECT expires_at FROM sys_session WHERE id = $1`, [sessionId]);
    return rows[0]?.expires_at ?? null;
  }

  async revoke(sessionId: string, reason: RevokeReason): Promise<void> {
    await this.db.query(`UPDATE sys_session SET revoked_at = now(), revoke_reason = $2 WHERE id = $1 AND revoked_at IS NULL`, [sessionId, reason]);
    this.invalidate({ sessionId });
  }

  /** Ends every other live session of the user; answers how many. */
  async revokeOthers(userId: string, keepSessionId: string | null, reason: RevokeReason): Promise<number> {
    const rows: unknown[] = await this.db.query(
      `UPDATE sys_session SET revoked_at = now(), revoke_reason = $3
        WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid) AND expires_at > now()
        RETURNING id`,
      [userId, keepSessionId, reason],
    );
    this.invalidate({ userId });
    // TypeORM answers UPDATE ... RETURNING as [rows, count]
    const first = rows[0];
    return Array.isArray(first) ? first.length : rows.length;
  }

  async listActive(userId: string, currentSessionId: string): Promise<SessionView[]> {
    const rows: { id: string; created_at: Date; last_seen_at: Date; expires_at: Date; ip: string; user_agent: string }[] = await this.db.query(
      `SELECT id, created_at, last_seen_at, expires_at, ip, user_agent FROM sys_session
        WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() ORDER BY last_seen_at DESC LIMIT 50`,
      [userId],
    );
    return rows.map((r) => ({
      id: r.id,
      current: r.id === currentSessionId,
      createdAt: r.created_at.toISOString(),
      lastSeenAt: r.last_seen_at.toISOString(),
      expiresAt: r.expires_at.toISOString(),
      ip: r.ip,
      userAgent: r.user_agent,
    }));
  }
}
