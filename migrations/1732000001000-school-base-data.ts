import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The school's base data that every later flow leans on: organisation, campus, buildings, classrooms,
 * school years, semesters, courses, grades, administrative classes, students, guardians and teaching duties.
 */
export class SchoolBaseData1732000001000 implements MigrationInterface {
  name = 'SchoolBaseData1732000001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE org_department (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        parent_id uuid REFERENCES org_department(id),
        code text NOT NULL UNIQUE,
        name text NOT NULL,
        name_en text NOT NULL DEFAULT '',
        sort integer NOT NULL DEFAULT 0
      )`);
    await q.query(`ALTER TABLE sys_user ADD COLUMN department_id uuid REFERENCES org_department(id)`);
    await q.query(`
      CREATE TABLE campus (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code text NOT NULL UNIQUE, name text NOT NULL, name_en text NOT NULL DEFAULT '',
        address text NOT NULL DEFAULT '', phone text NOT NULL DEFAULT '', in_use boolean NOT NULL DEFAULT true
      )`);
    await q.query(`
      CREATE TABLE building (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        campus_id uuid NOT NULL REFERENCES campus(id),
        code text NOT NULL UNIQUE CHECK (code ~ '^[A-Za-z0-9]{1,30}$'),
        name text NOT NULL, name_en text NOT NULL DEFAULT '',
        floors integer NOT NULL CHECK (floors BETWEEN 1 AND 9),
        enabled boolean NOT NULL DEFAULT true, sort integer NOT NULL DEFAULT 0 CHECK (sort < 999)
      )`);
    await q.query(`
      CREATE TABLE classroom (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        building_id uuid NOT NULL REFERENCES building(id),
        code text NOT NULL UNIQUE, name text NOT NULL, room_type text NOT NULL DEFAULT 'ordinary',
        class_seats integer NOT NULL DEFAULT 0 CHECK (class_seats < 100),
        exam_seats integer NOT NULL DEFAULT 0 CHECK (exam_seats < 100),
        for_classes boolean NOT NULL DEFAULT true, for_exams boolean NOT NULL DEFAULT true,
        lendable boolean NOT NULL DEFAULT false, enabled boolean NOT NULL DEFAULT true,
        sort integer NOT NULL DEFAULT 0 CHECK (sort < 100)
      )`);
    await q.query(`
      CREATE TABLE school_year (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code text NOT NULL UNIQUE, name text NOT NULL, name_en text NOT NULL DEFAULT '',
        year integer NOT NULL UNIQUE CHECK (year > 2000 AND year < 9999),
        in_use boolean NOT NULL DEFAULT true, sort integer NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE semester (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        school_year_id uuid NOT NULL REFERENCES school_year(id),
        code text NOT NULL UNIQUE, name text NOT NULL, name_en text NOT NULL DEFAULT '',
        is_current boolean NOT NULL DEFAULT false,
        work_start date NOT NULL, work_end date NOT NULL,
        teaching_start date NOT NULL, teaching_end date NOT NULL,
        work_weeks integer NOT NULL CHECK (work_weeks BETWEEN 0 AND 999),
        teaching_weeks integer NOT NULL CHECK (teaching_weeks BETWEEN 0 AND 999),
        enabled boolean NOT NULL DEFAULT true, sort integer NOT NULL DEFAULT 0
      )`);
    await q.query(`CREATE UNIQUE INDEX semester_one_current ON semester((true)) WHERE is_current`);
    await q.query(`
      CREATE TABLE course (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code text NOT NULL UNIQUE CHECK (code ~ '^[A-Za-z0-9]+$'),
        name text NOT NULL, name_en text NOT NULL DEFAULT '', short_name text NOT NULL DEFAULT '',
        enabled boolean NOT NULL DEFAULT true, sort integer NOT NULL DEFAULT 0 CHECK (sort BETWEEN 0 AND 9999),
        credits numeric(4,1) NOT NULL DEFAULT 0, total_hours integer NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE grade_level (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code text NOT NULL UNIQUE, name text NOT NULL, name_en text NOT NULL DEFAULT '',
        enrollment_year integer NOT NULL, sort integer NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE admin_class (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        grade_id uuid NOT NULL REFERENCES grade_level(id),
        code text NOT NULL UNIQUE CHECK (code ~ '^[0-9]{1,30}$'),
        name text NOT NULL, name_en text NOT NULL DEFAULT '', short_name text NOT NULL DEFAULT '',
        head_teacher_id uuid REFERENCES sys_user(id),
        classroom_id uuid REFERENCES classroom(id),
        sort integer NOT NULL DEFAULT 0 CHECK (sort BETWEEN 0 AND 99),
        in_school boolean NOT NULL DEFAULT true
      )`);
    await q.query(`
      CREATE TABLE student (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid UNIQUE REFERENCES sys_user(id),
        student_no text NOT NULL UNIQUE,
        name text NOT NULL, name_en text NOT NULL DEFAULT '',
        gender text NOT NULL CHECK (gender IN ('M', 'F')),
        class_id uuid NOT NULL REFERENCES admin_class(id),
        enrollment_year integer NOT NULL,
        status text NOT NULL DEFAULT 'enrolled'
      )`);
    await q.query(`CREATE INDEX student_class ON student(class_id)`);
    await q.query(`
      CREATE TABLE guardian (
        user_id uuid NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        student_id uuid NOT NULL REFERENCES student(id) ON DELETE CASCADE,
        relation text NOT NULL DEFAULT 'parent',
        PRIMARY KEY (user_id, student_id)
      )`);
    await q.query(`
      CREATE TABLE teaching_assignment (
        teacher_id uuid NOT NULL REFERENCES sys_user(id),
        class_id uuid NOT NULL REFERENCES admin_class(id),
        course_id uuid NOT NULL REFERENCES course(id),
        semester_id uuid NOT NULL REFERENCES semester(id),
        PRIMARY KEY (class_id, course_id, semester_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['teaching_assignment', 'guardian', 'student', 'admin_class', 'grade_level', 'course', 'semester', 'school_year', 'classroom', 'building', 'campus']) {
      await q.query(`DROP TABLE IF EXISTS ${t} CASCADE`);
    }
    await q.query(`ALTER TABLE sys_user DROP COLUMN IF EXISTS department_id`);
    await q.query(`DROP TABLE IF EXISTS org_department CASCADE`);
  }
}
