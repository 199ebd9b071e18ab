import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The timetable (issue 9, docs/adr/0026).
 *
 * What it is made of, as resources of the kit: lesson periods (节次: number, times, part of the day; two cannot
 * overlap), each grade's weekly periods of a course in a semester (年级课程周课时, with the room type it needs and
 * whether it is a main subject), teaching assignments (who teaches which course to which class; they had no id of
 * their own), teachers' unavailable periods, and whether a staff member is a foreign teacher (the spec's 外教 view).
 *
 * A semester's timetables: drafts (made by hand or by the scheduler), at most one published — "the current
 * semester's" — and archived ones. A lesson is a weekday and period of one timetable; the database refuses two lessons
 * of one class, teaching class, teacher or room at the same time (上课时间冲突), whoever writes them.
 *
 * Dated changes — make-up classes and swaps — never touch the weekly template: a change adds lessons to dates or
 * removes a template lesson from a date, held while pending (as a pending classroom loan holds its room) and kept once
 * passed. Unique indexes refuse two changes that add a lesson of one class, teacher or room at the same date and period,
 * or take the same lesson away twice, even when sent at the same moment. `timetable_on` answers the lessons of dates:
 * the published template of each date's semester, less what changes remove, plus what they add.
 */
export class Timetable1732000026000 implements MigrationInterface {
  name = 'Timetable1732000026000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);
    // 'HH:mm' → minutes after midnight (immutable: it may index a period's time range)
    await q.query(`CREATE FUNCTION hhmm_minutes(t text) RETURNS integer LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT split_part(t, ':', 1)::int * 60 + split_part(t, ':', 2)::int $$`);
    await q.query(`
      CREATE TABLE lesson_period (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        no integer NOT NULL CONSTRAINT lesson_period_no_key UNIQUE CHECK (no BETWEEN 1 AND 16),
        name text NOT NULL,
        start_time text NOT NULL CHECK (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
        end_time text NOT NULL CHECK (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
        part text NOT NULL DEFAULT 'morning' CHECK (part IN ('morning', 'afternoon', 'evening')),
        CONSTRAINT lesson_period_times CHECK (end_time > start_time),
        CONSTRAINT lesson_period_no_overlap EXCLUDE USING gist (int4range(hhmm_minutes(start_time), hhmm_minutes(end_time)) WITH &&)
      )`);

    await q.query(`
      CREATE TABLE grade_course_hours (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        semester_id uuid NOT NULL CONSTRAINT grade_course_hours_semester_id_fkey REFERENCES semester(id),
        grade text NOT NULL CHECK (grade ~ '^([1-9]|1[0-2])$'),
        course_id uuid NOT NULL CONSTRAINT grade_course_hours_course_id_fkey REFERENCES course(id),
        periods integer NOT NULL CHECK (periods BETWEEN 1 AND 40),
        room_type text CHECK (room_type IN ('ordinary', 'multimedia', 'laboratory', 'computer', 'music', 'art', 'gym', 'other')),
        main boolean NOT NULL DEFAULT false,
        remark text NOT NULL DEFAULT '',
        CONSTRAINT grade_course_hours_key UNIQUE (semester_id, grade, course_id)
      )`);

    await q.query(`ALTER TABLE teaching_assignment ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid(), ADD COLUMN remark text NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE teaching_assignment DROP CONSTRAINT teaching_assignment_pkey`);
    await q.query(`ALTER TABLE teaching_assignment ADD CONSTRAINT teaching_assignment_pkey PRIMARY KEY (id)`);
    await q.query(`ALTER TABLE teaching_assignment ADD CONSTRAINT teaching_assignment_class_course_key UNIQUE (class_id, course_id, semester_id)`);
    await q.query(`CREATE INDEX teaching_assignment_teacher ON teaching_assignment(teacher_id, semester_id)`);

    await q.query(`
      CREATE TABLE teacher_unavailable (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        semester_id uuid NOT NULL CONSTRAINT teacher_unavailable_semester_id_fkey REFERENCES semester(id),
        teacher_id uuid NOT NULL CONSTRAINT teacher_unavailable_teacher_id_fkey REFERENCES sys_user(id) ON DELETE CASCADE,
        weekday integer NOT NULL CHECK (weekday BETWEEN 1 AND 7),
        period integer NOT NULL CONSTRAINT teacher_unavailable_period_fkey REFERENCES lesson_period(no) ON UPDATE CASCADE,
        reason text NOT NULL DEFAULT '',
        CONSTRAINT teacher_unavailable_key UNIQUE (semester_id, teacher_id, weekday, period)
      )`);

    // 外教: the spec's foreign-teacher timetable view lists their lessons
    await q.query(`ALTER TABLE staff ADD COLUMN foreign_teacher boolean NOT NULL DEFAULT false`);
    await q.query(`DROP VIEW staff_list`);
    await q.query(`
      CREATE VIEW staff_list AS
        SELECT s.*, u.account, u.enabled,
               coalesce((SELECT array_agg(r.code ORDER BY r.sort) FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = s.user_id), '{}') AS roles
          FROM staff s JOIN sys_user u ON u.id = s.user_id`);

    await q.query(`
      CREATE TABLE timetable (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        semester_id uuid NOT NULL CONSTRAINT timetable_semester_id_fkey REFERENCES semester(id),
        name text NOT NULL,
        source text NOT NULL CHECK (source IN ('manual', 'auto')),
        state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'published', 'archived')),
        score jsonb,
        unplaced jsonb,
        job_id uuid REFERENCES sys_job(id) ON DELETE SET NULL,
        created_by uuid NOT NULL REFERENCES sys_user(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz,
        published_by uuid REFERENCES sys_user(id)
      )`);
    await q.query(`CREATE UNIQUE INDEX timetable_one_published ON timetable(semester_id) WHERE state = 'published'`);
    await q.query(`
      CREATE TABLE timetable_lesson (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        timetable_id uuid NOT NULL REFERENCES timetable(id) ON DELETE CASCADE,
        weekday smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
        period integer NOT NULL CONSTRAINT timetable_lesson_period_fkey REFERENCES lesson_period(no) ON UPDATE CASCADE,
        class_id uuid CONSTRAINT timetable_lesson_class_id_fkey REFERENCES admin_class(id),
        teaching_class_id uuid CONSTRAINT timetable_lesson_teaching_class_id_fkey REFERENCES teaching_class(id),
        course_id uuid NOT NULL CONSTRAINT timetable_lesson_course_id_fkey REFERENCES course(id),
        teacher_id uuid NOT NULL CONSTRAINT timetable_lesson_teacher_id_fkey REFERENCES sys_user(id),
        classroom_id uuid CONSTRAINT timetable_lesson_classroom_id_fkey REFERENCES classroom(id),
        CONSTRAINT timetable_lesson_section CHECK ((class_id IS NULL) <> (teaching_class_id IS NULL)),
        CONSTRAINT timetable_lesson_class_clash UNIQUE (timetable_id, weekday, period, class_id),
        CONSTRAINT timetable_lesson_teaching_class_clash UNIQUE (timetable_id, weekday, period, teaching_class_id),
        CONSTRAINT timetable_lesson_teacher_clash UNIQUE (timetable_id, weekday, period, teacher_id),
        CONSTRAINT timetable_lesson_room_clash UNIQUE (timetable_id, weekday, period, classroom_id)
      )`);
    await q.query(`CREATE INDEX timetable_lesson_teacher ON timetable_lesson(teacher_id, weekday, period)`);
    await q.query(`CREATE INDEX timetable_lesson_room ON timetable_lesson(classroom_id, weekday, period)`);
    await q.query(`CREATE INDEX timetable_lesson_class ON timetable_lesson(class_id)`);

    await q.query(`
      CREATE TABLE lesson_change (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        instance_id uuid NOT NULL,
        flow text NOT NULL CHECK (flow IN ('make-up-class', 'class-swap')),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'passed')),
        kind text NOT NULL CHECK (kind IN ('add', 'remove')),
        date date NOT NULL,
        period integer NOT NULL CONSTRAINT lesson_change_period_fkey REFERENCES lesson_period(no) ON UPDATE CASCADE,
        class_id uuid CONSTRAINT lesson_change_class_id_fkey REFERENCES admin_class(id),
        teaching_class_id uuid CONSTRAINT lesson_change_teaching_class_id_fkey REFERENCES teaching_class(id),
        course_id uuid NOT NULL CONSTRAINT lesson_change_course_id_fkey REFERENCES course(id),
        teacher_id uuid NOT NULL REFERENCES sys_user(id),
        classroom_id uuid CONSTRAINT lesson_change_classroom_id_fkey REFERENCES classroom(id),
        CONSTRAINT lesson_change_section CHECK ((class_id IS NULL) <> (teaching_class_id IS NULL))
      )`);
    await q.query(`CREATE INDEX lesson_change_instance ON lesson_change(instance_id)`);
    await q.query(`CREATE INDEX lesson_change_date ON lesson_change(date, period)`);
    // one lesson of a class, teaching class, teacher or room at a date and period, whatever changes add
    await q.query(`CREATE UNIQUE INDEX lesson_change_add_class ON lesson_change(date, period, class_id) WHERE kind = 'add'`);
    await q.query(`CREATE UNIQUE INDEX lesson_change_add_teaching_class ON lesson_change(date, period, teaching_class_id) WHERE kind = 'add'`);
    await q.query(`CREATE UNIQUE INDEX lesson_change_add_teacher ON lesson_change(date, period, teacher_id) WHERE kind = 'add'`);
    await q.query(`CREATE UNIQUE INDEX lesson_change_add_room ON lesson_change(date, period, classroom_id) WHERE kind = 'add'`);
    // a template lesson is taken from a date once
    await q.query(`CREATE UNIQUE INDEX lesson_change_remove_class ON lesson_change(date, period, class_id) WHERE kind = 'remove'`);
    await q.query(`CREATE UNIQUE INDEX lesson_change_remove_teaching_class ON lesson_change(date, period, teaching_class_id) WHERE kind = 'remove'`);

    // The lessons of dates: each date's semester's published template (on its teaching dates), less the lessons changes
    // take from it, plus those they add. A change counts once its request has passed — by its own row, or already by the
    // request's read model, written in the passing event's own statement, so whoever approved reads the change at once
    // (the row is marked by the effect a moment later) — and, when asked (a clash check), while it is pending too. A
    // removal takes the lesson it names (class, course, teacher): a template published since, with another lesson
    // there, keeps it.
    await q.query(`
      CREATE FUNCTION timetable_on(d_from date, d_to date, with_pending boolean)
      RETURNS TABLE (date date, weekday integer, period integer, class_id uuid, teaching_class_id uuid, course_id uuid, teacher_id uuid,
                     classroom_id uuid, lesson_id uuid, change text, change_id uuid, pending boolean)
      LANGUAGE sql STABLE AS $$
        WITH days AS (
          SELECT d::date AS date, extract(isodow FROM d)::int AS weekday, s.id AS semester_id
            FROM generate_series(d_from::timestamp, d_to::timestamp, interval '1 day') d
            JOIN semester s ON d::date BETWEEN s.teaching_start AND s.teaching_end
        ),
        changes AS (
          SELECT c.*, (c.status = 'passed' OR EXISTS (SELECT 1 FROM wf_instance i WHERE i.id = c.instance_id AND i.review_status = 'passed')) AS passed
            FROM lesson_change c WHERE c.date BETWEEN d_from AND d_to
        )
        SELECT days.date, days.weekday, l.period, l.class_id, l.teaching_class_id, l.course_id, l.teacher_id, l.classroom_id, l.id, NULL::text, NULL::uuid, false
          FROM days
          JOIN timetable t ON t.semester_id = days.semester_id AND t.state = 'published'
          JOIN timetable_lesson l ON l.timetable_id = t.id AND l.weekday = days.weekday
         WHERE NOT EXISTS (
           SELECT 1 FROM changes r
            WHERE r.kind = 'remove' AND r.date = days.date AND r.period = l.period
              AND (r.class_id = l.class_id OR r.teaching_class_id = l.teaching_class_id)
              AND r.course_id = l.course_id AND r.teacher_id = l.teacher_id
              AND (r.passed OR with_pending))
        UNION ALL
        SELECT c.date, extract(isodow FROM c.date)::int, c.period, c.class_id, c.teaching_class_id, c.course_id, c.teacher_id, c.classroom_id, c.id,
               CASE c.flow WHEN 'make-up-class' THEN 'make-up' ELSE 'swap' END, c.instance_id, NOT c.passed
          FROM changes c
         WHERE c.kind = 'add' AND (c.passed OR with_pending)
      $$`);

    // the school's days a week (the lesson periods are the day's rows)
    await q.query(`INSERT INTO sys_config (key, value) VALUES ('timetable.days', '5'::jsonb) ON CONFLICT (key) DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_config WHERE key = 'timetable.days'`);
    await q.query(`DROP FUNCTION timetable_on(date, date, boolean)`);
    await q.query(`DROP TABLE lesson_change`);
    await q.query(`DROP TABLE timetable_lesson`);
    await q.query(`DROP TABLE timetable`);
    await q.query(`DROP VIEW staff_list`);
    await q.query(`ALTER TABLE staff DROP COLUMN foreign_teacher`);
    await q.query(`
      CREATE VIEW staff_list AS
        SELECT s.*, u.account, u.enabled,
               coalesce((SELECT array_agg(r.code ORDER BY r.sort) FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = s.user_id), '{}') AS roles
          FROM staff s JOIN sys_user u ON u.id = s.user_id`);
    await q.query(`DROP TABLE teacher_unavailable`);
    await q.query(`DROP INDEX teaching_assignment_teacher`);
    await q.query(`ALTER TABLE teaching_assignment DROP CONSTRAINT teaching_assignment_class_course_key, DROP CONSTRAINT teaching_assignment_pkey`);
    await q.query(`ALTER TABLE teaching_assignment ADD CONSTRAINT teaching_assignment_pkey PRIMARY KEY (class_id, course_id, semester_id), DROP COLUMN id, DROP COLUMN remark`);
    await q.query(`DROP TABLE grade_course_hours`);
    await q.query(`DROP TABLE lesson_period`);
    await q.query(`DROP FUNCTION hhmm_minutes(text)`);
  }
}
