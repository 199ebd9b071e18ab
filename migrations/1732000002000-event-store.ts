import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event store (docs/architecture.md#event-store) and subscription checkpoints.
 * `transaction_id` (the appending transaction's xid8) lets subscribers read only events of transactions that can
 * no longer be in flight, so a position read past an uncommitted append never skips it (docs/adr/0005).
 */
export class EventStore1732000002000 implements MigrationInterface {
  name = 'EventStore1732000002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE events (
        position bigserial PRIMARY KEY,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        stream_id text NOT NULL,
        stream_type text NOT NULL,
        version integer NOT NULL CHECK (version >= 1),
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (stream_id, version)
      )`);
    await q.query(`CREATE INDEX events_tx_position ON events (transaction_id, position)`);
    await q.query(`CREATE INDEX events_stream_type ON events (stream_type, position)`);
    await q.query(`
      CREATE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'events are append-only'; END $$`);
    await q.query(`CREATE TRIGGER events_no_change BEFORE UPDATE OR DELETE ON events FOR EACH ROW EXECUTE FUNCTION events_append_only()`);
    // Subscribers LISTEN on this channel; NOTIFY is delivered at commit, so a wake-up always finds the rows.
    await q.query(`
      CREATE FUNCTION events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_notify('schoolflow_events', ''); RETURN NULL; END $$`);
    await q.query(`CREATE TRIGGER events_notify AFTER INSERT ON events FOR EACH STATEMENT EXECUTE FUNCTION events_notify()`);
    await q.query(`
      CREATE TABLE subscription_checkpoints (
        name text PRIMARY KEY,
        transaction_id xid8 NOT NULL DEFAULT '0'::xid8,
        position bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS subscription_checkpoints`);
    await q.query(`DROP TABLE IF EXISTS events`);
    await q.query(`DROP FUNCTION IF EXISTS events_append_only`);
    await q.query(`DROP FUNCTION IF EXISTS events_notify`);
  }
}
