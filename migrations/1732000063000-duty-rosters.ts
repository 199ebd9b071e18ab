import type { MigrationInterface, QueryRunner } from 'typeorm';

type Query = { query(sql: string, params?: unknown[]): Promise<unknown> };

/**
 * 值岗安排 (docs/product/office.md#duty-rosters, docs/adr/0064-duty-rosters.md): duty posts with their daily time
 * (`duty_post`; an end not after the start runs past midnight), rosters over a range of days (`duty_roster`, draft or
 * published), one teacher per post and day (`duty_assignment`, with the duty's instants: no teacher holds two duties
 * at once — an exclusion constraint, checked at the end of each statement so a swap's one UPDATE passes), a teacher's
 * approved leave as the office records it (`duty_absence`), and the `duty-swap` flow's hold (`duty_swap`: one row per
 * duty a swap under review moves — a duty is in one swap under review at most).
 *
 * Menus: 值岗安排 (/zgzap) and the phone page (/qt_app/zgzap), granted by role code (`grantDutyMenus`).
 */
export class DutyRosters1732000063000 implements MigrationInterface {
  name = 'DutyRosters1732000063000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);
    await q.query(`
      CREATE TABLE duty_post (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code text NOT NULL UNIQUE,
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 30),
        name_en text NOT NULL DEFAULT '',
        start_time time NOT NULL,
        end_time time NOT NULL CHECK (end_time <> start_time),
        sort int NOT NULL DEFAULT 0,
        enabled boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE duty_roster (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 60),
        from_date date NOT NULL,
        to_date date NOT NULL,
        status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
        created_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        published_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (to_date >= from_date AND to_date - from_date < 31)
      )`);
    await q.query(`
      CREATE TABLE duty_assignment (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        roster_id uuid NOT NULL REFERENCES duty_roster(id) ON DELETE CASCADE,
        post_id uuid NOT NULL REFERENCES duty_post(id),
        duty_date date NOT NULL,
        teacher_id uuid NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
        reminded_at timestamptz,
        -- a post is staffed by one person a day, whichever roster says so
        CONSTRAINT duty_assignment_post_day UNIQUE (post_id, duty_date),
        CONSTRAINT duty_assignment_no_clash EXCLUDE USING gist (teacher_id WITH =, tstzrange(starts_at, ends_at, '[)') WITH &&) DEFERRABLE INITIALLY IMMEDIATE
      )`);
    await q.query(`CREATE INDEX duty_assignment_roster ON duty_assignment (roster_id, duty_date)`);
    await q.query(`CREATE INDEX duty_assignment_teacher ON duty_assignment (teacher_id, starts_at)`);
    await q.query(`CREATE INDEX duty_assignment_remind ON duty_assignment (starts_at) WHERE reminded_at IS NULL`);
    await q.query(`
      CREATE TABLE duty_absence (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        teacher_id uuid NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        from_date date NOT NULL,
        to_date date NOT NULL CHECK (to_date >= from_date),
        reason text NOT NULL DEFAULT '',
        created_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX duty_absence_teacher ON duty_absence (teacher_id, from_date)`);
    await q.query(`
      CREATE TABLE duty_swap (
        id uuid PRIMARY KEY,
        instance_id uuid NOT NULL,
        assignment_id uuid NOT NULL REFERENCES duty_assignment(id) ON DELETE CASCADE,
        to_teacher_id uuid NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'passed'))
      )`);
    await q.query(`CREATE UNIQUE INDEX duty_swap_one_pending ON duty_swap (assignment_id) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX duty_swap_instance ON duty_swap (instance_id)`);

    const posts: [string, string, string, string, string, number][] = [
      ['GATE', '校门值岗', 'School gate', '07:10', '07:50', 1],
      ['CORRIDOR', '走廊巡查', 'Corridor patrol', '12:00', '12:40', 2],
      ['CANTEEN', '食堂值岗', 'Canteen', '11:40', '12:20', 3],
      ['NIGHT', '夜间值班', 'Night duty', '21:00', '07:00', 4],
    ];
    for (const [code, name, nameEn, start, end, sort] of posts) {
      await q.query(`INSERT INTO duty_post (code, name, name_en, start_time, end_time, sort) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (code) DO NOTHING`, [code, name, nameEn, start, end, sort]);
    }

    const menus: [string, string, string, string, string, number][] = [
      ['/zgzap', '值岗安排', 'Duty rosters', 'menu:zgzap', 'shield alternate', 47],
      ['/qt_app/zgzap', '我的值岗（手机）', 'My duties (phone)', 'menu:qt_zgzap', 'mobile alternate', 48],
    ];
    for (const [url, name, nameEn, permission, icon, sort] of menus) {
      await q.query(
        `INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
         SELECT NULL, $2, $3, $1, $4, $5, $6, '{}'::jsonb WHERE NOT EXISTS (SELECT 1 FROM sys_menu WHERE url = $1)`,
        [url, name, nameEn, permission, icon, sort],
      );
    }
    await grantDutyMenus(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_role_menu WHERE menu_id IN (SELECT id FROM sys_menu WHERE url IN ('/zgzap', '/qt_app/zgzap'))`);
    await q.query(`DELETE FROM sys_menu WHERE url IN ('/zgzap', '/qt_app/zgzap')`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission IN ('duty:manage', 'menu:zgzap', 'menu:qt_zgzap')`);
    await q.query(`DROP TABLE IF EXISTS duty_swap`);
    await q.query(`DROP TABLE IF EXISTS duty_absence`);
    await q.query(`DROP TABLE IF EXISTS duty_assignment`);
    await q.query(`DROP TABLE IF EXISTS duty_roster`);
    await q.query(`DROP TABLE IF EXISTS duty_post`);
  }
}

const MANAGERS = ['admin', 'principal', 'office'];
const STAFF = ['admin', 'principal', 'office', 'headteacher', 'gradeleader', 'teacher'];

/**
 * The grants of 值岗安排 by role code: every teaching and office role reads the rosters and its own duties (both
 * pages); administrators, the principal and the office manage them (`duty:manage`). Run by the migration on a school
 * that has roles, and by the demo seed after it made them. Idempotent.
 */
export async function grantDutyMenus(q: Query): Promise<void> {
  for (const url of ['/zgzap', '/qt_app/zgzap']) {
    await q.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT r.id, m.id FROM sys_role r, sys_menu m WHERE r.code = ANY($2::text[]) AND m.url = $1 ON CONFLICT DO NOTHING`, [url, STAFF]);
    await q.query(`INSERT INTO sys_role_permission (role_id, permission) SELECT r.id, m.permission FROM sys_role r, sys_menu m WHERE r.code = ANY($2::text[]) AND m.url = $1 ON CONFLICT DO NOTHING`, [url, STAFF]);
  }
  await q.query(`INSERT INTO sys_role_permission (role_id, permission) SELECT r.id, 'duty:manage' FROM sys_role r WHERE r.code = ANY($1::text[]) ON CONFLICT DO NOTHING`, [MANAGERS]);
}
