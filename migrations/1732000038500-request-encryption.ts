import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Request encryption (docs/adr/0036-request-encryption.md):
 * - `sys_request_key`: the one X25519 key pair every instance signs with, made by the first instance that needs it.
 *   Only the app's own role reads it: the role-query account is granted views, never this table (docs/adr/0014).
 * - `schoolflow_config`: a change of the REQUEST_ENCRYPT switch in `sys_config` is announced, so every instance drops its
 *   cached value at once (docs/adr/0010's channel-per-concern pattern).
 */
export class RequestEncryption1732000038500 implements MigrationInterface {
  name = 'RequestEncryption1732000038500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sys_request_key (
        id smallint PRIMARY KEY CHECK (id = 1),
        public_key text NOT NULL,
        private_key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE FUNCTION schoolflow_config_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE changed text := CASE WHEN TG_OP = 'DELETE' THEN OLD.key ELSE NEW.key END;
      BEGIN
        IF changed LIKE 'security.%' THEN PERFORM pg_notify('schoolflow_config', changed); END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER sys_config_security_notify AFTER INSERT OR UPDATE OR DELETE ON sys_config
      FOR EACH ROW EXECUTE FUNCTION schoolflow_config_notify()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER sys_config_security_notify ON sys_config`);
    await q.query(`DROP FUNCTION schoolflow_config_notify()`);
    await q.query(`DROP TABLE sys_request_key`);
  }
}
