import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Change notifications that let each app instance cache what every request reads (docs/adr/0010):
 * - `schoolflow_auth`: a session revoked, shortened or deleted (`s:<session id>`), a user's signed-in identity or
 *   enabled flag changed (`u:<user id>`), or any role, grant, menu or membership changed (`*`). Fired by triggers,
 *   so a change made by any instance, tool or hand-written SQL reaches every cache.
 * - `schoolflow_events` now names the streams an append reached and their new version (`stream:version,...`, or
 *   `*` when too long), so an instance drops a stream state it cached from an older version.
 * NOTIFY is transactional: it is delivered at commit, never for a rolled-back change.
 */
export class ChangeNotifications1732000005000 implements MigrationInterface {
  name = 'ChangeNotifications1732000005000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION auth_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_notify('schoolflow_auth', 's:' || OLD.id::text); RETURN NULL; END $$`);
    // Touches (sliding expiry moving forward) and last_seen_at do not invalidate; everything that ends or shortens one does.
    await q.query(`
      CREATE TRIGGER sys_session_auth_changed AFTER UPDATE ON sys_session FOR EACH ROW
        WHEN (NEW.revoked_at IS DISTINCT FROM OLD.revoked_at OR NEW.expires_at < OLD.expires_at
              OR NEW.user_id <> OLD.user_id OR NEW.token_hash <> OLD.token_hash)
        EXECUTE FUNCTION auth_session_changed()`);
    await q.query(`CREATE TRIGGER sys_session_auth_deleted AFTER DELETE ON sys_session FOR EACH ROW EXECUTE FUNCTION auth_session_changed()`);
    await q.query(`
      CREATE FUNCTION auth_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_notify('schoolflow_auth', 'u:' || OLD.id::text); RETURN NULL; END $$`);
    await q.query(`
      CREATE TRIGGER sys_user_auth_changed AFTER UPDATE ON sys_user FOR EACH ROW
        WHEN ((NEW.account, NEW.name, NEW.user_type, NEW.enabled, NEW.lang) IS DISTINCT FROM (OLD.account, OLD.name, OLD.user_type, OLD.enabled, OLD.lang))
        EXECUTE FUNCTION auth_user_changed()`);
    await q.query(`CREATE TRIGGER sys_user_auth_deleted AFTER DELETE ON sys_user FOR EACH ROW EXECUTE FUNCTION auth_user_changed()`);
    await q.query(`
      CREATE FUNCTION auth_grants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_notify('schoolflow_auth', '*'); RETURN NULL; END $$`);
    for (const table of ['sys_user_role', 'sys_role', 'sys_role_menu', 'sys_menu', 'sys_role_permission']) {
      await q.query(`CREATE TRIGGER ${table}_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION auth_grants_changed()`);
    }

    await q.query(`DROP TRIGGER events_notify ON events`);
    await q.query(`
      CREATE OR REPLACE FUNCTION events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE payload text;
      BEGIN
        SELECT string_agg(stream_id || ':' || v::text, ',') INTO payload
          FROM (SELECT stream_id, max(version) AS v FROM appended GROUP BY stream_id) s;
        -- NOTIFY payloads are limited to 8000 bytes: a larger append says "anything may have changed".
        IF payload IS NULL OR octet_length(payload) > 7900 THEN payload := '*'; END IF;
        PERFORM pg_notify('schoolflow_events', payload);
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER events_notify AFTER INSERT ON events REFERENCING NEW TABLE AS appended FOR EACH STATEMENT EXECUTE FUNCTION events_notify()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER events_notify ON events`);
    await q.query(`
      CREATE OR REPLACE FUNCTION events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_notify('schoolflow_events', ''); RETURN NULL; END $$`);
    await q.query(`CREATE TRIGGER events_notify AFTER INSERT ON events FOR EACH STATEMENT EXECUTE FUNCTION events_notify()`);
    for (const table of ['sys_user_role', 'sys_role', 'sys_role_menu', 'sys_menu', 'sys_role_permission']) {
      await q.query(`DROP TRIGGER IF EXISTS ${table}_auth_changed ON ${table}`);
    }
    await q.query(`DROP TRIGGER IF EXISTS sys_user_auth_changed ON sys_user`);
    await q.query(`DROP TRIGGER IF EXISTS sys_user_auth_deleted ON sys_user`);
    await q.query(`DROP TRIGGER IF EXISTS sys_session_auth_changed ON sys_session`);
    await q.query(`DROP TRIGGER IF EXISTS sys_session_auth_deleted ON sys_session`);
    await q.query(`DROP FUNCTION IF EXISTS auth_grants_changed`);
    await q.query(`DROP FUNCTION IF EXISTS auth_user_changed`);
    await q.query(`DROP FUNCTION IF EXISTS auth_session_changed`);
  }
}
