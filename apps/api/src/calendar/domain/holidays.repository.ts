import { Injectable } from '@nestjs/common';
import type { Holiday, HolidayDay, HolidayValues } from '@schoolflow/contracts';
import type { EntityManager } from 'typeorm';

/** Anything that answers rows: the data source, a transaction. */
type Db = Pick<EntityManager, 'query'>;

const COLUMNS = `id, to_char(day, 'YYYY-MM-DD') AS date, kind, name, replaces_weekday AS "replacesWeekday", updated_at AS "updatedAt"`;

/** The unique key of a date (migration 1732000045000): a second declaration of one date is refused by it. */
export const HOLIDAY_DATE_KEY = 'calendar_holiday_day_key';

/**
 * The declared days (table `calendar_holiday`, docs/adr/0048-public-holidays.md#table). Hand-written SQL: a handful of
 * statements on one small table.
 */
@Injectable()
export class HolidaysRepository {
  /** The days declared from `from` to `to` (both included), in date order. */
  async between(db: Db, from: string, to: string): Promise<Holiday[]> {
    const rows = (await db.query(`SELECT ${COLUMNS} FROM calendar_holiday WHERE day BETWEEN $1::date AND $2::date ORDER BY day`, [from, to])) as Holiday[];
    return rows.map(shape);
  }

  /** The declared days among some dates, as the timetable's week reads them. */
  async days(db: Db, from: string, to: string): Promise<HolidayDay[]> {
    return (await this.between(db, from, to)).map(({ date, kind, name, replacesWeekday }) => ({ date, kind, name, replacesWeekday }));
  }

  async get(db: Db, id: string): Promise<Holiday | null> {
    const [row] = (await db.query(`SELECT ${COLUMNS} FROM calendar_holiday WHERE id = $1`, [id])) as Holiday[];
    return row ? shape(row) : null;
  }

  async insert(db: Db, v: HolidayValues, userId: string): Promise<string> {
    const [row] = (await db.query(`INSERT INTO calendar_holiday (day, kind, name, replaces_weekday, created_by) VALUES ($1::date, $2, $3, $4, $5) RETURNING id`, [v.date, v.kind, v.name, v.replacesWeekday, userId])) as { id: string }[];
    return (row as { id: string }).id;
  }

  /** The row's values before the change (for the log), or null: no such row. */
  async update(db: Db, id: string, v: HolidayValues): Promise<Holiday | null> {
    const before = (await db.query(`SELECT ${COLUMNS} FROM calendar_holiday WHERE id = $1 FOR UPDATE`, [id])) as Holiday[];
    if (before.length === 0) return null;
    await db.query(`UPDATE calendar_holiday SET day = $2::date, kind = $3, name = $4, replaces_weekday = $5, updated_at = now() WHERE id = $1`, [id, v.date, v.kind, v.name, v.replacesWeekday]);
    return shape(before[0] as Holiday);
  }

  /** The row deleted, or null: none. */
  async delete(db: Db, id: string): Promise<Holiday | null> {
    // a DELETE … RETURNING answers [rows, count] through TypeORM
    const [rows] = (await db.query(`DELETE FROM calendar_holiday WHERE id = $1 RETURNING ${COLUMNS}`, [id])) as [Holiday[], number];
    return rows[0] ? shape(rows[0]) : null;
  }
}

function shape(r: Holiday): Holiday {
  return { ...r, replacesWeekday: r.replacesWeekday === null ? null : Number(r.replacesWeekday), updatedAt: new Date(r.updatedAt).toISOString() };
}
