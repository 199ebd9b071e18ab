import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Written messages (站内信, issue 26 part 1; docs/product/messages.md, docs/adr/0040-written-messages.md): a `letter` is
 * what its author writes — a draft, then sent — and each recipient's copy is a row of the one inbox (`message`), as
 * what workflows send already is: the bell, the unread list and getInfoByRecipient/getInfoById read them unchanged.
 *
 * - `letter.recipients` keeps the selection as chosen (people, organisations, roles, classes); the people are resolved
 *   when it is sent, into `message` rows (`letter_id`, `sender_id`): the recipient list is a snapshot.
 * - Trash is per copy: a recipient's copy (`message.trashed_at`), the author's copy of a draft or a sent letter
 *   (`letter.trashed_at`). Deleting for good removes a recipient's copy; the author's copy of a sent letter is only
 *   marked (`purged_at`): the recipients' copies read its text.
 * - Two writable types join STD_MESSAGE_TYPE: 5 站内信 (letter) and 6 通知 (notice); 1–4 stay the system's.
 */
export class Letters1732000041000 implements MigrationInterface {
  name = 'Letters1732000041000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE letter (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        author_id uuid NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        type text NOT NULL,
        -- a draft may be saved before it has a title; sending needs one (checked by the contract and here)
        title text NOT NULL DEFAULT '' CHECK (length(title) <= 100),
        content text NOT NULL DEFAULT '',
        link text CHECK (link IS NULL OR length(link) <= 500),
        recipients jsonb NOT NULL DEFAULT '[]'::jsonb,
        attachments uuid[] NOT NULL DEFAULT '{}',
        reply_to uuid REFERENCES message(id) ON DELETE SET NULL,
        state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'sending', 'sent')),
        recipient_count integer NOT NULL DEFAULT 0,
        job_id uuid,
        trashed_at timestamptz,
        purged_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        CONSTRAINT letter_sent_titled CHECK (state = 'draft' OR length(title) >= 1)
      )`);
    await q.query(`CREATE INDEX letter_author_box ON letter (author_id, state, updated_at DESC) WHERE purged_at IS NULL`);

    await q.query(`
      ALTER TABLE message
        ADD COLUMN letter_id uuid REFERENCES letter(id) ON DELETE CASCADE,
        ADD COLUMN sender_id uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        ADD COLUMN trashed_at timestamptz`);
    await q.query(`CREATE INDEX message_letter ON message (letter_id, recipient_id) WHERE letter_id IS NOT NULL`);
    await q.query(`CREATE INDEX message_recipient_trash ON message (recipient_id, trashed_at DESC) WHERE trashed_at IS NOT NULL`);

    await q.query(`
      INSERT INTO sys_dict (dict_type, code, name, name_en, sort, published) VALUES
        ('STD_MESSAGE_TYPE', '5', '站内信', 'Letter', 5, true),
        ('STD_MESSAGE_TYPE', '6', '通知', 'Notice', 6, true)
      ON CONFLICT (dict_type, code) DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM message WHERE letter_id IS NOT NULL`);
    await q.query(`ALTER TABLE message DROP COLUMN trashed_at, DROP COLUMN sender_id, DROP COLUMN letter_id`);
    await q.query(`DELETE FROM sys_file_link WHERE ref_type = 'letter'`);
    await q.query(`DROP TABLE IF EXISTS letter`);
    await q.query(`DELETE FROM sys_dict WHERE dict_type = 'STD_MESSAGE_TYPE' AND code IN ('5', '6')`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission LIKE 'message:write%'`);
    await q.query(`DELETE FROM wf_flow_registration WHERE flow = 'messages:letters'`);
  }
}
