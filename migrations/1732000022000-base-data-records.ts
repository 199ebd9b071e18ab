import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The school's base data as the records of docs/product/base-data.md (issue 13, docs/adr/0023): every field of campuses, buildings,
 * classrooms, school years, semesters, courses, classes and students; majors, research groups, staff, enrollment
 * batches, teaching classes and guardians' details as tables of their own.
 *
 * The resource kit maps constraint names to the spec's messages, so the rules a constraint can keep are kept here,
 * named: uniqueness (`…_key`, 409 "…已被使用") and "deleting what is used" (a foreign key without cascade: deleting a
 * building with classrooms fails with `classroom_building_id_fkey`, and nothing is deleted). Two concurrent writes
 * cannot both pass a check that only the database makes.
 *
 * Grade levels become a number (1..12 across the school's stages, 高一 = 10) on the class itself, as docs/product/base-data.md#administrative-classes
 * says; the semester upgrade (issue 11) adds one to it.
 */
export class BaseDataRecords1732000022000 implements MigrationInterface {
  name = 'BaseDataRecords1732000022000';

  async up(q: QueryRunner): Promise<void> {
    // Initial passwords must be changed at the first sign-in (docs/product/base-data.md#accounts-and-initial-passwords).
    await q.query(`ALTER TABLE sys_user ADD COLUMN must_change_password boolean NOT NULL DEFAULT false`);

    await q.query(`
      ALTER TABLE campus
        ADD COLUMN area numeric(12,2) CHECK (area >= 0),
        ADD COLUMN building_area numeric(12,2) CHECK (building_area >= 0),
        ADD COLUMN head text NOT NULL DEFAULT '',
        ADD COLUMN postal_code text NOT NULL DEFAULT '' CHECK (postal_code = '' OR postal_code ~ '^[0-9]{6}$'),
        ADD COLUMN sort integer NOT NULL DEFAULT 0 CHECK (sort BETWEEN 0 AND 999),
        ADD CONSTRAINT campus_name_key UNIQUE (name)`);
    await q.query(`ALTER TABLE building ADD CONSTRAINT building_name_key UNIQUE (name)`);
    await q.query(`ALTER TABLE classroom RENAME COLUMN class_seats TO seats`);
    await q.query(`ALTER TABLE classroom RENAME COLUMN room_type TO type`);
    await q.query(`ALTER TABLE school_year RENAME COLUMN in_use TO enabled`);
    await q.query(`ALTER TABLE school_year ADD CONSTRAINT school_year_sort_check CHECK (sort >= 0 AND sort < 999), ADD CONSTRAINT school_year_name_key UNIQUE (name)`);
    await q.query(`ALTER TABLE semester ADD CONSTRAINT semester_name_key UNIQUE (name)`);

    await q.query(`
      CREATE TABLE major (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code text NOT NULL CONSTRAINT major_code_key UNIQUE CHECK (code ~ '^[A-Za-z0-9]{1,30}$'),
        name text NOT NULL CONSTRAINT major_name_key UNIQUE,
        enabled boolean NOT NULL DEFAULT true,
        sort integer NOT NULL DEFAULT 0 CHECK (sort BETWEEN 0 AND 999),
        national_standard text NOT NULL DEFAULT '',
        group_name text NOT NULL DEFAULT '',
        introduction text NOT NULL DEFAULT ''
      )`);

    await q.query(`
      ALTER TABLE course
        ADD COLUMN assessment text NOT NULL DEFAULT 'exam',
        ADD COLUMN type text NOT NULL DEFAULT 'required',
        ADD COLUMN category text NOT NULL DEFAULT 'basic',
        ADD COLUMN theory_hours integer NOT NULL DEFAULT 0 CHECK (theory_hours >= 0),
        ADD COLUMN computer_hours integer NOT NULL DEFAULT 0 CHECK (computer_hours >= 0),
        ADD COLUMN experiment_hours integer NOT NULL DEFAULT 0 CHECK (experiment_hours >= 0),
        ADD COLUMN other_hours integer NOT NULL DEFAULT 0 CHECK (other_hours >= 0),
        ADD COLUMN national boolean NOT NULL DEFAULT false,
        ADD COLUMN colour text NOT NULL DEFAULT '' CHECK (colour = '' OR colour ~ '^#[0-9A-Fa-f]{6}$'),
        ADD COLUMN description text NOT NULL DEFAULT '',
        ADD CONSTRAINT course_name_key UNIQUE (name)`);

    // Classes: the grade as a number on the class; majors, life teacher, specialty group, usage state.
    await q.query(`
      ALTER TABLE admin_class
        ADD COLUMN grade integer CHECK (grade BETWEEN 1 AND 12),
        ADD COLUMN enrollment_year integer CHECK (enrollment_year > 2000 AND enrollment_year < 9999),
        ADD COLUMN major_id uuid CONSTRAINT admin_class_major_id_fkey REFERENCES major(id),
        ADD COLUMN specialty_group text NOT NULL DEFAULT '',
        ADD COLUMN life_teacher_id uuid REFERENCES sys_user(id),
        ADD COLUMN usage_state text NOT NULL DEFAULT 'active' CHECK (usage_state IN ('active', 'closed'))`);
    // The demo's grade levels were 高一/高二/高三 by sort; anything else keeps its place after them.
    await q.query(`UPDATE admin_class c SET grade = 10 + g.sort, enrollment_year = g.enrollment_year FROM grade_level g WHERE g.id = c.grade_id`);
    // What dynamic roles' SQL reads (docs/adr/0014) follows: the class's grade is a number now.
    await q.query(`DROP VIEW role_query.admin_class`);
    await q.query(`DROP VIEW role_query.grade_level`);
    await q.query(`UPDATE admin_class SET grade = 10, enrollment_year = 2025 WHERE grade IS NULL`);
    await q.query(`ALTER TABLE admin_class ALTER COLUMN grade SET NOT NULL, ALTER COLUMN enrollment_year SET NOT NULL, DROP COLUMN grade_id`);
    await q.query(`DROP TABLE grade_level`);
    await q.query(`ALTER TABLE admin_class ADD CONSTRAINT admin_class_name_key UNIQUE (name)`);
    await q.query(`CREATE VIEW role_query.admin_class AS SELECT id, grade, enrollment_year, code, name, short_name, head_teacher_id, life_teacher_id, classroom_id, major_id, in_school FROM public.admin_class`);

    await q.query(`
      CREATE TABLE enrollment_batch (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CONSTRAINT enrollment_batch_name_key UNIQUE,
        year integer NOT NULL CHECK (year > 2000 AND year < 9999),
        campus_id uuid NOT NULL REFERENCES campus(id),
        start_at date NOT NULL,
        end_at date NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        CONSTRAINT enrollment_batch_dates CHECK (end_at >= start_at)
      )`);

    // The student's whole record (docs/product/base-data.md#students).
    await q.query(`
      ALTER TABLE student
        ADD COLUMN registration_no text NOT NULL DEFAULT '',
        ADD COLUMN ethnicity text NOT NULL DEFAULT '',
        ADD COLUMN nationality text NOT NULL DEFAULT '中国',
        ADD COLUMN birth_date date,
        ADD COLUMN id_type text NOT NULL DEFAULT 'resident' CHECK (id_type IN ('resident', 'passport', 'hkmo', 'taiwan', 'other')),
        ADD COLUMN id_number text,
        ADD COLUMN native_place text NOT NULL DEFAULT '',
        ADD COLUMN political_outlook text NOT NULL DEFAULT '',
        ADD COLUMN campus_id uuid REFERENCES campus(id),
        ADD COLUMN department text NOT NULL DEFAULT '',
        ADD COLUMN admission_date date,
        ADD COLUMN enrollment_way text NOT NULL DEFAULT '',
        ADD COLUMN personnel_type text NOT NULL DEFAULT '',
        ADD COLUMN voluntary_nature text NOT NULL DEFAULT '',
        ADD COLUMN previous_school text NOT NULL DEFAULT '',
        ADD COLUMN household_address text NOT NULL DEFAULT '',
        ADD COLUMN household_district text NOT NULL DEFAULT '',
        ADD COLUMN household_street text NOT NULL DEFAULT '',
        ADD COLUMN household_committee text NOT NULL DEFAULT '',
        ADD COLUMN residence_address text NOT NULL DEFAULT '',
        ADD COLUMN residence_district text NOT NULL DEFAULT '',
        ADD COLUMN residence_street text NOT NULL DEFAULT '',
        ADD COLUMN residence_committee text NOT NULL DEFAULT '',
        ADD COLUMN residence_permit_no text NOT NULL DEFAULT '',
        ADD COLUMN residence_permit_expiry date,
        ADD COLUMN shanghai_contact text NOT NULL DEFAULT '',
        ADD COLUMN health_status text NOT NULL DEFAULT '' CHECK (length(health_status) <= 1000),
        ADD COLUMN enrollment_batch_id uuid REFERENCES enrollment_batch(id),
        ADD COLUMN photo_file_id uuid REFERENCES sys_file(res_id),
        ADD CONSTRAINT student_id_number_key UNIQUE (id_number)`);
    await q.query(`CREATE INDEX student_name ON student(name)`);
    await q.query(`CREATE INDEX student_batch ON student(enrollment_batch_id) WHERE enrollment_batch_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE student_guardian (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        student_id uuid NOT NULL REFERENCES student(id) ON DELETE CASCADE,
        position integer NOT NULL DEFAULT 0,
        name text NOT NULL,
        relationship text NOT NULL DEFAULT '',
        mobile text NOT NULL DEFAULT '',
        employer text NOT NULL DEFAULT '',
        education text NOT NULL DEFAULT '',
        age integer CHECK (age BETWEEN 15 AND 120),
        user_id uuid REFERENCES sys_user(id) ON DELETE SET NULL
      )`);
    await q.query(`CREATE INDEX student_guardian_student ON student_guardian(student_id, position)`);

    // A class's headcount, boys and girls are counted, never stored (they cannot drift).
    await q.query(`
      CREATE VIEW admin_class_list AS
        SELECT c.*, coalesce(n.headcount, 0)::int AS headcount, coalesce(n.boys, 0)::int AS boys, coalesce(n.girls, 0)::int AS girls
          FROM admin_class c
          LEFT JOIN (SELECT class_id, count(*) AS headcount, count(*) FILTER (WHERE gender = 'M') AS boys, count(*) FILTER (WHERE gender = 'F') AS girls
                       FROM student WHERE status NOT IN ('transferred_out', 'graduated') GROUP BY class_id) n ON n.class_id = c.id`);

    await q.query(`
      CREATE TABLE staff (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL CONSTRAINT staff_user_id_key UNIQUE REFERENCES sys_user(id),
        name text NOT NULL,
        gender text NOT NULL DEFAULT 'M' CHECK (gender IN ('M', 'F')),
        id_number text NOT NULL CONSTRAINT staff_id_number_key UNIQUE,
        phone text NOT NULL DEFAULT '',
        short_number text NOT NULL DEFAULT '' CHECK (short_number = '' OR short_number ~ '^[0-9]{3,8}$'),
        email text NOT NULL DEFAULT '',
        postal_code text NOT NULL DEFAULT '' CHECK (postal_code = '' OR postal_code ~ '^[0-9]{6}$'),
        birth_date date,
        work_start date,
        arrival_date date,
        department_id uuid REFERENCES org_department(id),
        avatar_file_id uuid REFERENCES sys_file(res_id),
        CONSTRAINT staff_work_after_birth CHECK (work_start IS NULL OR birth_date IS NULL OR work_start >= birth_date),
        CONSTRAINT staff_arrival_after_work CHECK (arrival_date IS NULL OR work_start IS NULL OR arrival_date >= work_start)
      )`);
    await q.query(`CREATE INDEX staff_name ON staff(name)`);
    // The list reads the account beside the record, and the roles the account holds.
    await q.query(`
      CREATE VIEW staff_list AS
        SELECT s.*, u.account, u.enabled,
               coalesce((SELECT array_agg(r.code ORDER BY r.sort) FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = s.user_id), '{}') AS roles
          FROM staff s JOIN sys_user u ON u.id = s.user_id`);

    await q.query(`
      CREATE TABLE research_group (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code text NOT NULL CONSTRAINT research_group_code_key UNIQUE CHECK (code ~ '^[A-Za-z0-9]{1,30}$'),
        name text NOT NULL CONSTRAINT research_group_name_key UNIQUE,
        leader_id uuid REFERENCES sys_user(id),
        course_id uuid CONSTRAINT research_group_course_id_fkey REFERENCES course(id),
        enabled boolean NOT NULL DEFAULT true,
        sort integer NOT NULL DEFAULT 0 CHECK (sort BETWEEN 0 AND 999),
        remark text NOT NULL DEFAULT ''
      )`);

    await q.query(`
      CREATE TABLE teaching_class (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        course_id uuid NOT NULL CONSTRAINT teaching_class_course_id_fkey REFERENCES course(id),
        semester_id uuid NOT NULL CONSTRAINT teaching_class_semester_id_fkey REFERENCES semester(id),
        teacher_id uuid NOT NULL REFERENCES sys_user(id),
        layer text NOT NULL DEFAULT '',
        closed boolean NOT NULL DEFAULT false,
        CONSTRAINT teaching_class_name_key UNIQUE (semester_id, name)
      )`);
    await q.query(`
      CREATE TABLE teaching_class_student (
        teaching_class_id uuid NOT NULL REFERENCES teaching_class(id) ON DELETE CASCADE,
        student_id uuid NOT NULL REFERENCES student(id) ON DELETE CASCADE,
        PRIMARY KEY (teaching_class_id, student_id)
      )`);
    await q.query(`CREATE INDEX teaching_class_student_student ON teaching_class_student(student_id)`);
    await q.query(`CREATE VIEW role_query.teaching_class AS SELECT id, name, course_id, semester_id, teacher_id, layer, closed FROM public.teaching_class`);
    await q.query(`CREATE VIEW role_query.teaching_class_student AS SELECT teaching_class_id, student_id FROM public.teaching_class_student`);
    await q.query(`CREATE VIEW role_query.research_group AS SELECT id, code, name, leader_id, course_id, enabled FROM public.research_group`);

    // Background jobs' state (imports now; the semester upgrade and batch PDFs later): progress survives a reconnect.
    await q.query(`
      CREATE TABLE sys_job (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL,
        owner_id uuid NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'completed', 'failed')),
        done integer NOT NULL DEFAULT 0,
        total integer NOT NULL DEFAULT 0,
        input jsonb,
        result jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(`CREATE INDEX sys_job_owner ON sys_job(owner_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const v of ['research_group', 'teaching_class_student', 'teaching_class', 'admin_class']) await q.query(`DROP VIEW role_query.${v}`);
    for (const t of ['sys_job', 'teaching_class_student', 'teaching_class', 'research_group']) await q.query(`DROP TABLE ${t}`);
    await q.query(`DROP VIEW staff_list`);
    await q.query(`DROP TABLE staff`);
    await q.query(`DROP VIEW admin_class_list`);
    await q.query(`DROP TABLE student_guardian`);
    await q.query(`
      ALTER TABLE student DROP CONSTRAINT student_id_number_key,
        DROP COLUMN registration_no, DROP COLUMN ethnicity, DROP COLUMN nationality, DROP COLUMN birth_date, DROP COLUMN id_type, DROP COLUMN id_number,
        DROP COLUMN native_place, DROP COLUMN political_outlook, DROP COLUMN campus_id, DROP COLUMN department, DROP COLUMN admission_date,
        DROP COLUMN enrollment_way, DROP COLUMN personnel_type, DROP COLUMN voluntary_nature, DROP COLUMN previous_school,
        DROP COLUMN household_address, DROP COLUMN household_district, DROP COLUMN household_street, DROP COLUMN household_committee,
        DROP COLUMN residence_address, DROP COLUMN residence_district, DROP COLUMN residence_street, DROP COLUMN residence_committee,
        DROP COLUMN residence_permit_no, DROP COLUMN residence_permit_expiry, DROP COLUMN shanghai_contact, DROP COLUMN health_status,
        DROP COLUMN enrollment_batch_id, DROP COLUMN photo_file_id`);
    await q.query(`DROP INDEX IF EXISTS student_name`);
    await q.query(`DROP TABLE enrollment_batch`);
    await q.query(`CREATE TABLE grade_level (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), code text NOT NULL UNIQUE, name text NOT NULL, name_en text NOT NULL DEFAULT '', enrollment_year integer NOT NULL, sort integer NOT NULL DEFAULT 0)`);
    await q.query(`INSERT INTO grade_level (code, name, name_en, enrollment_year, sort) SELECT 'G' || grade, 'G' || grade, 'Grade ' || grade, min(enrollment_year), grade - 10 FROM admin_class GROUP BY grade`);
    await q.query(`ALTER TABLE admin_class DROP CONSTRAINT admin_class_name_key, ADD COLUMN grade_id uuid REFERENCES grade_level(id)`);
    await q.query(`UPDATE admin_class c SET grade_id = g.id FROM grade_level g WHERE g.code = 'G' || c.grade`);
    await q.query(`ALTER TABLE admin_class ALTER COLUMN grade_id SET NOT NULL, DROP COLUMN grade, DROP COLUMN enrollment_year, DROP COLUMN major_id, DROP COLUMN specialty_group, DROP COLUMN life_teacher_id, DROP COLUMN usage_state`);
    await q.query(`CREATE VIEW role_query.grade_level AS SELECT id, code, name, enrollment_year, sort FROM public.grade_level`);
    await q.query(`CREATE VIEW role_query.admin_class AS SELECT id, grade_id, code, name, short_name, head_teacher_id, classroom_id, in_school FROM public.admin_class`);
    await q.query(`
      ALTER TABLE course DROP CONSTRAINT course_name_key, DROP COLUMN assessment, DROP COLUMN type, DROP COLUMN category, DROP COLUMN theory_hours,
        DROP COLUMN computer_hours, DROP COLUMN experiment_hours, DROP COLUMN other_hours, DROP COLUMN national, DROP COLUMN colour, DROP COLUMN description`);
    await q.query(`DROP TABLE major`);
    await q.query(`ALTER TABLE semester DROP CONSTRAINT semester_name_key`);
    await q.query(`ALTER TABLE school_year DROP CONSTRAINT school_year_sort_check, DROP CONSTRAINT school_year_name_key`);
    await q.query(`ALTER TABLE school_year RENAME COLUMN enabled TO in_use`);
    await q.query(`ALTER TABLE classroom RENAME COLUMN type TO room_type`);
    await q.query(`ALTER TABLE classroom RENAME COLUMN seats TO class_seats`);
    await q.query(`ALTER TABLE building DROP CONSTRAINT building_name_key`);
    await q.query(`ALTER TABLE campus DROP CONSTRAINT campus_name_key, DROP COLUMN area, DROP COLUMN building_area, DROP COLUMN head, DROP COLUMN postal_code, DROP COLUMN sort`);
    await q.query(`ALTER TABLE sys_user DROP COLUMN must_change_password`);
  }
}
