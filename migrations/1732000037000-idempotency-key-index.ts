import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An Idempotency-Key is bound to the one request it was first sent with (docs/adr/0028): a command looks its key up
 * wherever its user sent it — on this instance's stream or another's — in one indexed read. Only events appended with a
 * key carry one; the index holds just those.
 */
export class IdempotencyKeyIndex1732000037000 implements MigrationInterface {
  name = 'IdempotencyKeyIndex1732000037000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX events_idempotency_key ON events ((metadata->>'idempotencyKey')) WHERE metadata ? 'idempotencyKey'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX events_idempotency_key`);
  }
}
