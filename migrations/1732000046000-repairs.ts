import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Repairs (docs/product/repairs.md): the repair types of the resource kit. A type's name is unique; its handling roles
 * are role codes (none: the school office); a fixed repair waits `close_after_days` for its reporter (numeric: the
 * API takes whole days, a test shortens the wait in the table). The `repair` flow's instances live in the event store.
 */
export class Repairs1732000046000 implements MigrationInterface {
  name = 'Repairs1732000046000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE repair_type (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CONSTRAINT repair_type_name_key UNIQUE,
        description text NOT NULL DEFAULT '',
        handler_roles text[] NOT NULL DEFAULT '{}',
        close_after_days numeric NOT NULL DEFAULT 3 CHECK (close_after_days > 0),
        enabled boolean NOT NULL DEFAULT true,
        sort int NOT NULL DEFAULT 0
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE repair_type`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission LIKE 'repairs:%'`);
  }
}
