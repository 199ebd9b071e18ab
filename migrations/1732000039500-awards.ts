import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Awards and contests (docs/product/awards.md): the contest setting and the awards of reward management,
 * both resources of the kit. Rules the database keeps: a contest's name is unique, its end not before its start; a
 * contest with awards is not deleted (`award_contest_id_fkey`, no cascade); an award names its student or its teacher;
 * an award the `award-review` flow passed names its instance once (`award_instance_id_key`: the effect's replay writes
 * nothing twice). An award goes with its student or teacher when they are deleted.
 */
export class Awards1732000039500 implements MigrationInterface {
  name = 'Awards1732000039500';

  async up(q: QueryRunner): Promise<void> {
    const levels = `('school', 'district', 'city', 'province', 'national', 'international')`;
    await q.query(`
      CREATE TABLE award_contest (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CONSTRAINT award_contest_name_key UNIQUE,
        level text NOT NULL CHECK (level IN ${levels}),
        course_id uuid CONSTRAINT award_contest_course_id_fkey REFERENCES course(id),
        start_date date NOT NULL,
        end_date date NOT NULL,
        remark text NOT NULL DEFAULT '',
        CONSTRAINT award_contest_dates_check CHECK (end_date >= start_date)
      )`);
    await q.query(`
      CREATE TABLE award (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        recipient text NOT NULL CHECK (recipient IN ('student', 'teacher')),
        student_id uuid REFERENCES student(id) ON DELETE CASCADE,
        teacher_id uuid REFERENCES sys_user(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('subject', 'contest', 'honour')),
        contest_id uuid CONSTRAINT award_contest_id_fkey REFERENCES award_contest(id),
        title text NOT NULL DEFAULT '',
        level text NOT NULL CHECK (level IN ${levels}),
        prize text NOT NULL,
        awarded_on date NOT NULL,
        certificate_id uuid,
        remark text NOT NULL DEFAULT '',
        state text NOT NULL DEFAULT 'recorded' CHECK (state IN ('recorded', 'passed')),
        instance_id uuid CONSTRAINT award_instance_id_key UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT award_names_recipient CHECK ((recipient = 'student' AND student_id IS NOT NULL) OR (recipient = 'teacher' AND teacher_id IS NOT NULL)),
        CONSTRAINT award_names_title CHECK (contest_id IS NOT NULL OR title <> '')
      )`);
    await q.query(`CREATE INDEX award_awarded_on_idx ON award (awarded_on DESC)`);
    await q.query(`CREATE INDEX award_student_id_idx ON award (student_id)`);
    await q.query(`CREATE INDEX award_teacher_id_idx ON award (teacher_id)`);
    await q.query(`CREATE INDEX award_contest_id_idx ON award (contest_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE award`);
    await q.query(`DROP TABLE award_contest`);
  }
}
