import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Attendance (考勤; docs/product/campus-life.md#attendance, docs/adr/0052-attendance.md): a class's roll of one date
 * and period (one row a roll, one row a student's mark on it), teachers' own check-ins (one row a check-in: in or out
 * of a day, and how — `method` is 'location' now; 'face' is kept for the face-recognition slice), and the check-in
 * settings (one row: the two time windows and the place with its radius).
 *
 * Permissions and menus (考勤管理 → 学生考勤 and 考勤设置; 教师考勤 `/qt_app/jskq` under 个人中心) are added here to a school
 * that exists; on a fresh database the roles do not exist yet: the demo seed makes them with these menus.
 */
export class Attendance1732000052000 implements MigrationInterface {
  name = 'Attendance1732000052000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE attendance_roll (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        class_id uuid NOT NULL REFERENCES admin_class(id) ON DELETE CASCADE,
        day date NOT NULL,
        period integer NOT NULL CHECK (period BETWEEN 1 AND 16),
        course_id uuid REFERENCES course(id) ON DELETE SET NULL,
        teacher_id uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        taken_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        taken_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT attendance_roll_slot_key UNIQUE (class_id, day, period)
      )`);
    await q.query(`CREATE INDEX attendance_roll_day ON attendance_roll (day)`);
    await q.query(`
      CREATE TABLE attendance_mark (
        roll_id uuid NOT NULL REFERENCES attendance_roll(id) ON DELETE CASCADE,
        student_id uuid NOT NULL REFERENCES student(id) ON DELETE CASCADE,
        status text NOT NULL CHECK (status IN ('present', 'late', 'absent', 'leave')),
        note text NOT NULL DEFAULT '' CHECK (length(note) <= 100),
        -- the approved leave that marks it (from the roll, or corrected when the leave passed later)
        leave_id uuid REFERENCES wf_instance(id) ON DELETE SET NULL,
        corrected_at timestamptz,
        PRIMARY KEY (roll_id, student_id)
      )`);
    await q.query(`CREATE INDEX attendance_mark_student ON attendance_mark (student_id)`);
    await q.query(`
      CREATE TABLE attendance_checkin (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        day date NOT NULL,
        kind text NOT NULL CHECK (kind IN ('in', 'out')),
        at timestamptz NOT NULL DEFAULT now(),
        method text NOT NULL CHECK (method IN ('location', 'face')),
        latitude double precision,
        longitude double precision,
        distance_m integer,
        CONSTRAINT attendance_checkin_once UNIQUE (user_id, day, kind)
      )`);
    await q.query(`
      CREATE TABLE attendance_setting (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        check_in_start text NOT NULL DEFAULT '07:00',
        check_in_end text NOT NULL DEFAULT '08:30',
        check_out_start text NOT NULL DEFAULT '16:30',
        check_out_end text NOT NULL DEFAULT '19:00',
        latitude double precision,
        longitude double precision,
        radius_m integer NOT NULL DEFAULT 300 CHECK (radius_m BETWEEN 10 AND 5000),
        place_name text NOT NULL DEFAULT '' CHECK (length(place_name) <= 50),
        updated_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (check_in_start < check_in_end AND check_in_end <= check_out_start AND check_out_start < check_out_end)
      )`);
    await q.query(`INSERT INTO attendance_setting (id) VALUES (true) ON CONFLICT DO NOTHING`);

    // An existing school: its roles exist, so the menus and grants go in (a fresh one gets them from the demo seed).
    await q.query(`
      INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
      SELECT NULL, '考勤管理', 'Attendance', '/kqgl', 'menu:kqgl', 'calendar check outline', 55, '{}'
       WHERE EXISTS (SELECT 1 FROM sys_role) AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE url = '/kqgl')`);
    await q.query(`
      INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
      SELECT p.id, v.name, v.name_en, v.url, v.permission, v.icon, v.sort, '{}'
        FROM sys_menu p, (VALUES ('学生考勤', 'Student attendance', '/kqgl/xskq', 'menu:kqgl_xskq', 'clipboard check', 1),
                                 ('考勤设置', 'Check-in settings', '/kqgl/kqsz', 'attendance:settings', 'cogs', 2)) AS v(name, name_en, url, permission, icon, sort)
       WHERE p.url = '/kqgl' AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE url = v.url)`);
    await q.query(`
      INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
      SELECT p.id, '教师考勤', 'Teacher check-in', '/qt_app/jskq', 'attendance:checkin', 'map marker alternate', 6, '{}'
        FROM sys_menu p WHERE p.url = '/personal' AND NOT EXISTS (SELECT 1 FROM sys_menu WHERE url = '/qt_app/jskq')`);
    await grantAttendance(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS attendance_mark`);
    await q.query(`DROP TABLE IF EXISTS attendance_roll`);
    await q.query(`DROP TABLE IF EXISTS attendance_checkin`);
    await q.query(`DROP TABLE IF EXISTS attendance_setting`);
    await q.query(`DELETE FROM sys_menu WHERE url IN ('/kqgl/xskq', '/kqgl/kqsz', '/qt_app/jskq')`);
    await q.query(`DELETE FROM sys_menu WHERE url = '/kqgl'`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission IN ('attendance:roll', 'attendance:view', 'attendance:checkin', 'attendance:settings', 'menu:kqgl', 'menu:kqgl_xskq')`);
  }
}

/**
 * Who holds what (docs/adr/0052-attendance.md#access): head teachers and teachers take rolls (their own classes' and
 * periods'), the office, principal and administrators see the whole school; every staff role checks in; administrators
 * set the check-in rules. Run by the migration for an existing school, and by the demo seed after it made its roles.
 */
export async function grantAttendance(q: { query(sql: string, params?: unknown[]): Promise<unknown> }): Promise<void> {
  const grants: [string, string[]][] = [
    ['attendance:roll', ['headteacher', 'teacher', 'admin']],
    ['attendance:view', ['office', 'principal', 'admin']],
    ['attendance:checkin', ['admin', 'principal', 'office', 'headteacher', 'gradeleader', 'teacher']],
    ['attendance:settings', ['admin']],
  ];
  for (const [permission, roles] of grants) {
    await q.query(`INSERT INTO sys_role_permission (role_id, permission) SELECT id, $1 FROM sys_role WHERE code = ANY($2::text[]) ON CONFLICT DO NOTHING`, [permission, roles]);
  }
  const menus: [string, string[]][] = [
    ['/kqgl', ['headteacher', 'teacher', 'office', 'principal', 'admin']],
    ['/kqgl/xskq', ['headteacher', 'teacher', 'office', 'principal', 'admin']],
    ['/kqgl/kqsz', ['admin']],
    ['/qt_app/jskq', ['admin', 'principal', 'office', 'headteacher', 'gradeleader', 'teacher']],
  ];
  for (const [url, roles] of menus) {
    await q.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT r.id, m.id FROM sys_role r, sys_menu m WHERE m.url = $1 AND r.code = ANY($2::text[]) ON CONFLICT DO NOTHING`, [url, roles]);
  }
}
