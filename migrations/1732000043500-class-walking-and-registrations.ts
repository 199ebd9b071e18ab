import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Class-walking selection and lecture/activity registration (issue 27 parts 4 and 5;
 * docs/adr/0044-class-walking-and-registrations.md): tables, the permissions and their grants to the roles that hold
 * them in a school that exists already. The pages' menus are registered at start by the resource registrar (once,
 * after a fresh school's roles are seeded — a migration runs before them), as the other kit pages are.
 *
 * The database holds the rush's last word: an event's `registered` counter is guarded (CHECK registered ≤ capacity,
 * raised only by `UPDATE … WHERE registered < capacity`), one live sign-up per student and event (a partial unique
 * index), and the waitlist's order is the sign-up's sequence number, taken under the event's row lock.
 */
export class ClassWalkingAndRegistrations1732000043500 implements MigrationInterface {
  name = 'ClassWalkingAndRegistrations1732000043500';

  async up(q: QueryRunner): Promise<void> {
    // A window of a semester's grade with its subject groups and rules: groups = [{name, courseIds, choose}].
    await q.query(`
      CREATE TABLE zouban_window (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
        semester_id uuid NOT NULL REFERENCES semester(id),
        grade integer NOT NULL CHECK (grade BETWEEN 1 AND 12),
        start_at timestamptz NOT NULL,
        end_at timestamptz NOT NULL,
        groups jsonb NOT NULL,
        capacity integer NOT NULL CHECK (capacity BETWEEN 1 AND 99),
        weekly_periods integer NOT NULL DEFAULT 2 CHECK (weekly_periods BETWEEN 0 AND 6),
        generated_at timestamptz,
        author_id uuid NOT NULL REFERENCES sys_user(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT zouban_window_end_after_start CHECK (end_at > start_at)
      )`);
    await q.query(`CREATE INDEX zouban_window_grade ON zouban_window (grade, start_at DESC)`);
    // One combination per student and window: a second choice replaces the first (upsert on the key).
    await q.query(`
      CREATE TABLE zouban_choice (
        window_id uuid NOT NULL REFERENCES zouban_window(id) ON DELETE CASCADE,
        student_id uuid NOT NULL REFERENCES student(id) ON DELETE CASCADE,
        course_ids uuid[] NOT NULL CHECK (cardinality(course_ids) > 0),
        chosen_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (window_id, student_id)
      )`);
    // The teaching classes a window generated (made anew by generating again).
    await q.query(`
      CREATE TABLE zouban_class (
        teaching_class_id uuid PRIMARY KEY REFERENCES teaching_class(id) ON DELETE CASCADE,
        window_id uuid NOT NULL REFERENCES zouban_window(id) ON DELETE CASCADE,
        course_id uuid NOT NULL REFERENCES course(id),
        capacity integer NOT NULL
      )`);
    await q.query(`CREATE INDEX zouban_class_window ON zouban_class (window_id, course_id)`);

    await q.query(`
      CREATE TABLE reg_event (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL CHECK (kind IN ('lecture', 'activity')),
        title text NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
        description text NOT NULL DEFAULT '',
        speaker text NOT NULL DEFAULT '',
        place text NOT NULL,
        start_at timestamptz NOT NULL,
        end_at timestamptz NOT NULL,
        reg_start timestamptz NOT NULL,
        reg_end timestamptz NOT NULL,
        capacity integer NOT NULL CHECK (capacity > 0),
        registered integer NOT NULL DEFAULT 0,
        author_id uuid NOT NULL REFERENCES sys_user(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT reg_event_end_after_start CHECK (end_at > start_at),
        CONSTRAINT reg_event_registration_window CHECK (reg_end > reg_start AND reg_start <= start_at),
        CONSTRAINT reg_event_lecture_closes_before CHECK (kind <> 'lecture' OR reg_end <= start_at),
        CONSTRAINT reg_event_capacity CHECK (registered BETWEEN 0 AND capacity)
      )`);
    await q.query(`CREATE INDEX reg_event_start ON reg_event (start_at DESC)`);
    await q.query(`
      CREATE TABLE reg_signup (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        event_id uuid NOT NULL REFERENCES reg_event(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        state text NOT NULL CHECK (state IN ('registered', 'waitlisted', 'cancelled')),
        seq bigserial NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        promoted_at timestamptz,
        cancelled_at timestamptz,
        checked_in_at timestamptz,
        CONSTRAINT reg_signup_check_in CHECK (checked_in_at IS NULL OR state = 'registered')
      )`);
    // One live sign-up per student and event: a double click stores one.
    await q.query(`CREATE UNIQUE INDEX reg_signup_live ON reg_signup (event_id, user_id) WHERE state <> 'cancelled'`);
    await q.query(`CREATE INDEX reg_signup_waitlist ON reg_signup (event_id, seq) WHERE state = 'waitlisted'`);
    await q.query(`CREATE INDEX reg_signup_user ON reg_signup (user_id, created_at DESC)`);

    // Grants for a school that exists (a fresh one gets them when its pages are registered at start).
    const grant = (codes: string[], permission: string) =>
      q.query(`INSERT INTO sys_role_permission (role_id, permission) SELECT id, $2 FROM sys_role WHERE code = ANY($1::text[]) ON CONFLICT DO NOTHING`, [codes, permission]);
    await grant(['admin', 'office'], 'zouban:manage');
    await grant(['admin', 'office', 'teacher'], 'registration:manage');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM teaching_class WHERE id IN (SELECT teaching_class_id FROM zouban_class)`);
    for (const t of ['reg_signup', 'reg_event', 'zouban_class', 'zouban_choice', 'zouban_window']) await q.query(`DROP TABLE IF EXISTS ${t}`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission IN ('zouban:manage', 'zouban:view', 'registration:manage', 'registration:view')`);
    await q.query(`DELETE FROM wf_flow_registration WHERE flow IN ('resource:/zouban/zbgl', 'resource:/jiangzuo/jzhd')`);
  }
}
