import { withDb } from './api.js';

/**
 * The demo school's semesters by their place around the current school year: the demo is dated from the day it is
 * seeded (docs/adr/0030), so tests name `p2` (last school year's second), `c1`/`c2` (this year's), `n1`/`n2` (next
 * year's), never a calendar year.
 */
export interface DemoSemesters {
  /** The current school year's first calendar year (2026 for 2026-2027). */
  year: number;
  code: Record<'p1' | 'p2' | 'c1' | 'c2' | 'n1' | 'n2', string>;
  name: Record<'p1' | 'p2' | 'c1' | 'c2' | 'n1' | 'n2', { zh: string; en: string }>;
  /** The current semester's place: `c1` or `c2`. */
  current: 'c1' | 'c2';
}

export async function demoSemesters(): Promise<DemoSemesters> {
  return withDb(async (c) => {
    const [cur] = (await c.query<{ year: number; code: string }>(`SELECT y.year, s.code FROM semester s JOIN school_year y ON y.id = s.school_year_id WHERE s.is_current`)).rows;
    if (!cur) throw new Error('the demo school has no current semester');
    const y = cur.year;
    const code = { p1: `${y - 1}-1`, p2: `${y - 1}-2`, c1: `${y}-1`, c2: `${y}-2`, n1: `${y + 1}-1`, n2: `${y + 1}-2` };
    const rows = (await c.query<{ code: string; zh: string; en: string }>(`SELECT code, name AS zh, name_en AS en FROM semester WHERE code = ANY($1::text[])`, [Object.values(code)])).rows;
    const byCode = new Map(rows.map((r) => [r.code, { zh: r.zh, en: r.en }]));
    const name = Object.fromEntries(Object.entries(code).map(([k, v]) => [k, byCode.get(v) ?? { zh: v, en: v }])) as DemoSemesters['name'];
    return { year: y, code, name, current: cur.code === code.c1 ? 'c1' : 'c2' };
  });
}

/**
 * On a database of a test's own: makes this school year's first semester the current one, as a school sees it from
 * September to January — for tests of what a later semester of the same year, or the next year, does (an upgrade).
 */
export async function startInFirstSemester(): Promise<DemoSemesters> {
  const before = await demoSemesters();
  await withDb((c) => c.query(`UPDATE semester SET is_current = (code = $1)`, [before.code.c1]));
  return { ...before, current: 'c1' };
}
