import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hardening, finding 7: failed sign-ins count only within a window (LOGIN_FAILURE_WINDOW_SECONDS) — three of last
 * week and two of today no longer lock an account — so the last failure's time is kept; and a user has at most
 * MAX_SESSIONS_PER_USER live sessions — a new one ends the least recently used, with its own reason.
 */
export class SignInWindowAndSessionCap1732000009000 implements MigrationInterface {
  name = 'SignInWindowAndSessionCap1732000009000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sys_user ADD COLUMN last_failed_at timestamptz`);
    await q.query(`ALTER TABLE sys_session DROP CONSTRAINT sys_session_revoke_reason_check`);
    await q.query(`ALTER TABLE sys_session ADD CONSTRAINT sys_session_revoke_reason_check CHECK (revoke_reason IN ('logout', 'password_changed', 'admin', 'signed_in_elsewhere', 'session_limit'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE sys_session SET revoke_reason = 'signed_in_elsewhere' WHERE revoke_reason = 'session_limit'`);
    await q.query(`ALTER TABLE sys_session DROP CONSTRAINT sys_session_revoke_reason_check`);
    await q.query(`ALTER TABLE sys_session ADD CONSTRAINT sys_session_revoke_reason_check CHECK (revoke_reason IN ('logout', 'password_changed', 'admin', 'signed_in_elsewhere'))`);
    await q.query(`ALTER TABLE sys_user DROP COLUMN last_failed_at`);
  }
}
