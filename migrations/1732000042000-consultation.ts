import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Online consultation (issue 26 part 3, docs/product/consultation.md, docs/adr/0042-online-consultation.md): visitors
 * (a device each, known by the digest of the token the server issued), their conversations and the messages, and the
 * agents' permission and menu.
 *
 * "First accept wins" is the database's: a conversation is taken by `UPDATE … WHERE state = 'queued'`, and the check
 * below ties the state to the agent, so two agents cannot both hold it. A visitor has at most one open conversation
 * (partial unique index). Messages are numbered 1, 2, 3, … per conversation in the transaction that stores them
 * (`last_seq` of the conversation row, taken under its row lock): the order both sides show, without gaps.
 */
export class Consultation1732000042000 implements MigrationInterface {
  name = 'Consultation1732000042000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE consult_visitor (
        token_hash bytea PRIMARY KEY,
        name text NOT NULL,
        contact text NOT NULL DEFAULT '',
        address text NOT NULL DEFAULT '',
        issued_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE consult_conversation (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        visitor_hash bytea NOT NULL REFERENCES consult_visitor(token_hash) ON DELETE CASCADE,
        visitor_name text NOT NULL,
        visitor_contact text NOT NULL DEFAULT '',
        state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'active', 'closed')),
        agent_id uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        left_message boolean NOT NULL DEFAULT false,
        last_seq integer NOT NULL DEFAULT 0,
        last_body text NOT NULL DEFAULT '',
        last_at timestamptz,
        visitor_read_seq integer NOT NULL DEFAULT 0,
        agent_read_seq integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        queued_at timestamptz NOT NULL DEFAULT now(),
        accepted_at timestamptz,
        closed_at timestamptz,
        closed_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        close_note text NOT NULL DEFAULT '',
        CONSTRAINT consult_queued_unassigned CHECK (state <> 'queued' OR agent_id IS NULL),
        CONSTRAINT consult_active_assigned CHECK (state <> 'active' OR agent_id IS NOT NULL)
      )`);
    await q.query(`CREATE UNIQUE INDEX consult_open_per_visitor ON consult_conversation (visitor_hash) WHERE state <> 'closed'`);
    await q.query(`CREATE INDEX consult_queue ON consult_conversation (queued_at) WHERE state = 'queued'`);
    await q.query(`CREATE INDEX consult_agent_open ON consult_conversation (agent_id) WHERE state = 'active'`);
    await q.query(`CREATE INDEX consult_created ON consult_conversation (created_at DESC)`);
    await q.query(`CREATE INDEX consult_people ON consult_conversation USING gin ((visitor_name || ' ' || visitor_contact) gin_trgm_ops)`);
    await q.query(`
      CREATE TABLE consult_message (
        conversation_id uuid NOT NULL REFERENCES consult_conversation(id) ON DELETE CASCADE,
        seq integer NOT NULL CHECK (seq > 0),
        sender text NOT NULL CHECK (sender IN ('visitor', 'agent', 'system')),
        agent_id uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        body text NOT NULL,
        -- a system line (accepted, transferred, requeued, closed) is a key of consult.system and these values, shown
        -- in each reader's language
        params jsonb,
        client_id text,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (conversation_id, seq),
        CONSTRAINT consult_message_once UNIQUE (conversation_id, client_id)
      )`);
    await q.query(`CREATE INDEX consult_message_text ON consult_message USING gin (body gin_trgm_ops)`);

    // The permission and the 咨询管理 menu for administrators and the school office. On a fresh database the roles do
    // not exist yet: the demo seed makes them with this menu and grant (demo-school.seed.ts), so nothing is made twice.
    await q.query(`INSERT INTO sys_role_permission (role_id, permission) SELECT id, 'consult:answer' FROM sys_role WHERE code IN ('admin', 'office') ON CONFLICT DO NOTHING`);
    await q.query(`
      INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
      SELECT NULL, '咨询管理', 'Consultations', '/zxgl', 'consult:answer', 'comments outline', 75, '{}'
      WHERE EXISTS (SELECT 1 FROM sys_role WHERE code = 'office') AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE url = '/zxgl')`);
    await q.query(`
      INSERT INTO sys_role_menu (role_id, menu_id)
      SELECT r.id, m.id FROM sys_role r, sys_menu m WHERE r.code IN ('admin', 'office') AND m.url = '/zxgl' ON CONFLICT DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['consult_message', 'consult_conversation', 'consult_visitor']) await q.query(`DROP TABLE IF EXISTS ${t}`);
    await q.query(`DELETE FROM sys_menu WHERE url = '/zxgl'`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission = 'consult:answer'`);
  }
}
