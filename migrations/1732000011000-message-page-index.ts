import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A user's messages newest first, one page at a time (the message list pages in SQL now: it read and rendered every
 * message of a user for each page). The index of 1732000003000 leads with status, so it serves the unread list only.
 */
export class MessagePageIndex1732000011000 implements MigrationInterface {
  name = 'MessagePageIndex1732000011000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX message_recipient_created ON message (recipient_id, created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX message_recipient_created`);
  }
}
