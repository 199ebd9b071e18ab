import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Identity (users, sessions), access (roles, menus, grants), the append-only operation log and the system
 * configuration. Accounts may hold Chinese characters, so everything text is `text` in UTF-8.
 */
export class IdentityAndAccess1732000000000 implements MigrationInterface {
  name = 'IdentityAndAccess1732000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pgcrypto`);
    await q.query(`
      CREATE TABLE sys_user (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account text NOT NULL UNIQUE CHECK (length(account) BETWEEN 1 AND 50),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
        user_type text NOT NULL DEFAULT '4',
        password_hash text,
        enabled boolean NOT NULL DEFAULT true,
        failed_attempts integer NOT NULL DEFAULT 0,
        locked_until timestamptz,
        password_changed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE sys_role (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code text NOT NULL UNIQUE,
        name text NOT NULL,
        name_en text NOT NULL DEFAULT '',
        kind text NOT NULL DEFAULT 'ordinary' CHECK (kind IN ('ordinary', 'dynamic')),
        enabled boolean NOT NULL DEFAULT true,
        sort integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE sys_user_role (
        user_id uuid NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        role_id uuid NOT NULL REFERENCES sys_role(id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, role_id)
      )`);
    await q.query(`
      CREATE TABLE sys_menu (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        parent_id uuid REFERENCES sys_menu(id) ON DELETE CASCADE,
        name text NOT NULL,
        name_en text NOT NULL DEFAULT '',
        url text NOT NULL,
        permission text NOT NULL DEFAULT '',
        icon text NOT NULL DEFAULT '',
        sort integer NOT NULL DEFAULT 0,
        enabled boolean NOT NULL DEFAULT true,
        remark jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX sys_menu_parent ON sys_menu(parent_id)`);
    await q.query(`
      CREATE TABLE sys_role_menu (
        role_id uuid NOT NULL REFERENCES sys_role(id) ON DELETE CASCADE,
        menu_id uuid NOT NULL REFERENCES sys_menu(id) ON DELETE CASCADE,
        PRIMARY KEY (role_id, menu_id)
      )`);
    await q.query(`
      CREATE TABLE sys_role_permission (
        role_id uuid NOT NULL REFERENCES sys_role(id) ON DELETE CASCADE,
        permission text NOT NULL,
        PRIMARY KEY (role_id, permission)
      )`);
    await q.query(`
      CREATE TABLE sys_session (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        token_hash bytea NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        revoke_reason text CHECK (revoke_reason IN ('logout', 'password_changed', 'admin', 'signed_in_elsewhere')),
        ip text NOT NULL DEFAULT '',
        user_agent text NOT NULL DEFAULT ''
      )`);
    await q.query(`CREATE INDEX sys_session_user ON sys_session(user_id) WHERE revoked_at IS NULL`);
    await q.query(`
      CREATE TABLE sys_operation_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        user_id uuid,
        account text,
        action text NOT NULL,
        target text,
        result text NOT NULL CHECK (result IN ('success', 'failure', 'denied')),
        ip text,
        user_agent text,
        detail jsonb NOT NULL DEFAULT '{}'::jsonb
      )`);
    await q.query(`CREATE INDEX sys_operation_log_at ON sys_operation_log(at DESC)`);
    await q.query(`CREATE INDEX sys_operation_log_account ON sys_operation_log(account, at DESC)`);
    // Append-only: the log is evidence, so the database itself refuses to change or remove a row.
    await q.query(`
      CREATE FUNCTION sys_operation_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'sys_operation_log is append-only'; END $$`);
    await q.query(`
      CREATE TRIGGER sys_operation_log_no_change BEFORE UPDATE OR DELETE ON sys_operation_log
      FOR EACH ROW EXECUTE FUNCTION sys_operation_log_append_only()`);
    await q.query(`
      CREATE TRIGGER sys_operation_log_no_truncate BEFORE TRUNCATE ON sys_operation_log
      FOR EACH STATEMENT EXECUTE FUNCTION sys_operation_log_append_only()`);
    await q.query(`
      CREATE TABLE sys_config (
        key text PRIMARY KEY,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['sys_config', 'sys_operation_log', 'sys_session', 'sys_role_permission', 'sys_role_menu', 'sys_menu', 'sys_user_role', 'sys_role', 'sys_user']) {
      await q.query(`DROP TABLE IF EXISTS ${t} CASCADE`);
    }
    await q.query(`DROP FUNCTION IF EXISTS sys_operation_log_append_only`);
  }
}
