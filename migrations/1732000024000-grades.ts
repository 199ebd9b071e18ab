import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Grades (issue 10, docs/product/grades.md, docs/adr/0024): the settings as resources of the kit — exam nodes, grade scales with
 * their ranks, a school year's conversion rules, entry batches with their courses, score items (小分) — and what entry
 * writes: one sheet per (batch, class, course), bound to its grade-confirmation instance, and the scores.
 *
 * Rules across rows are kept here, under a lock, with named constraints the kit maps to the spec's messages: exam-type
 * weights at most 100 in all; a paper's score items at most 100 in weight and at most its full marks; items only for a
 * course of the batch and only before entry begins. A scale with ranks cannot be deleted (its ranks' key has no cascade).
 */
export class Grades1732000024000 implements MigrationInterface {
  name = 'Grades1732000024000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE grade_exam_node (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code text NOT NULL CONSTRAINT grade_exam_node_code_key UNIQUE CHECK (code ~ '^[A-Za-z0-9]{1,30}$'),
        name text NOT NULL CONSTRAINT grade_exam_node_name_key UNIQUE CHECK (char_length(name) BETWEEN 1 AND 10),
        english_name text NOT NULL DEFAULT '',
        weight integer NOT NULL DEFAULT 0 CHECK (weight BETWEEN 0 AND 100),
        enabled boolean NOT NULL DEFAULT true,
        sort integer NOT NULL DEFAULT 0 CHECK (sort BETWEEN 0 AND 999)
      )`);
    // Exam-type weights at most 100 in all (docs/product/grades.md#exam-nodes). Writers take a lock first, so two saves at once cannot each see
    // the other's row missing and both pass.
    await q.query(`
      CREATE FUNCTION grade_exam_node_weight_total() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock(727010);
        IF (SELECT coalesce(sum(weight), 0) FROM grade_exam_node WHERE enabled) > 100 THEN
          RAISE EXCEPTION 'exam-type weights total more than 100'
            USING ERRCODE = 'check_violation', CONSTRAINT = 'grade_exam_node_weight_total', TABLE = 'grade_exam_node';
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER grade_exam_node_weight_total AFTER INSERT OR UPDATE ON grade_exam_node FOR EACH ROW EXECUTE FUNCTION grade_exam_node_weight_total()`);

    await q.query(`
      CREATE TABLE grade_scale (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CONSTRAINT grade_scale_name_key UNIQUE,
        full_score integer NOT NULL CHECK (full_score BETWEEN 1 AND 200),
        pass_line numeric(5,1) NOT NULL CHECK (pass_line >= 0),
        excellent_line numeric(5,1) NOT NULL CHECK (excellent_line >= 0),
        enabled boolean NOT NULL DEFAULT true,
        sort integer NOT NULL DEFAULT 0 CHECK (sort BETWEEN 0 AND 999),
        CONSTRAINT grade_scale_lines_check CHECK (pass_line <= full_score AND excellent_line BETWEEN pass_line AND full_score)
      )`);
    await q.query(`
      CREATE TABLE grade_scale_rank (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        scale_id uuid NOT NULL CONSTRAINT grade_scale_rank_scale_id_fkey REFERENCES grade_scale(id),
        position integer NOT NULL DEFAULT 0,
        name text NOT NULL,
        converted_score numeric(6,2) NOT NULL CHECK (converted_score BETWEEN 0 AND 200),
        min_score numeric(6,2) NOT NULL CHECK (min_score >= 0),
        max_score numeric(6,2) NOT NULL CHECK (max_score <= 200),
        CHECK (min_score <= max_score)
      )`);
    await q.query(`CREATE INDEX grade_scale_rank_scale ON grade_scale_rank(scale_id, position)`);

    await q.query(`
      CREATE TABLE grade_conversion_rule (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        school_year_id uuid NOT NULL REFERENCES school_year(id),
        level text NOT NULL,
        lowest integer NOT NULL CHECK (lowest BETWEEN 0 AND 200),
        highest integer NOT NULL CHECK (highest BETWEEN 0 AND 200),
        conversion_score integer NOT NULL CHECK (conversion_score BETWEEN 0 AND 200),
        colour text NOT NULL DEFAULT '' CHECK (colour = '' OR colour ~ '^#[0-9A-Fa-f]{6}$'),
        classification_rate numeric(5,2) CHECK (classification_rate BETWEEN 0 AND 100),
        enabled boolean NOT NULL DEFAULT true,
        CONSTRAINT grade_conversion_rule_level_key UNIQUE (school_year_id, level),
        CHECK (lowest <= highest AND conversion_score BETWEEN lowest AND highest)
      )`);

    await q.query(`
      CREATE TABLE grade_batch (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        semester_id uuid NOT NULL REFERENCES semester(id),
        exam_node_id uuid NOT NULL CONSTRAINT grade_batch_exam_node_id_fkey REFERENCES grade_exam_node(id),
        grade text NOT NULL,
        start_date date NOT NULL,
        end_date date NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        opened boolean NOT NULL DEFAULT false,
        opened_at timestamptz,
        published boolean NOT NULL DEFAULT false,
        published_at timestamptz,
        CONSTRAINT grade_batch_name_key UNIQUE (semester_id, name),
        CHECK (end_date >= start_date)
      )`);
    await q.query(`
      CREATE TABLE grade_batch_course (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        batch_id uuid NOT NULL REFERENCES grade_batch(id) ON DELETE CASCADE,
        position integer NOT NULL DEFAULT 0,
        course_id uuid NOT NULL REFERENCES course(id),
        full_marks numeric(5,1) NOT NULL CHECK (full_marks > 0),
        weight integer NOT NULL DEFAULT 0 CHECK (weight BETWEEN 0 AND 100),
        scale_id uuid CONSTRAINT grade_batch_course_scale_id_fkey REFERENCES grade_scale(id),
        CONSTRAINT grade_batch_course_key UNIQUE (batch_id, course_id)
      )`);

    await q.query(`
      CREATE TABLE grade_score_item (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        batch_id uuid NOT NULL CONSTRAINT grade_score_item_batch_id_fkey REFERENCES grade_batch(id),
        course_id uuid NOT NULL REFERENCES course(id),
        name text NOT NULL,
        full_marks numeric(5,1) NOT NULL CHECK (full_marks > 0),
        weight integer NOT NULL DEFAULT 0 CHECK (weight BETWEEN 0 AND 100),
        sort integer NOT NULL DEFAULT 0,
        CONSTRAINT grade_score_item_name_key UNIQUE (batch_id, course_id, name)
      )`);
    // A paper's items: of a course the batch examines, before entry begins, at most 100 in weight and at most the
    // course's full marks (docs/product/grades.md#score-items), checked under the batch's row lock.
    await q.query(`
      CREATE FUNCTION grade_score_item_rules() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        b grade_batch%ROWTYPE;
        course_full numeric;
      BEGIN
        SELECT * INTO b FROM grade_batch WHERE id = NEW.batch_id FOR UPDATE;
        IF b.opened THEN
          RAISE EXCEPTION 'items after entry began' USING ERRCODE = 'check_violation', CONSTRAINT = 'grade_score_item_sheet_check', TABLE = 'grade_score_item';
        END IF;
        SELECT full_marks INTO course_full FROM grade_batch_course WHERE batch_id = NEW.batch_id AND course_id = NEW.course_id;
        IF course_full IS NULL THEN
          RAISE EXCEPTION 'course not in batch' USING ERRCODE = 'check_violation', CONSTRAINT = 'grade_score_item_course_check', TABLE = 'grade_score_item';
        END IF;
        IF (SELECT sum(weight) FROM grade_score_item WHERE batch_id = NEW.batch_id AND course_id = NEW.course_id) > 100 THEN
          RAISE EXCEPTION 'item weights total more than 100' USING ERRCODE = 'check_violation', CONSTRAINT = 'grade_score_item_weight_total', TABLE = 'grade_score_item';
        END IF;
        IF (SELECT sum(full_marks) FROM grade_score_item WHERE batch_id = NEW.batch_id AND course_id = NEW.course_id) > course_full THEN
          RAISE EXCEPTION 'item marks above the course''s' USING ERRCODE = 'check_violation', CONSTRAINT = 'grade_score_item_marks_total', TABLE = 'grade_score_item';
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER grade_score_item_rules AFTER INSERT OR UPDATE ON grade_score_item FOR EACH ROW EXECUTE FUNCTION grade_score_item_rules()`);
    await q.query(`CREATE INDEX grade_score_item_paper ON grade_score_item(batch_id, course_id, sort)`);

    // One sheet per (batch, class, course), bound to its grade-confirmation instance (its state is the instance's).
    await q.query(`
      CREATE TABLE grade_sheet (
        batch_id uuid NOT NULL CONSTRAINT grade_sheet_batch_id_fkey REFERENCES grade_batch(id),
        class_id uuid NOT NULL REFERENCES admin_class(id),
        course_id uuid NOT NULL REFERENCES course(id),
        teacher_id uuid NOT NULL REFERENCES sys_user(id),
        instance_id uuid NOT NULL CONSTRAINT grade_sheet_instance_key UNIQUE,
        PRIMARY KEY (batch_id, class_id, course_id)
      )`);
    await q.query(`CREATE INDEX grade_sheet_teacher ON grade_sheet(teacher_id)`);
    await q.query(`
      CREATE TABLE grade_score (
        batch_id uuid NOT NULL,
        class_id uuid NOT NULL,
        course_id uuid NOT NULL,
        student_id uuid NOT NULL REFERENCES student(id) ON DELETE CASCADE,
        score numeric(6,2) CHECK (score >= 0),
        mark text CHECK (mark IN ('absent', 'exempt')),
        items jsonb NOT NULL DEFAULT '{}',
        updated_by uuid,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (batch_id, course_id, student_id),
        FOREIGN KEY (batch_id, class_id, course_id) REFERENCES grade_sheet(batch_id, class_id, course_id),
        CHECK (score IS NULL OR mark IS NULL)
      )`);
    await q.query(`CREATE INDEX grade_score_sheet ON grade_score(batch_id, class_id, course_id)`);
    await q.query(`CREATE INDEX grade_score_student ON grade_score(student_id)`);

    // Class reports made by a job are kept as files of their own (their owner downloads them).
    await q.query(`ALTER TABLE sys_job ADD COLUMN IF NOT EXISTS file_path text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sys_job DROP COLUMN IF EXISTS file_path`);
    for (const t of ['grade_score', 'grade_sheet', 'grade_score_item', 'grade_batch_course', 'grade_batch', 'grade_conversion_rule', 'grade_scale_rank', 'grade_scale', 'grade_exam_node']) {
      await q.query(`DROP TABLE IF EXISTS ${t}`);
    }
    await q.query(`DROP FUNCTION IF EXISTS grade_score_item_rules(); DROP FUNCTION IF EXISTS grade_exam_node_weight_total()`);
  }
}
