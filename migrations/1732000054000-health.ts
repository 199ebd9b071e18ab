import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 健康管理 (docs/product/campus-life.md#health-care, docs/adr/0054-health.md): four tables of the resource kit — the
 * infirmary's visits, conditions with a risk level, physical exams (the measurements and what the server scored from
 * them by the national fitness standard) and insurance — each row a student's, gone with the student. Health texts
 * hold at most 1000 characters (docs/product/campus-life.md#health-care).
 *
 * The school doctor's role `doctor` is added to a school that exists (its roles exist); on a fresh database the demo
 * seed makes it with the others. Its grants, and the menus of 健康管理, come with the resource kit's registration at
 * start (resource-registrar.ts), once, as the other pages of the kit.
 */
export class Health1732000054000 implements MigrationInterface {
  name = 'Health1732000054000';

  async up(q: QueryRunner): Promise<void> {
    const text = (name: string, max = 1000, required = false) => `${name} text NOT NULL ${required ? '' : `DEFAULT ''`} CHECK (length(${name}) <= ${max})`;
    await q.query(`
      CREATE TABLE health_visit (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        student_id uuid NOT NULL REFERENCES student(id) ON DELETE CASCADE,
        visited_on date NOT NULL,
        ${text('complaint', 1000, true)},
        ${text('diagnosis')},
        ${text('treatment')},
        outcome text NOT NULL CHECK (outcome IN ('backToClass', 'rested', 'sentHome', 'hospital')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX health_visit_student ON health_visit (student_id, visited_on DESC)`);
    await q.query(`
      CREATE TABLE health_condition (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        student_id uuid NOT NULL REFERENCES student(id) ON DELETE CASCADE,
        ${text('name', 50, true)},
        risk_level text NOT NULL CHECK (risk_level IN ('low', 'medium', 'high')),
        diagnosed_on date,
        ${text('description')},
        ${text('care_advice')},
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX health_condition_student ON health_condition (student_id) WHERE active`);
    await q.query(`
      CREATE TABLE health_exam (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        student_id uuid NOT NULL REFERENCES student(id) ON DELETE CASCADE,
        exam_date date NOT NULL,
        height_cm numeric(4,1) NOT NULL,
        weight_kg numeric(4,1) NOT NULL,
        vital_capacity int,
        sprint50m numeric(3,1),
        sit_and_reach numeric(3,1),
        standing_long_jump int,
        strength int,
        endurance_run int,
        ${text('remark')},
        bmi numeric(4,1),
        item_scores jsonb NOT NULL DEFAULT '{}',
        total_score numeric(4,1),
        rating text CHECK (rating IN ('excellent', 'good', 'pass', 'fail')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX health_exam_student ON health_exam (student_id, exam_date DESC)`);
    await q.query(`
      CREATE TABLE health_insurance (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        student_id uuid NOT NULL REFERENCES student(id) ON DELETE CASCADE,
        ${text('insurer', 50, true)},
        ${text('policy_no', 50, true)},
        ${text('plan', 50, true)},
        start_date date NOT NULL,
        end_date date NOT NULL CHECK (end_date >= start_date),
        ${text('remark')},
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX health_insurance_student ON health_insurance (student_id)`);
    // An existing school: its roles exist, the doctor's is added (a fresh one gets it from the demo seed).
    await q.query(`
      INSERT INTO sys_role (code, name, name_en, sort, built_in, role_type_id)
      SELECT 'doctor', '校医', 'School doctor', 20, true, (SELECT id FROM sys_role_type WHERE name = '系统角色')
       WHERE EXISTS (SELECT 1 FROM sys_role WHERE code = 'admin') AND NOT EXISTS (SELECT 1 FROM sys_role WHERE code = 'doctor')`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['health_insurance', 'health_exam', 'health_condition', 'health_visit']) await q.query(`DROP TABLE IF EXISTS ${t}`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission IN ('health:manage', 'health:mine')`);
    await q.query(`DELETE FROM sys_menu WHERE url LIKE '/jkgl/%' OR url = '/academic/group/health'`);
    await q.query(`DELETE FROM wf_flow_registration WHERE flow LIKE 'resource:/jkgl/%'`);
  }
}
