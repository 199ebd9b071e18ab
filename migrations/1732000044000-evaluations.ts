import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Evaluations (issue 28, docs/product/evaluations.md, docs/adr/0045-evaluations.md): one migration for the settings
 * (a template per school year as a three-level tree theme → content → level, each content's evaluators and weights,
 * the display precision), the rounds (a template applied to classes for a semester with a window, named peers), the
 * grid's cells (one score per round, student, content and evaluator: rows for GROUP BY in SQL) and the comments (any
 * length). The final-term flow (eval-final) keeps its state in the event store and reads these rows.
 *
 * Menus and their grants are registered at start as the other areas' pages are (EVALUATION_PAGES, docs/adr/0023);
 * the permissions are granted here to the roles an existing database already has.
 */
export class Evaluations1732000044000 implements MigrationInterface {
  name = 'Evaluations1732000044000';

  async up(q: QueryRunner): Promise<void> {
    // Spec: evaluation index names (template, theme, content, level) at most 30; precision none/one/two decimals.
    await q.query(`
      CREATE TABLE eval_template (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        school_year_id uuid NOT NULL REFERENCES school_year(id),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 30),
        description text NOT NULL DEFAULT '',
        precision smallint NOT NULL DEFAULT 1 CHECK (precision IN (0, 1, 2)),
        peer_count smallint NOT NULL DEFAULT 0 CHECK (peer_count BETWEEN 0 AND 10),
        created_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX eval_template_name ON eval_template (school_year_id, lower(btrim(name)))`);

    await q.query(`
      CREATE TABLE eval_theme (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        template_id uuid NOT NULL REFERENCES eval_template(id) ON DELETE CASCADE,
        position integer NOT NULL CHECK (position >= 0),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 30),
        description text NOT NULL DEFAULT '',
        UNIQUE (template_id, position)
      )`);

    // max_score: the highest a cell may hold (the top level's score or band end), kept so a save checks without the tree.
    await q.query(`
      CREATE TABLE eval_content (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        template_id uuid NOT NULL REFERENCES eval_template(id) ON DELETE CASCADE,
        theme_id uuid NOT NULL REFERENCES eval_theme(id) ON DELETE CASCADE,
        position integer NOT NULL CHECK (position >= 0),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 30),
        description text NOT NULL DEFAULT '',
        max_score numeric(6,2) NOT NULL CHECK (max_score > 0),
        UNIQUE (theme_id, position)
      )`);
    await q.query(`CREATE INDEX eval_content_template ON eval_content (template_id)`);

    // A level: a score (chosen → that score) or a band (a score inside it → that level).
    await q.query(`
      CREATE TABLE eval_level (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        content_id uuid NOT NULL REFERENCES eval_content(id) ON DELETE CASCADE,
        position integer NOT NULL CHECK (position >= 0),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 30),
        description text NOT NULL DEFAULT '',
        score numeric(6,2),
        band_min numeric(6,2),
        band_max numeric(6,2),
        UNIQUE (content_id, position),
        CONSTRAINT eval_level_score_or_band CHECK ((score IS NOT NULL AND band_min IS NULL AND band_max IS NULL) OR (score IS NULL AND band_min IS NOT NULL AND band_max IS NOT NULL AND band_min <= band_max))
      )`);

    // Weights of one content sum to at most 100 (spec, checked by the save; a row each so results join them in SQL).
    await q.query(`
      CREATE TABLE eval_content_evaluator (
        content_id uuid NOT NULL REFERENCES eval_content(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('self', 'peer', 'head', 'subject', 'parent')),
        weight numeric(5,2) NOT NULL CHECK (weight > 0 AND weight <= 100),
        PRIMARY KEY (content_id, role)
      )`);

    await q.query(`
      CREATE TABLE eval_round (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        template_id uuid NOT NULL REFERENCES eval_template(id),
        semester_id uuid NOT NULL REFERENCES semester(id),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 30),
        grades integer[] NOT NULL DEFAULT '{}',
        start_at timestamptz NOT NULL,
        end_at timestamptz NOT NULL,
        created_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT eval_round_window CHECK (end_at > start_at)
      )`);
    await q.query(`CREATE UNIQUE INDEX eval_round_name ON eval_round (semester_id, lower(btrim(name)))`);

    // The classes a round reaches, fixed when it is made (from its grades or classes): progress and results per class.
    await q.query(`
      CREATE TABLE eval_round_class (
        round_id uuid NOT NULL REFERENCES eval_round(id) ON DELETE CASCADE,
        class_id uuid NOT NULL REFERENCES admin_class(id),
        PRIMARY KEY (round_id, class_id)
      )`);
    await q.query(`CREATE INDEX eval_round_class_class ON eval_round_class (class_id)`);

    // Named peers: student_id evaluates peer_id (both students of the same class).
    await q.query(`
      CREATE TABLE eval_peer (
        round_id uuid NOT NULL REFERENCES eval_round(id) ON DELETE CASCADE,
        student_id uuid NOT NULL REFERENCES student(id) ON DELETE CASCADE,
        peer_id uuid NOT NULL REFERENCES student(id) ON DELETE CASCADE,
        PRIMARY KEY (round_id, student_id, peer_id),
        CONSTRAINT eval_peer_not_self CHECK (student_id <> peer_id)
      )`);
    await q.query(`CREATE INDEX eval_peer_evaluated ON eval_peer (round_id, peer_id)`);

    // One cell: what one evaluator gave one student for one content. class_id is the student's class in the round.
    await q.query(`
      CREATE TABLE eval_score (
        round_id uuid NOT NULL REFERENCES eval_round(id) ON DELETE CASCADE,
        class_id uuid NOT NULL REFERENCES admin_class(id),
        student_id uuid NOT NULL REFERENCES student(id) ON DELETE CASCADE,
        content_id uuid NOT NULL REFERENCES eval_content(id) ON DELETE CASCADE,
        evaluator_id uuid NOT NULL REFERENCES sys_user(id),
        role text NOT NULL CHECK (role IN ('self', 'peer', 'head', 'subject', 'parent')),
        score numeric(6,2) NOT NULL CHECK (score >= 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (round_id, class_id, student_id, content_id, evaluator_id, role)
      )`);
    await q.query(`CREATE INDEX eval_score_evaluator ON eval_score (round_id, evaluator_id, role)`);

    // Comments of any length (issue 28: not cut at 255): one per round, student and evaluator role; the head teacher's
    // is the term comment the final-term flow submits.
    await q.query(`
      CREATE TABLE eval_comment (
        round_id uuid NOT NULL REFERENCES eval_round(id) ON DELETE CASCADE,
        class_id uuid NOT NULL REFERENCES admin_class(id),
        student_id uuid NOT NULL REFERENCES student(id) ON DELETE CASCADE,
        evaluator_id uuid NOT NULL REFERENCES sys_user(id),
        role text NOT NULL CHECK (role IN ('self', 'peer', 'head', 'subject', 'parent')),
        text text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (round_id, class_id, student_id, evaluator_id, role)
      )`);

    // Permissions for a database whose roles exist already; a fresh one gets them from the start-up registration.
    await q.query(`
      INSERT INTO sys_role_permission (role_id, permission)
        SELECT r.id, p.permission FROM sys_role r
          JOIN (VALUES ('admin', 'evaluations:manage'), ('office', 'evaluations:manage'),
                       ('admin', 'evaluations:analysis'), ('office', 'evaluations:analysis'), ('principal', 'evaluations:analysis'),
                       ('gradeleader', 'evaluations:analysis'), ('headteacher', 'evaluations:analysis'),
                       ('headteacher', 'evaluations:evaluate'), ('teacher', 'evaluations:evaluate'),
                       ('student', 'evaluations:evaluate'), ('parent', 'evaluations:evaluate'), ('admin', 'evaluations:evaluate')) p (code, permission)
            ON p.code = r.code
      ON CONFLICT DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['eval_comment', 'eval_score', 'eval_peer', 'eval_round_class', 'eval_round', 'eval_content_evaluator', 'eval_level', 'eval_content', 'eval_theme', 'eval_template']) await q.query(`DROP TABLE IF EXISTS ${t}`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission LIKE 'evaluations:%'`);
    await q.query(`DELETE FROM sys_menu WHERE url LIKE '/evaluation/%'`);
    await q.query(`DELETE FROM wf_flow_registration WHERE flow LIKE 'resource:/evaluation/%'`);
  }
}
