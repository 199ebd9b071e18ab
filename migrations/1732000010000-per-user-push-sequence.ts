import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pushes numbered per user without gaps (docs/adr/0018). The global `seq` let a client drop a push that arrived after
 * a later one — which happens whenever two instances emit to one user (one locally, the other through Redis) — and
 * gave it no way to see that anything was missing. `user_seq` counts each user's pushes 1, 2, 3, …: a client that
 * receives n+2 after n knows n+1 is on its way or lost, and asks for it.
 */
export class PerUserPushSequence1732000010000 implements MigrationInterface {
  name = 'PerUserPushSequence1732000010000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE push_counter (user_id uuid PRIMARY KEY, seq bigint NOT NULL)`);
    await q.query(`ALTER TABLE push_log ADD COLUMN user_seq bigint`);
    await q.query(`
      UPDATE push_log p SET user_seq = n.rn
        FROM (SELECT seq, row_number() OVER (PARTITION BY user_id ORDER BY seq) AS rn FROM push_log) n
       WHERE n.seq = p.seq`);
    await q.query(`ALTER TABLE push_log ALTER COLUMN user_seq SET NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX push_log_user_seq ON push_log (user_id, user_seq)`);
    await q.query(`DROP INDEX push_log_user`);
    await q.query(`INSERT INTO push_counter (user_id, seq) SELECT user_id, max(user_seq) FROM push_log GROUP BY user_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX push_log_user ON push_log (user_id, seq)`);
    await q.query(`DROP INDEX push_log_user_seq`);
    await q.query(`ALTER TABLE push_log DROP COLUMN user_seq`);
    await q.query(`DROP TABLE push_counter`);
  }
}
