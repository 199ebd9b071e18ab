import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `schoolflow_events` is announced per appended row (`stream:version`) instead of by a statement-level trigger that
 * aggregated a transition table, and not at all for an append whose caller announces it itself (docs/adr/0011):
 * the app's engine sets `schoolflow.announce = 'caller'` inside its append statement and sends the announcements of
 * its appends batched after commit, because one NOTIFY per commit (a signal and a wake-up of every listening backend)
 * cost PostgreSQL more than the append. Any other writer — a tool, a test, hand-written SQL — is still announced by
 * the trigger at its commit. Listeners read a payload as a list of `stream:version` either way.
 */
export class RowLevelEventNotify1732000006000 implements MigrationInterface {
  name = 'RowLevelEventNotify1732000006000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER events_notify ON events`);
    await q.query(`
      CREATE OR REPLACE FUNCTION events_notify_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_notify('schoolflow_events', NEW.stream_id || ':' || NEW.version::text); RETURN NULL; END $$`);
    // The WHEN is evaluated as each row goes in, after the statement's own set_config: no function call at all for
    // the caller-announced appends.
    await q.query(`
      CREATE TRIGGER events_notify AFTER INSERT ON events FOR EACH ROW
        WHEN (current_setting('schoolflow.announce', true) IS DISTINCT FROM 'caller')
        EXECUTE FUNCTION events_notify_row()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER events_notify ON events`);
    await q.query(`DROP FUNCTION IF EXISTS events_notify_row`);
    await q.query(`CREATE TRIGGER events_notify AFTER INSERT ON events REFERENCING NEW TABLE AS appended FOR EACH STATEMENT EXECUTE FUNCTION events_notify()`);
  }
}
