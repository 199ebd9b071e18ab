import { Injectable } from '@nestjs/common';
import type { CalendarKind, CalendarReaderOptions, CalendarValues, EventCategory } from '@schoolflow/contracts';
import type { EntityManager } from 'typeorm';

/** Anything that answers rows: the data source, a transaction. */
export type Db = Pick<EntityManager, 'query'>;

export interface CalendarRow {
  id: string;
  kind: CalendarKind;
  name: string;
  color: string;
  ownerId: string | null;
  readersAll: boolean;
  readerRoles: string[];
  readerDepartments: string[];
}

/** An event row, its times as floating ms (docs/adr/0058-school-calendar.md#recurrence). */
export interface EventRow {
  id: string;
  calendarId: string;
  title: string;
  category: EventCategory;
  allDay: boolean;
  start: number;
  end: number;
  location: string;
  description: string;
  rrule: string | null;
  exdates: number[];
  skipHolidays: boolean;
  seriesId: string | null;
  recurrenceId: number | null;
  /** A series': the starts of its occurrences changed on their own. */
  replaced: number[];
  updatedAt: number;
}

/** What a write stores of an event: the row without what the store decides (id, series links, stamps), plus where a series ends. */
export type EventWrite = Omit<EventRow, 'id' | 'seriesId' | 'recurrenceId' | 'replaced' | 'updatedAt'> & { seriesEnd: number | null };

/** Who reads: the user, their role codes, and whether they manage (a manager sees every shared calendar). */
export interface Reader {
  userId: string;
  roles: readonly string[];
  manages: boolean;
}

const TS = `'YYYY-MM-DD"T"HH24:MI:SS'`;
const CALENDAR_COLUMNS = `c.id, c.kind, c.name, c.color, c.owner_id AS "ownerId", c.readers_all AS "readersAll", c.reader_roles AS "readerRoles", c.reader_departments::text[] AS "readerDepartments"`;
const EVENT_COLUMNS = `e.id, e.calendar_id AS "calendarId", e.title, e.category, e.all_day AS "allDay", to_char(e.start_at, ${TS}) AS start, to_char(e.end_at, ${TS}) AS "end",
  e.location, e.description, e.rrule, ARRAY(SELECT to_char(x, ${TS}) FROM unnest(e.exdates) x ORDER BY x) AS exdates, e.skip_holidays AS "skipHolidays",
  e.series_id AS "seriesId", to_char(e.recurrence_id, ${TS}) AS "recurrenceId",
  ARRAY(SELECT to_char(o.recurrence_id, ${TS}) FROM school_calendar_event o WHERE o.series_id = e.id ORDER BY o.recurrence_id) AS replaced, e.updated_at AS "updatedAt"`;

/**
 * Which calendars a reader may read (docs/adr/0058-school-calendar.md#access): the school's; their own personal one; a
 * shared one given to everyone, to one of their roles, or to their department or a department above it — every shared
 * one for a manager. `$1` the user, `$2` their roles, `$3` whether they manage.
 */
const READABLE = `(c.kind = 'school' OR (c.kind = 'personal' AND c.owner_id = $1)
  OR (c.kind = 'shared' AND ($3 OR c.readers_all OR c.reader_roles && $2::text[] OR c.reader_departments && ARRAY(
    WITH RECURSIVE up AS (SELECT department_id AS id FROM sys_user WHERE id = $1 AND department_id IS NOT NULL
                          UNION SELECT d.parent_id FROM org_department d JOIN up ON d.id = up.id WHERE d.parent_id IS NOT NULL)
    SELECT id FROM up))))`;

/** Floating ms ↔ the `timestamp` text PostgreSQL takes and gives (never a JS Date of the server's zone). */
const ts = (ms: number): string => new Date(ms).toISOString().slice(0, 19);
const ms = (text: string): number => Date.parse(`${text}Z`);

/**
 * The school calendar's calendars and events (tables `school_calendar`, `school_calendar_event`; migrations/
 * 1732000058000-school-calendar.ts). Hand-written SQL; times cross as text.
 */
@Injectable()
export class SchoolCalendarRepository {
  /** The calendars the reader may read, the school's first, then shared ones, then their personal one. */
  async readable(db: Db, r: Reader): Promise<CalendarRow[]> {
    return (await db.query(
      `SELECT ${CALENDAR_COLUMNS} FROM school_calendar c WHERE ${READABLE} ORDER BY CASE c.kind WHEN 'school' THEN 0 WHEN 'shared' THEN 1 ELSE 2 END, c.created_at, c.name`,
      [r.userId, r.roles, r.manages],
    )) as CalendarRow[];
  }

  /** One calendar, if the reader may read it. */
  async readableOne(db: Db, r: Reader, id: string): Promise<CalendarRow | null> {
    const [row] = (await db.query(`SELECT ${CALENDAR_COLUMNS} FROM school_calendar c WHERE c.id = $4 AND ${READABLE}`, [r.userId, r.roles, r.manages, id])) as CalendarRow[];
    return row ?? null;
  }

  async exists(db: Db, id: string): Promise<boolean> {
    const rows = (await db.query(`SELECT 1 FROM school_calendar WHERE id = $1`, [id])) as unknown[];
    return rows.length > 0;
  }

  /** The user's personal calendar, made the first time (one per owner: the unique index decides). */
  async ensurePersonal(db: Db, userId: string, name: string): Promise<void> {
    await db.query(`INSERT INTO school_calendar (kind, name, color, owner_id) VALUES ('personal', $2, '#21ba45', $1) ON CONFLICT (owner_id) WHERE kind = 'personal' DO NOTHING`, [userId, name]);
  }

  async insertShared(db: Db, v: CalendarValues): Promise<string> {
    const [row] = (await db.query(`INSERT INTO school_calendar (kind, name, color, readers_all, reader_roles, reader_departments) VALUES ('shared', $1, $2, $3, $4, $5::uuid[]) RETURNING id`, [v.name, v.color, v.readers.all, v.readers.roles, v.readers.departmentIds])) as { id: string }[];
    return (row as { id: string }).id;
  }

  /** The school's keeps everyone as its readers. */
  async updateCalendar(db: Db, id: string, v: CalendarValues): Promise<void> {
    await db.query(
      `UPDATE school_calendar SET name = $2, color = $3, readers_all = kind = 'school' OR $4, reader_roles = CASE WHEN kind = 'school' THEN '{}' ELSE $5 END,
              reader_departments = CASE WHEN kind = 'school' THEN '{}' ELSE $6::uuid[] END, updated_at = now() WHERE id = $1`,
      [id, v.name, v.color, v.readers.all, v.readers.roles, v.readers.departmentIds],
    );
  }

  async deleteShared(db: Db, id: string): Promise<void> {
    await db.query(`DELETE FROM school_calendar WHERE id = $1 AND kind = 'shared'`, [id]);
  }

  /** The role codes and departments among those named that do not exist. */
  async unknownReaders(db: Db, roles: readonly string[], departmentIds: readonly string[]): Promise<{ roles: string[]; departments: string[] }> {
    const [row] = (await db.query(
      `SELECT ARRAY(SELECT x FROM unnest($1::text[]) x WHERE NOT EXISTS (SELECT 1 FROM sys_role r WHERE r.code = x)) AS roles,
              ARRAY(SELECT x::text FROM unnest($2::uuid[]) x WHERE NOT EXISTS (SELECT 1 FROM org_department d WHERE d.id = x)) AS departments`,
      [roles, departmentIds],
    )) as { roles: string[]; departments: string[] }[];
    return row ?? { roles: [], departments: [] };
  }

  async readerOptions(db: Db): Promise<CalendarReaderOptions> {
    const roles = (await db.query(`SELECT code, name AS zh, coalesce(nullif(name_en, ''), name) AS en FROM sys_role WHERE enabled ORDER BY sort, code`)) as { code: string; zh: string; en: string }[];
    const departments = (await db.query(`SELECT id, name AS zh, coalesce(nullif(name_en, ''), name) AS en FROM org_department ORDER BY sort, name`)) as { id: string; zh: string; en: string }[];
    return { roles: roles.map((r) => ({ code: r.code, name: { zh: r.zh, en: r.en } })), departments: departments.map((d) => ({ id: d.id, name: { zh: d.zh, en: d.en } })) };
  }

  // -- events

  /** The events of some calendars that can reach `[from, to)`: a single one by its span, a series by its start and end. */
  async eventsReaching(db: Db, calendarIds: readonly string[], from: number, to: number): Promise<EventRow[]> {
    const rows = (await db.query(
      `SELECT ${EVENT_COLUMNS} FROM school_calendar_event e
        WHERE e.calendar_id = ANY($1::uuid[]) AND e.start_at < $3::timestamp
          AND CASE WHEN e.rrule IS NULL THEN e.end_at > $2::timestamp ELSE e.series_end IS NULL OR e.series_end > $2::timestamp END
        ORDER BY e.start_at, e.title`,
      [calendarIds, ts(from), ts(to)],
    )) as RawEvent[];
    return rows.map(shape);
  }

  /** Every event of a calendar (the export). */
  async eventsOf(db: Db, calendarId: string): Promise<EventRow[]> {
    const rows = (await db.query(`SELECT ${EVENT_COLUMNS} FROM school_calendar_event e WHERE e.calendar_id = $1 ORDER BY e.series_id NULLS FIRST, e.start_at`, [calendarId])) as RawEvent[];
    return rows.map(shape);
  }

  async event(db: Db, id: string, lock = false): Promise<EventRow | null> {
    const [row] = (await db.query(`SELECT ${EVENT_COLUMNS} FROM school_calendar_event e WHERE e.id = $1${lock ? ' FOR UPDATE' : ''}`, [id])) as RawEvent[];
    return row ? shape(row) : null;
  }

  /** The occurrence of a series changed on its own at `recurrenceId`, if any. */
  async override(db: Db, seriesId: string, recurrenceId: number): Promise<EventRow | null> {
    const [row] = (await db.query(`SELECT ${EVENT_COLUMNS} FROM school_calendar_event e WHERE e.series_id = $1 AND e.recurrence_id = $2::timestamp`, [seriesId, ts(recurrenceId)])) as RawEvent[];
    return row ? shape(row) : null;
  }

  async insert(db: Db, v: EventWrite, userId: string, override: { seriesId: string; recurrenceId: number } | null = null): Promise<string> {
    const [row] = (await db.query(
      `INSERT INTO school_calendar_event (calendar_id, title, category, all_day, start_at, end_at, location, description, rrule, series_end, exdates, skip_holidays, series_id, recurrence_id, created_by)
       VALUES ($1, $2, $3, $4, $5::timestamp, $6::timestamp, $7, $8, $9, $10::timestamp, $11::timestamp[], $12, $13, $14::timestamp, $15) RETURNING id`,
      [...writeParams(v), override?.seriesId ?? null, override ? ts(override.recurrenceId) : null, userId],
    )) as { id: string }[];
    return (row as { id: string }).id;
  }

  async update(db: Db, id: string, v: EventWrite): Promise<void> {
    await db.query(
      `UPDATE school_calendar_event SET calendar_id = $1, title = $2, category = $3, all_day = $4, start_at = $5::timestamp, end_at = $6::timestamp, location = $7,
              description = $8, rrule = $9, series_end = $10::timestamp, exdates = $11::timestamp[], skip_holidays = $12, updated_at = now() WHERE id = $13`,
      [...writeParams(v), id],
    );
  }

  /** Moves a series' changed occurrences with it (their places in the series), and into its calendar. */
  async shiftOverrides(db: Db, seriesId: string, delta: number, calendarId: string): Promise<void> {
    await db.query(`UPDATE school_calendar_event SET recurrence_id = recurrence_id + make_interval(secs => $2::double precision / 1000), calendar_id = $3, updated_at = now() WHERE series_id = $1`, [seriesId, delta, calendarId]);
  }

  /** A series that no longer recurs has no occurrences changed on their own. */
  async deleteOverrides(db: Db, seriesId: string): Promise<void> {
    await db.query(`DELETE FROM school_calendar_event WHERE series_id = $1`, [seriesId]);
  }

  async addExdate(db: Db, id: string, at: number): Promise<void> {
    await db.query(`UPDATE school_calendar_event SET exdates = array_append(exdates, $2::timestamp), updated_at = now() WHERE id = $1 AND NOT ($2::timestamp = ANY(exdates))`, [id, ts(at)]);
  }

  async delete(db: Db, id: string): Promise<void> {
    await db.query(`DELETE FROM school_calendar_event WHERE id = $1`, [id]);
  }
}

type RawEvent = Omit<EventRow, 'start' | 'end' | 'exdates' | 'recurrenceId' | 'replaced' | 'updatedAt'> & { start: string; end: string; exdates: string[]; recurrenceId: string | null; replaced: string[]; updatedAt: Date | string };

function shape(r: RawEvent): EventRow {
  return { ...r, start: ms(r.start), end: ms(r.end), exdates: r.exdates.map(ms), recurrenceId: r.recurrenceId === null ? null : ms(r.recurrenceId), replaced: r.replaced.map(ms), updatedAt: new Date(r.updatedAt).getTime() };
}

function writeParams(v: EventWrite): unknown[] {
  return [v.calendarId, v.title, v.category, v.allDay, ts(v.start), ts(v.end), v.location, v.description, v.rrule, v.seriesEnd === null ? null : ts(v.seriesEnd), v.exdates.map(ts), v.skipHolidays];
}
