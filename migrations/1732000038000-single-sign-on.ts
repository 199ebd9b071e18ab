import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Single sign-on (docs/adr/0035-single-sign-on.md). `sys_ids_state`: a sign-in started at the provider, kept until its
 * answer comes back (single-use, short-lived; only the hash of the state that travels in the address is stored).
 * `sys_ids_session`: what a session made by single sign-on remembers of the provider — the CAS ticket's hash, so the CAS
 * server's single logout finds the session, and the OIDC ID token, the hint its end-session endpoint takes.
 */
export class SingleSignOn1732000038000 implements MigrationInterface {
  name = 'SingleSignOn1732000038000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sys_ids_state (
        state_hash bytea PRIMARY KEY,
        protocol text NOT NULL CHECK (protocol IN ('cas', 'oidc')),
        redirect text NOT NULL,
        code_verifier text,
        nonce text,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX sys_ids_state_expires ON sys_ids_state(expires_at)`);
    await q.query(`
      CREATE TABLE sys_ids_session (
        session_id uuid PRIMARY KEY REFERENCES sys_session(id) ON DELETE CASCADE,
        protocol text NOT NULL CHECK (protocol IN ('cas', 'oidc')),
        ticket_hash bytea,
        id_token text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX sys_ids_session_ticket ON sys_ids_session(ticket_hash) WHERE ticket_hash IS NOT NULL`);
    await q.query(`ALTER TABLE sys_session DROP CONSTRAINT sys_session_revoke_reason_check`);
    await q.query(
      `ALTER TABLE sys_session ADD CONSTRAINT sys_session_revoke_reason_check CHECK (revoke_reason IN ('logout', 'password_changed', 'admin', 'signed_in_elsewhere', 'session_limit', 'single_logout'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE sys_session SET revoke_reason = 'logout' WHERE revoke_reason = 'single_logout'`);
    await q.query(`ALTER TABLE sys_session DROP CONSTRAINT sys_session_revoke_reason_check`);
    await q.query(
      `ALTER TABLE sys_session ADD CONSTRAINT sys_session_revoke_reason_check CHECK (revoke_reason IN ('logout', 'password_changed', 'admin', 'signed_in_elsewhere', 'session_limit'))`,
    );
    await q.query(`DROP TABLE sys_ids_session`);
    await q.query(`DROP TABLE sys_ids_state`);
  }
}
