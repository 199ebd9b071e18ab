import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { loginSchema, type LoginResult, UNSTORABLE_TEXT } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo } from '../../../infrastructure/http/request-context.js';
import { validate } from '../../../infrastructure/http/validate.js';
import { OperationLogService } from '../../../system/domain/operation-log.service.js';
import { PasswordHasher } from '../../domain/password-hasher.js';
import { SessionService } from '../../domain/session.service.js';
import { IdentityErrors } from '../../identity.errors.js';

interface UserRow {
  id: string;
  account: string;
  password_hash: string | null;
  enabled: boolean;
  locked: boolean;
  must_change_password: boolean;
}

/**
 * Sign-in. Every failure answers the same message (unknown account, wrong password, disabled, locked), so the
 * answer never tells which part was wrong or that an account exists. After LOGIN_MAX_FAILURES wrong passwords
 * the account is locked for LOGIN_LOCK_SECONDS. Every attempt is written to the operation log with its reason.
 */
@Injectable()
export class LoginHandler {
  constructor(
    private readonly db: DataSource,
    private readonly sessions: SessionService,
    private readonly oplog: OperationLogService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(body: unknown, client: ClientInfo): Promise<LoginResult> {
    // The account as typed, without what no column can store (a NUL made this attempt a 500, unlogged: finding 6).
    const typed = (body as { username?: unknown } | null)?.username;
    const attempted = typeof typed === 'string' ? typed.replace(new RegExp(UNSTORABLE_TEXT.source, 'g'), '').trim().slice(0, 50) : null;
    let input;
    try {
      input = validate(loginSchema, body);
    } catch (e) {
      // Refused before any password check, but still an attempt: logged, and — when the rest names an account —
      // counted toward its lockout like a wrong password (the per-address limit has counted it already).
      const known: { id: string; locked: boolean }[] = attempted
        ? await this.db.query(`SELECT id, (locked_until IS NOT NULL AND locked_until > now()) AS locked FROM sys_user WHERE account = $1`, [attempted])
        : [];
      // Not while locked (as a wrong password is not): else such attempts every few minutes would keep it locked.
      if (known[0] && !known[0].locked) await this.countFailure(known[0].id);
      await this.log(known[0]?.id ?? null, attempted, 'failure', client, 'invalid_input');
      throw e;
    }
    const rows: UserRow[] = await this.db.query(
      `SELECT id, account, password_hash, enabled, must_change_password, (locked_until IS NOT NULL AND locked_until > now()) AS locked
         FROM sys_user WHERE account = $1`,
      [input.username],
    );
    const user = rows[0];
    const digest = await PasswordHasher.digest(this.config.pwdHashPrefix, input.username, input.password);
    const valid = await PasswordHasher.verifyDigest(user?.password_hash ?? null, digest);

    if (!user) return this.refuse(null, input.username, client, 'unknown_account');
    if (user.locked) return this.refuse(user.id, user.account, client, 'locked');
    if (!valid) {
      const locked = await this.countFailure(user.id);
      return this.refuse(user.id, user.account, client, locked ? 'wrong_password_locked' : 'wrong_password');
    }
    if (!user.enabled) return this.refuse(user.id, user.account, client, 'disabled');

    await this.db.query(`UPDATE sys_user SET failed_attempts = 0, locked_until = NULL, last_failed_at = NULL WHERE id = $1`, [user.id]);
    const token = await this.sessions.create(user.id, client);
    await this.log(user.id, user.account, 'success', client);
    return { token, headerName: this.config.tokenHeader, userId: user.id, ...(user.must_change_password ? { mustChangePassword: true } : {}) };
  }

  /**
   * One statement, so concurrent wrong passwords cannot skip the lock. Failures count only within the window of the
   * last one (a failure after a quiet window starts again at one). Answers whether this failure locked the account.
   */
  private async countFailure(userId: string): Promise<boolean> {
    const rows: [{ locked: boolean }[], number] = await this.db.query(
      `WITH before AS (
         SELECT id, CASE WHEN last_failed_at IS NULL OR last_failed_at < now() - make_interval(secs => $4) THEN 0 ELSE failed_attempts END AS recent
           FROM sys_user WHERE id = $1 FOR UPDATE)
       UPDATE sys_user u SET
         failed_attempts = CASE WHEN b.recent + 1 >= $2 THEN 0 ELSE b.recent + 1 END,
         locked_until = CASE WHEN b.recent + 1 >= $2 THEN now() + make_interval(secs => $3) ELSE u.locked_until END,
         last_failed_at = now()
         FROM before b WHERE u.id = b.id
       RETURNING (u.locked_until IS NOT NULL AND u.locked_until > now()) AS locked`,
      [userId, this.config.loginMaxFailures, this.config.loginLockSeconds, this.config.loginFailureWindowSeconds],
    );
    return rows[0]?.[0]?.locked ?? false;
  }

  private async refuse(userId: string | null, account: string, client: ClientInfo, reason: string): Promise<never> {
    await this.log(userId, account, 'failure', client, reason);
    throw IdentityErrors.badCredentials();
  }

  private log(userId: string | null, account: string | null, result: 'success' | 'failure', client: ClientInfo, reason?: string): Promise<void> {
    return this.oplog.append({
      userId,
      account,
      action: 'login',
      result,
      ip: client.ip,
      userAgent: client.userAgent,
      detail: reason ? { reason } : {},
    });
  }
}
