import type { SoftScore } from '@schoolflow/contracts';
import type { Placement, ScheduleProblem } from './schedule-problem.js';

/**
 * The soft rules of an automatic timetable (issue 9), scored in penalty points: lower is better, 0 breaks none. The
 * weights live here and only here; the scheduler's incremental scoring reads the same constants, and its tests check
 * it against `softScore` below, which is written plainly on purpose (it is the reference, not the fast path).
 *
 * - `spread` — a course spread over the week: for each demand and day, a day holding more of its lessons than
 *   ceil(periods / days) costs SPREAD_POINTS per lesson beyond that ideal.
 * - `crowded` — at most CROWDED_MAX_A_DAY periods of a course a day: CROWDED_POINTS per lesson beyond it. Heavy on
 *   purpose: three periods of Maths in one day is what teachers and parents complain about first.
 * - `afternoonMain` — main subjects in the morning: AFTERNOON_MAIN_POINTS per lesson of a main demand in a period
 *   whose part is not 'morning' (afternoon and evening alike).
 * - `longRuns` — no teacher teaching more than LONG_RUN_MAX periods in a row: per teacher and day, a run of
 *   consecutive periods ends at an empty period or where the day's part changes (morning → afternoon is lunch);
 *   LONG_RUN_POINTS per period beyond LONG_RUN_MAX in a run.
 *
 * `total` is the plain sum of the four (each already weighted).
 */
export const SPREAD_POINTS = 1;
export const CROWDED_MAX_A_DAY = 2;
export const CROWDED_POINTS = 10;
export const AFTERNOON_MAIN_POINTS = 1;
export const LONG_RUN_MAX = 4;
export const LONG_RUN_POINTS = 3;

/** The most lessons of a demand a day can hold without a `spread` penalty: the week's lessons shared evenly. */
export function idealPerDay(periods: number, days: number): number {
  return days > 0 ? Math.ceil(periods / days) : periods;
}

/** The soft score of a set of placements (placements outside the grid or of unknown demands are ignored here: `hardViolations` reports them). */
export function softScore(problem: ScheduleProblem, placements: readonly Placement[]): SoftScore {
  const perDay = problem.periods.length;
  const slots = problem.days * perDay;
  const valid = placements.filter((p) => Number.isInteger(p.slot) && p.slot >= 0 && p.slot < slots && problem.demands[p.demand] !== undefined);

  // spread and crowded: count each demand's lessons on each day
  let spread = 0;
  let crowded = 0;
  const counts = new Map<string, number>();
  for (const p of valid) {
    const key = `${p.demand}:${Math.floor(p.slot / perDay)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  for (const [key, count] of counts) {
    const demand = problem.demands[Number(key.split(':')[0])];
    if (!demand) continue;
    spread += SPREAD_POINTS * Math.max(0, count - idealPerDay(demand.periods, problem.days));
    crowded += CROWDED_POINTS * Math.max(0, count - CROWDED_MAX_A_DAY);
  }

  // afternoonMain: each main lesson outside the morning
  let afternoonMain = 0;
  for (const p of valid) {
    const demand = problem.demands[p.demand];
    const period = problem.periods[p.slot % perDay];
    if (demand?.main && period && period.part !== 'morning') afternoonMain += AFTERNOON_MAIN_POINTS;
  }

  // longRuns: each teacher's day, period by period
  let longRuns = 0;
  const busy = new Set<string>();
  for (const p of valid) {
    const demand = problem.demands[p.demand];
    if (demand) busy.add(`${demand.teacher}:${p.slot}`);
  }
  for (let teacher = 0; teacher < problem.teachers.length; teacher++) {
    for (let day = 0; day < problem.days; day++) {
      let run = 0;
      for (let i = 0; i < perDay; i++) {
        const partChanged = i > 0 && problem.periods[i]?.part !== problem.periods[i - 1]?.part;
        if (partChanged || !busy.has(`${teacher}:${day * perDay + i}`)) {
          longRuns += LONG_RUN_POINTS * Math.max(0, run - LONG_RUN_MAX);
          run = 0;
        }
        if (busy.has(`${teacher}:${day * perDay + i}`)) run++;
      }
      longRuns += LONG_RUN_POINTS * Math.max(0, run - LONG_RUN_MAX);
    }
  }

  return { total: spread + crowded + afternoonMain + longRuns, spread, crowded, afternoonMain, longRuns };
}
