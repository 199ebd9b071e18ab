import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `schoolflow_events` is announced by a row-level trigger (`stream:version` per appended event) instead of a
 * statement-level one that aggregated a transition table: the transition table's tuplestore, the aggregate query and
 * its plpgsql call cost more than the append itself on the hot path (docs/benchmarks.md). Listeners already read a
 * payload as a list of `stream:version`, so one entry per notification is the same contract. NOTIFY stays
 * transactional: delivered at commit, never for a rolled-back append; identical payloads in one transaction fold.
 */
export class RowLevelEventNotify1732000006000 implements MigrationInterface {
  name = 'RowLevelEventNotify1732000006000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER events_notify ON events`);
    await q.query(`
      CREATE OR REPLACE FUNCTION events_notify_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_notify('schoolflow_events', NEW.stream_id || ':' || NEW.version::text); RETURN NULL; END $$`);
    await q.query(`CREATE TRIGGER events_notify AFTER INSERT ON events FOR EACH ROW EXECUTE FUNCTION events_notify_row()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER events_notify ON events`);
    await q.query(`DROP FUNCTION IF EXISTS events_notify_row`);
    await q.query(`CREATE TRIGGER events_notify AFTER INSERT ON events REFERENCING NEW TABLE AS appended FOR EACH STATEMENT EXECUTE FUNCTION events_notify()`);
  }
}
