import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Certificates the school issues when a proof passes (在读证明; docs/product/workflows.md#certificates): one per instance, written by the flow's
 * effect of the committed approval. What the certificate states is frozen in `content` the day it is issued (a later
 * change of class or name does not rewrite a paper already handed out); its verification code is the key anyone
 * checks it by, without signing in.
 */
export class Certificates1732000019000 implements MigrationInterface {
  name = 'Certificates1732000019000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE wf_certificate (
        code text PRIMARY KEY CHECK (code ~ '^[0-9A-HJKMNP-TV-Z]{12}$'),
        instance_id uuid NOT NULL UNIQUE,
        flow text NOT NULL,
        student_id uuid NOT NULL REFERENCES student(id),
        language text NOT NULL CHECK (language IN ('zh', 'en')),
        content jsonb NOT NULL,
        issued_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE wf_certificate`);
  }
}
