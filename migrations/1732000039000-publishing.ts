import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Publishing (issue 24, docs/product/publishing.md, docs/adr/0037): posts of five kinds, their recipients as resolved when published
 * (a snapshot: the read rate has a fixed denominator), each recipient's read and confirm times, and homework
 * submissions. Attachments are files of the files module, linked (`sys_file_link`, ref_type `post` /
 * `post-submission`) so the sweep keeps them and their readers may download them; the post keeps their order.
 */
export class Publishing1732000039000 implements MigrationInterface {
  name = 'Publishing1732000039000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE post (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL CHECK (kind IN ('notice', 'homework', 'activity', 'performance', 'award')),
        title text NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
        body text NOT NULL,
        audience jsonb NOT NULL,
        attachments uuid[] NOT NULL DEFAULT '{}',
        state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'scheduled', 'published', 'withdrawn')),
        pinned boolean NOT NULL DEFAULT false,
        require_confirm boolean NOT NULL DEFAULT false,
        course_id uuid REFERENCES course(id),
        due_at timestamptz,
        place text,
        start_at timestamptz,
        end_at timestamptz,
        author_id uuid NOT NULL REFERENCES sys_user(id),
        publish_at timestamptz,
        published_at timestamptz,
        withdrawn_at timestamptz,
        last_reminded_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT post_homework_course CHECK (kind <> 'homework' OR (course_id IS NOT NULL AND due_at IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX post_author ON post (author_id, created_at DESC)`);
    await q.query(`CREATE INDEX post_scheduled ON post (publish_at) WHERE state = 'scheduled'`);

    // One row per recipient; a parent's row names the student it is for (one per child in the audience).
    await q.query(`
      CREATE TABLE post_recipient (
        post_id uuid NOT NULL REFERENCES post(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('student', 'parent', 'staff', 'other')),
        student_id uuid REFERENCES student(id) ON DELETE SET NULL,
        class_id uuid REFERENCES admin_class(id) ON DELETE SET NULL,
        read_at timestamptz,
        confirmed_at timestamptz,
        confirmed_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        PRIMARY KEY (post_id, user_id)
      )`);
    await q.query(`CREATE INDEX post_recipient_user ON post_recipient (user_id, post_id)`);
    await q.query(`CREATE INDEX post_recipient_student ON post_recipient (post_id, student_id) WHERE student_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE post_submission (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        post_id uuid NOT NULL REFERENCES post(id) ON DELETE CASCADE,
        student_id uuid NOT NULL REFERENCES student(id) ON DELETE CASCADE,
        text text NOT NULL,
        attachments uuid[] NOT NULL DEFAULT '{}',
        submitted_by uuid NOT NULL REFERENCES sys_user(id),
        submitted_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        late boolean NOT NULL DEFAULT false,
        comment text,
        score numeric(6,2),
        reviewed_at timestamptz,
        reviewed_by uuid REFERENCES sys_user(id),
        CONSTRAINT post_submission_once UNIQUE (post_id, student_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_file_link WHERE ref_type IN ('post', 'post-submission')`);
    for (const t of ['post_submission', 'post_recipient', 'post']) await q.query(`DROP TABLE IF EXISTS ${t}`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission LIKE 'post:%'`);
  }
}
