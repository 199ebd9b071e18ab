import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Elective courses and their selection (issue 27 parts 1–3; docs/product/electives.md, docs/adr/0043-electives.md):
 * the passed declarations (elective_course, written by the `elective-course` flow's effect), batches, the courses a
 * batch offers with their seats, selections, lottery preferences; the menus of 选修课 and the grants.
 *
 * Capacity is the database's: `elective_offer.taken` never exceeds `capacity` (a CHECK), and a seat is taken only by
 * the guarded `UPDATE … SET taken = taken + 1 WHERE taken < capacity` inside `elective_select`, in the same
 * transaction as the selection row — so whatever answers in front of it, no course is ever oversold.
 */
export class Electives1732000043000 implements MigrationInterface {
  name = 'Electives1732000043000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE elective_course (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        instance_id uuid UNIQUE,
        course_id uuid NOT NULL REFERENCES course(id),
        semester_id uuid NOT NULL REFERENCES semester(id),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
        description text NOT NULL DEFAULT '',
        grades integer[] NOT NULL CHECK (cardinality(grades) > 0),
        capacity integer NOT NULL CHECK (capacity BETWEEN 1 AND 500),
        min_size integer NOT NULL DEFAULT 0 CHECK (min_size >= 0 AND min_size <= capacity),
        slots jsonb NOT NULL DEFAULT '[]'::jsonb,
        classroom_id uuid REFERENCES classroom(id) ON DELETE SET NULL,
        teacher_id uuid NOT NULL REFERENCES sys_user(id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX elective_course_semester ON elective_course (semester_id)`);

    // opened_at / closed_at: the timer's claims of the window's edges (once across instances): the state push at the
    // opening, the draw (lottery) and the teaching classes at the end.
    await q.query(`
      CREATE TABLE elective_batch (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
        semester_id uuid NOT NULL REFERENCES semester(id),
        grades integer[] NOT NULL CHECK (cardinality(grades) > 0),
        start_at timestamptz NOT NULL,
        end_at timestamptz NOT NULL,
        max_per_student integer NOT NULL CHECK (max_per_student BETWEEN 1 AND 10),
        mode text NOT NULL CHECK (mode IN ('first-come', 'lottery')),
        priority_grades integer[] NOT NULL DEFAULT '{}',
        leftover_end timestamptz,
        draw_seed text,
        drawn_at timestamptz,
        opened_at timestamptz,
        closed_at timestamptz,
        created_by uuid NOT NULL REFERENCES sys_user(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT elective_batch_window CHECK (end_at > start_at),
        CONSTRAINT elective_batch_leftover CHECK (leftover_end IS NULL OR (mode = 'lottery' AND leftover_end > end_at))
      )`);
    await q.query(`CREATE UNIQUE INDEX elective_batch_name ON elective_batch (semester_id, lower(btrim(name)))`);
    await q.query(`CREATE INDEX elective_batch_open ON elective_batch (coalesce(leftover_end, end_at)) WHERE closed_at IS NULL`);

    await q.query(`
      CREATE TABLE elective_offer (
        batch_id uuid NOT NULL REFERENCES elective_batch(id) ON DELETE CASCADE,
        course_id uuid NOT NULL REFERENCES elective_course(id),
        capacity integer NOT NULL CHECK (capacity > 0),
        taken integer NOT NULL DEFAULT 0,
        teaching_class_id uuid REFERENCES teaching_class(id) ON DELETE SET NULL,
        PRIMARY KEY (batch_id, course_id),
        CONSTRAINT elective_offer_capacity CHECK (taken BETWEEN 0 AND capacity)
      )`);

    await q.query(`
      CREATE TABLE elective_selection (
        batch_id uuid NOT NULL,
        course_id uuid NOT NULL,
        student_id uuid NOT NULL REFERENCES student(id) ON DELETE CASCADE,
        round text NOT NULL CHECK (round IN ('first-come', 'preference', 'leftover')),
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (batch_id, student_id, course_id),
        FOREIGN KEY (batch_id, course_id) REFERENCES elective_offer (batch_id, course_id) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX elective_selection_course ON elective_selection (batch_id, course_id, created_at)`);

    await q.query(`
      CREATE TABLE elective_preference (
        batch_id uuid NOT NULL REFERENCES elective_batch(id) ON DELETE CASCADE,
        student_id uuid NOT NULL REFERENCES student(id) ON DELETE CASCADE,
        rank smallint NOT NULL CHECK (rank BETWEEN 1 AND 10),
        course_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (batch_id, student_id, rank),
        UNIQUE (batch_id, student_id, course_id),
        FOREIGN KEY (batch_id, course_id) REFERENCES elective_offer (batch_id, course_id) ON DELETE CASCADE
      )`);

    // One selection, decided in one round trip: the caller's student row, the window (a first-come batch's, or a lottery's
    // leftover round after its draw), the offer and the grade; a student's clicks queue on their own advisory lock (a
    // double-click stores one), the limit and the clashes are read, and the seat is taken by the guarded UPDATE — the
    // last word. outcome: ok | already | closed | notStudent | notOffered | notEligible | limit (detail: N) |
    // clash (detail: the other course's name) | full.
    await q.query(`
      CREATE FUNCTION elective_select(p_batch uuid, p_user uuid, p_course uuid)
        RETURNS TABLE (outcome text, remaining integer, detail text) LANGUAGE plpgsql AS $$
      DECLARE
        b elective_batch;
        st record;
        n integer;
        other text;
        left_over integer;
        rnd text;
      BEGIN
        SELECT * INTO b FROM elective_batch WHERE id = p_batch;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'closed'::text, NULL::integer, NULL::text; RETURN;
        END IF;
        IF b.mode = 'first-come' AND now() >= b.start_at AND now() < b.end_at THEN
          rnd := 'first-come';
        ELSIF b.mode = 'lottery' AND b.drawn_at IS NOT NULL AND b.leftover_end IS NOT NULL AND now() >= b.end_at AND now() < b.leftover_end THEN
          rnd := 'leftover';
        ELSE
          RETURN QUERY SELECT 'closed'::text, NULL::integer, NULL::text; RETURN;
        END IF;
        SELECT s.id, s.class_id, c.grade INTO st FROM student s JOIN admin_class c ON c.id = s.class_id WHERE s.user_id = p_user;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'notStudent'::text, NULL::integer, NULL::text; RETURN;
        END IF;
        IF NOT EXISTS (SELECT 1 FROM elective_offer o WHERE o.batch_id = p_batch AND o.course_id = p_course) THEN
          RETURN QUERY SELECT 'notOffered'::text, NULL::integer, NULL::text; RETURN;
        END IF;
        IF NOT (st.grade = ANY (b.grades)) OR NOT EXISTS (SELECT 1 FROM elective_course c WHERE c.id = p_course AND st.grade = ANY (c.grades)) THEN
          RETURN QUERY SELECT 'notEligible'::text, NULL::integer, NULL::text; RETURN;
        END IF;
        PERFORM pg_advisory_xact_lock(727043, hashtext(p_batch::text || ':' || st.id::text));
        IF EXISTS (SELECT 1 FROM elective_selection WHERE batch_id = p_batch AND student_id = st.id AND course_id = p_course) THEN
          RETURN QUERY SELECT 'already'::text, (SELECT o.capacity - o.taken FROM elective_offer o WHERE o.batch_id = p_batch AND o.course_id = p_course), NULL::text; RETURN;
        END IF;
        SELECT count(*) INTO n FROM elective_selection WHERE batch_id = p_batch AND student_id = st.id;
        IF n >= b.max_per_student THEN
          RETURN QUERY SELECT 'limit'::text, NULL::integer, b.max_per_student::text; RETURN;
        END IF;
        SELECT c2.name INTO other
          FROM elective_selection s JOIN elective_course c2 ON c2.id = s.course_id, elective_course c
         WHERE s.batch_id = p_batch AND s.student_id = st.id AND c.id = p_course
           AND EXISTS (SELECT 1 FROM jsonb_array_elements(c.slots) x, jsonb_array_elements(c2.slots) y WHERE x = y)
         LIMIT 1;
        IF other IS NULL THEN
          SELECT co.name INTO other
            FROM timetable t JOIN timetable_lesson l ON l.timetable_id = t.id JOIN course co ON co.id = l.course_id, elective_course c
           WHERE t.semester_id = b.semester_id AND t.state = 'published' AND c.id = p_course
             AND (l.class_id = st.class_id
                  OR l.teaching_class_id IN (SELECT ts.teaching_class_id FROM teaching_class_student ts WHERE ts.student_id = st.id))
             AND EXISTS (SELECT 1 FROM jsonb_array_elements(c.slots) x WHERE (x->>'weekday')::int = l.weekday AND (x->>'period')::int = l.period)
           LIMIT 1;
        END IF;
        IF other IS NOT NULL THEN
          RETURN QUERY SELECT 'clash'::text, NULL::integer, other; RETURN;
        END IF;
        UPDATE elective_offer o SET taken = o.taken + 1
         WHERE o.batch_id = p_batch AND o.course_id = p_course AND o.taken < o.capacity
        RETURNING o.capacity - o.taken INTO left_over;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'full'::text, 0, NULL::text; RETURN;
        END IF;
        INSERT INTO elective_selection (batch_id, course_id, student_id, round) VALUES (p_batch, p_course, st.id, rnd);
        RETURN QUERY SELECT 'ok'::text, left_over, NULL::text;
      END $$`);

    // 选修课 menus (docs/product/electives.md#pages): courses for staff and students, batches for the office and
    // administrators, selecting for students; on a school with roles already (a fresh one gets them from the seed).
    const pages: [string, string, string, string, string, number, string[]][] = [
      ['/elective/xxkc', '选修课程', 'Elective courses', 'menu:elective_courses', 'book', 1, ['admin', 'office', 'principal', 'teacher', 'headteacher', 'student']],
      ['/elective/xkpc', '选课批次', 'Selection batches', 'elective:manage', 'calendar alternate outline', 2, ['admin', 'office']],
      ['/elective/xsxk', '学生选课', 'Choose electives', 'elective:select', 'hand pointer outline', 3, ['student']],
    ];
    await q.query(`INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
                   SELECT NULL, '选修课', 'Electives', '/elective', 'menu:elective', 'graduation cap', 55, '{}'::jsonb
                    WHERE NOT EXISTS (SELECT 1 FROM sys_menu WHERE url = '/elective')`);
    for (const [url, name, nameEn, permission, icon, sort] of pages) {
      await q.query(
        `INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
         SELECT (SELECT id FROM sys_menu WHERE url = '/elective'), $2, $3, $1, $4, $5, $6, '{}'::jsonb WHERE NOT EXISTS (SELECT 1 FROM sys_menu WHERE url = $1)`,
        [url, name, nameEn, permission, icon, sort],
      );
    }
    await grantElectiveMenus(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_role_menu WHERE menu_id IN (SELECT id FROM sys_menu WHERE url LIKE '/elective%')`);
    await q.query(`DELETE FROM sys_menu WHERE url LIKE '/elective/%'`);
    await q.query(`DELETE FROM sys_menu WHERE url = '/elective'`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission IN ('elective:manage', 'elective:select', 'menu:elective', 'menu:elective_courses')`);
    await q.query(`DROP FUNCTION IF EXISTS elective_select(uuid, uuid, uuid)`);
    for (const t of ['elective_preference', 'elective_selection', 'elective_offer', 'elective_batch', 'elective_course']) await q.query(`DROP TABLE IF EXISTS ${t}`);
  }
}

/**
 * The grants of 选修课 by role code (menus and permissions): run by the migration on a school that has roles, and by the
 * demo seed after it made them (docs/adr/0043-electives.md#menus). Idempotent.
 */
export async function grantElectiveMenus(q: { query(sql: string, params?: unknown[]): Promise<unknown> }): Promise<void> {
  const grants: [string, string[]][] = [
    ['/elective', ['admin', 'office', 'principal', 'teacher', 'headteacher', 'student']],
    ['/elective/xxkc', ['admin', 'office', 'principal', 'teacher', 'headteacher', 'student']],
    ['/elective/xkpc', ['admin', 'office']],
    ['/elective/xsxk', ['student']],
  ];
  for (const [url, roles] of grants) {
    await q.query(
      `INSERT INTO sys_role_menu (role_id, menu_id) SELECT r.id, m.id FROM sys_role r, sys_menu m WHERE r.code = ANY($2::text[]) AND m.url = $1 ON CONFLICT DO NOTHING`,
      [url, roles],
    );
    await q.query(
      `INSERT INTO sys_role_permission (role_id, permission) SELECT r.id, m.permission FROM sys_role r, sys_menu m WHERE r.code = ANY($2::text[]) AND m.url = $1 ON CONFLICT DO NOTHING`,
      [url, roles],
    );
  }
}
