import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Read models of the workflow engine (instances, review tasks), the message centre, the per-user push log
 * (what socket.io delivered, so a client catches up after a reconnect), files, the dictionary with
 * STD_MESSAGE_TYPE, and the leave flow's menus.
 */
export class WorkflowsAndMessages1732000003000 implements MigrationInterface {
  name = 'WorkflowsAndMessages1732000003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sys_dict (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        dict_type text NOT NULL,
        code text NOT NULL,
        name text NOT NULL,
        name_en text NOT NULL DEFAULT '',
        sort integer NOT NULL DEFAULT 0,
        enabled boolean NOT NULL DEFAULT true,
        UNIQUE (dict_type, code)
      )`);
    await q.query(`
      INSERT INTO sys_dict (dict_type, code, name, name_en, sort) VALUES
        ('STD_MESSAGE_TYPE', '1', '系统通知', 'System notice', 1),
        ('STD_MESSAGE_TYPE', '2', '审批待办', 'Approval task', 2),
        ('STD_MESSAGE_TYPE', '3', '审批结果', 'Approval result', 3),
        ('STD_MESSAGE_TYPE', '4', '催办提醒', 'Reminder', 4)`);
    await q.query(`ALTER TABLE sys_user ADD COLUMN lang text NOT NULL DEFAULT 'zh' CHECK (lang IN ('zh', 'en'))`);

    await q.query(`
      CREATE TABLE wf_instance (
        id uuid PRIMARY KEY,
        flow text NOT NULL,
        version integer NOT NULL,
        state text NOT NULL,
        review_status text NOT NULL,
        extra_status text,
        applicant_id uuid NOT NULL REFERENCES sys_user(id),
        student_id uuid REFERENCES student(id),
        form jsonb NOT NULL,
        -- applicant side (applicant, student, guardians): their "mine"
        owners uuid[] NOT NULL,
        -- everyone who may see it: owners and the reviewers of every step
        participants uuid[] NOT NULL,
        assignees uuid[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX wf_instance_flow_created ON wf_instance (flow, created_at DESC)`);
    await q.query(`CREATE INDEX wf_instance_participants ON wf_instance USING gin (participants)`);
    await q.query(`CREATE INDEX wf_instance_owners ON wf_instance USING gin (owners)`);
    await q.query(`
      CREATE TABLE wf_task (
        instance_id uuid NOT NULL REFERENCES wf_instance(id) ON DELETE CASCADE,
        assignee_id uuid NOT NULL REFERENCES sys_user(id),
        flow text NOT NULL,
        state text NOT NULL,
        version integer NOT NULL,
        assigned_at timestamptz NOT NULL,
        reminded_at timestamptz,
        PRIMARY KEY (instance_id, assignee_id)
      )`);
    await q.query(`CREATE INDEX wf_task_assignee ON wf_task (assignee_id, assigned_at)`);
    await q.query(`CREATE INDEX wf_task_due ON wf_task (assigned_at) WHERE reminded_at IS NULL`);

    await q.query(`
      CREATE TABLE message (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        recipient_id uuid NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        type text NOT NULL,
        title_key text NOT NULL,
        content_key text NOT NULL,
        params jsonb NOT NULL DEFAULT '{}'::jsonb,
        link text,
        status char(1) NOT NULL DEFAULT '0' CHECK (status IN ('0', '1')),
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz,
        -- what caused it (event position + recipient, reminder of a step ...): a replay cannot create it twice
        source_key text NOT NULL UNIQUE
      )`);
    await q.query(`CREATE INDEX message_recipient ON message (recipient_id, status, created_at DESC)`);
    await q.query(`
      CREATE TABLE push_log (
        seq bigserial PRIMARY KEY,
        user_id uuid NOT NULL,
        event text NOT NULL,
        payload jsonb NOT NULL,
        source_key text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX push_log_user ON push_log (user_id, seq)`);

    await q.query(`
      CREATE TABLE sys_file (
        res_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL REFERENCES sys_user(id),
        res_name text NOT NULL,
        res_suffix text NOT NULL,
        mime text NOT NULL,
        size integer NOT NULL CHECK (size > 0),
        storage_name text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        removed_at timestamptz
      )`);
    await q.query(`
      CREATE TABLE sys_file_link (
        res_id uuid NOT NULL REFERENCES sys_file(res_id),
        ref_type text NOT NULL,
        ref_id uuid NOT NULL,
        PRIMARY KEY (res_id, ref_type, ref_id)
      )`);

    await q.query(`
      INSERT INTO sys_config (key, value) VALUES
        ('workflow.leave.principalThresholdDays', '3'::jsonb),
        ('workflow.reminderDelayMinutes', '1440'::jsonb)
      ON CONFLICT (key) DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['sys_file_link', 'sys_file', 'push_log', 'message', 'wf_task', 'wf_instance', 'sys_dict']) await q.query(`DROP TABLE IF EXISTS ${t} CASCADE`);
    await q.query(`ALTER TABLE sys_user DROP COLUMN IF EXISTS lang`);
  }
}
