import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a dynamic role's SQL may read (docs/adr/0014): views in the schema `role_query`, named as the tables they show
 * so that role queries read as before (`SELECT id AS user_id FROM sys_user WHERE …`), with only the columns that say
 * who someone is and where they belong — people, their department and roles, the school's structure, students,
 * guardians and teaching duties. Never password hashes, lock state, sessions, the operation log, events, messages,
 * files or configuration. The views run with their owner's (the app's) rights; the role-query account is granted
 * SELECT on them at start (it may not exist when migrations run), and on nothing else.
 */
export const ROLE_QUERY_VIEWS: Record<string, string> = {
  sys_user: `SELECT id, account, name, user_type, enabled, department_id FROM public.sys_user`,
  org_department: `SELECT id, parent_id, code, name, name_en, sort FROM public.org_department`,
  sys_role: `SELECT id, code, name, name_en, kind, enabled FROM public.sys_role`,
  sys_user_role: `SELECT user_id, role_id FROM public.sys_user_role`,
  campus: `SELECT id, code, name, in_use FROM public.campus`,
  building: `SELECT id, campus_id, code, name, enabled FROM public.building`,
  classroom: `SELECT id, building_id, code, name, room_type, enabled FROM public.classroom`,
  school_year: `SELECT id, code, name, year, in_use FROM public.school_year`,
  semester: `SELECT id, school_year_id, code, name, is_current, work_start, work_end, teaching_start, teaching_end, enabled FROM public.semester`,
  course: `SELECT id, code, name, short_name, enabled FROM public.course`,
  grade_level: `SELECT id, code, name, enrollment_year, sort FROM public.grade_level`,
  admin_class: `SELECT id, grade_id, code, name, short_name, head_teacher_id, classroom_id, in_school FROM public.admin_class`,
  student: `SELECT id, user_id, student_no, name, gender, class_id, enrollment_year, status FROM public.student`,
  guardian: `SELECT user_id, student_id, relation FROM public.guardian`,
  teaching_assignment: `SELECT teacher_id, class_id, course_id, semester_id FROM public.teaching_assignment`,
};

export class RoleQueryViews1732000008000 implements MigrationInterface {
  name = 'RoleQueryViews1732000008000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA role_query`);
    await q.query(`COMMENT ON SCHEMA role_query IS 'What dynamic roles'' SQL may read (docs/adr/0014)'`);
    for (const [name, select] of Object.entries(ROLE_QUERY_VIEWS)) {
      await q.query(`CREATE VIEW role_query.${name} AS ${select}`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SCHEMA role_query CASCADE`);
  }
}
