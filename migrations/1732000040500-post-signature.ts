import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Confirmation with a signature (issue 24; docs/product/publishing.md#receipts): a post may ask that a confirmation
 * carry a signature image, and each confirmed receipt names the signature it came with (the rows a parent confirms
 * for a child carry the parent's). A signature asked for implies a confirmation asked for.
 */
export class PostSignature1732000040500 implements MigrationInterface {
  name = 'PostSignature1732000040500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE post ADD COLUMN require_signature boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE post ADD CONSTRAINT post_signature_needs_confirm CHECK (NOT require_signature OR require_confirm)`);
    await q.query(`ALTER TABLE post_recipient ADD COLUMN signature_id uuid`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE post_recipient DROP COLUMN signature_id`);
    await q.query(`ALTER TABLE post DROP CONSTRAINT post_signature_needs_confirm`);
    await q.query(`ALTER TABLE post DROP COLUMN require_signature`);
  }
}
