import type { Language } from '@schoolflow/contracts';
import type { EntityManager } from 'typeorm';
import { TimetableErrors } from '../timetable.errors.js';
import { boundLocalName } from '../../infrastructure/database/local-name.js';

/** A semester as the timetable reads it: its teaching dates give the weeks. */
export interface TimetableSemester {
  id: string;
  name: string;
  teachingStart: string;
  teachingEnd: string;
  teachingWeeks: number;
  current: boolean;
}

type Db = Pick<EntityManager, 'query'>;

const SQL = (where: string) => `
  SELECT s.id, ${boundLocalName('s', '$2')} AS name, to_char(s.teaching_start, 'YYYY-MM-DD') AS "teachingStart", to_char(s.teaching_end, 'YYYY-MM-DD') AS "teachingEnd",
         s.teaching_weeks AS "teachingWeeks", s.is_current AS current
    FROM semester s WHERE ${where}`;

/** The semester asked for (404 when there is none), or the current one (422 when none is set). */
export async function semesterOf(db: Db, id: string | undefined, lang: Language): Promise<TimetableSemester> {
  if (id) {
    const [row] = (await db.query(SQL('s.id = $1'), [id, lang])) as TimetableSemester[];
    if (!row) throw TimetableErrors.semesterNotFound();
    return row;
  }
  const [row] = (await db.query(SQL('s.is_current AND $1::text IS NULL'), [null, lang])) as TimetableSemester[];
  if (!row) throw TimetableErrors.noCurrentSemester();
  return row;
}

/** School days a week (sys_config `timetable.days`, 5 unless set). */
export async function schoolDays(db: Db): Promise<number> {
  const [row] = (await db.query(`SELECT value FROM sys_config WHERE key = 'timetable.days'`)) as { value: unknown }[];
  const days = Number(row?.value);
  return Number.isInteger(days) && days >= 1 && days <= 7 ? days : 5;
}

/** Sets the school days a week (an administrator's change: who set it is kept with it). */
export async function saveSchoolDays(db: Db, days: number, userId: string): Promise<void> {
  await db.query(
    `INSERT INTO sys_config (key, value, updated_by) VALUES ('timetable.days', $1::jsonb, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now(), updated_by = EXCLUDED.updated_by`,
    [JSON.stringify(days), userId],
  );
}
