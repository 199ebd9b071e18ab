import type { MigrationInterface, QueryRunner } from 'typeorm';

type Query = { query(sql: string, params?: unknown[]): Promise<unknown> };

/**
 * 校历管理 (docs/product/office.md#school-calendar, docs/adr/0058-school-calendar.md): calendars and their events.
 *
 * `school_calendar`: the school's (exactly one, made here, read by everyone), shared ones (readers: everyone, role
 * codes, departments) and each user's personal one (one per owner, read by the owner alone).
 *
 * `school_calendar_event`: an event in the school's wall-clock time (`timestamp` without zone: a weekly 16:30 stays
 * 16:30), its end excluded (an all-day event ends the midnight after its last day). A series carries its RRULE and the
 * starts it leaves out (`exdates`); an occurrence changed on its own is a row of its own naming its series and the start
 * it replaces (`series_id`, `recurrence_id`), removed with the series.
 *
 * Menu 校历管理 (/xlgl) for every role, and calendar:manage for administrators and the school office — granted here on a
 * school that has roles, and by the demo seed after it made them (`grantSchoolCalendar`).
 */
export class SchoolCalendar1732000058000 implements MigrationInterface {
  name = 'SchoolCalendar1732000058000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE school_calendar (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL CHECK (kind IN ('school', 'shared', 'personal')),
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 30),
        color text NOT NULL CHECK (color ~ '^#[0-9a-f]{6}$'),
        owner_id uuid REFERENCES sys_user(id) ON DELETE CASCADE,
        readers_all boolean NOT NULL DEFAULT false,
        reader_roles text[] NOT NULL DEFAULT '{}',
        reader_departments uuid[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- a personal calendar has its owner and no other reader; the school's is everyone's
        CONSTRAINT school_calendar_owner CHECK ((kind = 'personal') = (owner_id IS NOT NULL)),
        CONSTRAINT school_calendar_personal_readers CHECK (kind <> 'personal' OR (NOT readers_all AND reader_roles = '{}' AND reader_departments = '{}')),
        CONSTRAINT school_calendar_school_readers CHECK (kind <> 'school' OR readers_all)
      )`);
    await q.query(`CREATE UNIQUE INDEX school_calendar_one_school ON school_calendar (kind) WHERE kind = 'school'`);
    await q.query(`CREATE UNIQUE INDEX school_calendar_one_personal ON school_calendar (owner_id) WHERE kind = 'personal'`);
    await q.query(`INSERT INTO school_calendar (kind, name, color, readers_all) VALUES ('school', '校历', '#2185d0', true)`);

    await q.query(`
      CREATE TABLE school_calendar_event (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        calendar_id uuid NOT NULL REFERENCES school_calendar(id) ON DELETE CASCADE,
        title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 100),
        category text NOT NULL CHECK (category IN ('term', 'exam', 'meeting', 'activity', 'other')),
        all_day boolean NOT NULL,
        start_at timestamp NOT NULL,
        end_at timestamp NOT NULL,
        location text NOT NULL DEFAULT '' CHECK (length(location) <= 100),
        description text NOT NULL DEFAULT '' CHECK (length(description) <= 1000),
        rrule text CHECK (length(rrule) <= 200),
        -- the last moment a series can reach (its UNTIL or COUNT's last start, with its length), null: no end
        series_end timestamp,
        exdates timestamp[] NOT NULL DEFAULT '{}',
        skip_holidays boolean NOT NULL DEFAULT true,
        series_id uuid REFERENCES school_calendar_event(id) ON DELETE CASCADE,
        recurrence_id timestamp,
        created_by uuid REFERENCES sys_user(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT school_calendar_event_span CHECK (end_at > start_at AND end_at - start_at <= interval '366 days'),
        CONSTRAINT school_calendar_event_override CHECK ((series_id IS NULL) = (recurrence_id IS NULL) AND (series_id IS NULL OR rrule IS NULL))
      )`);
    // a range read: the events that can reach it (a single event by its span, a series by its start and its end)
    await q.query(`CREATE INDEX school_calendar_event_range ON school_calendar_event (calendar_id, start_at)`);
    await q.query(`CREATE UNIQUE INDEX school_calendar_event_one_override ON school_calendar_event (series_id, recurrence_id) WHERE series_id IS NOT NULL`);

    await q.query(
      `INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark)
       SELECT NULL, '校历管理', 'School calendar', '/xlgl', 'menu:xlgl', 'calendar alternate outline', 58, '{}'::jsonb
        WHERE NOT EXISTS (SELECT 1 FROM sys_menu WHERE url = '/xlgl')`,
    );
    await grantSchoolCalendar(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM sys_role_menu WHERE menu_id IN (SELECT id FROM sys_menu WHERE url = '/xlgl')`);
    await q.query(`DELETE FROM sys_menu WHERE url = '/xlgl'`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission IN ('calendar:manage', 'menu:xlgl')`);
    await q.query(`DROP TABLE IF EXISTS school_calendar_event`);
    await q.query(`DROP TABLE IF EXISTS school_calendar`);
  }
}

/** Who manages the school calendar and the shared ones (docs/adr/0058-school-calendar.md#access). */
const MANAGERS = ['admin', 'office'];

/**
 * The grants of 校历管理 by role code: its menu to every role (everyone reads the school calendar and keeps a personal
 * one), calendar:manage to administrators and the school office. Run by the migration on a school that has roles, and
 * by the demo seed after it made them. Idempotent.
 */
export async function grantSchoolCalendar(q: Query): Promise<void> {
  await q.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT r.id, m.id FROM sys_role r, sys_menu m WHERE m.url = '/xlgl' ON CONFLICT DO NOTHING`);
  await q.query(`INSERT INTO sys_role_permission (role_id, permission) SELECT r.id, 'calendar:manage' FROM sys_role r WHERE r.code = ANY($1::text[]) ON CONFLICT DO NOTHING`, [MANAGERS]);
}
