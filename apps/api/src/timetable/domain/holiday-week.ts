import { type HolidayDay, type Lesson, weekdayOf } from '@schoolflow/contracts';

/**
 * A teaching week's lessons with the declared days applied (docs/adr/0048-public-holidays.md#timetable; pure): a
 * holiday has no lessons; a make-up workday (调休) holds the weekly template's lessons of the weekday it replaces, in
 * place of its own weekday's — a make-up class or a swap dated on it stays, those are the day's own. `template` is the
 * timetable's weekly template (read only when the week has a workday), `teaching` the week's dates inside the
 * semester's teaching weeks (a workday outside them holds nothing, as any day there).
 */
export function applyHolidays(lessons: readonly Lesson[], holidays: readonly HolidayDay[], template: readonly Lesson[], teaching: readonly string[]): Lesson[] {
  if (holidays.length === 0) return [...lessons];
  const declared = new Map(holidays.map((h) => [h.date, h]));
  const kept = lessons.filter((l) => {
    const day = l.date ? declared.get(l.date) : undefined;
    if (!day) return true;
    // a workday's template lessons are the replaced weekday's, added below; its dated changes stay
    return day.kind === 'workday' && l.change !== undefined;
  });
  const added = holidays
    .filter((h) => h.kind === 'workday' && h.replacesWeekday !== null && teaching.includes(h.date))
    .flatMap((h) => template.filter((l) => l.weekday === h.replacesWeekday && !l.change).map((l) => ({ ...l, date: h.date, weekday: weekdayOf(h.date) })));
  if (added.length === 0) return kept;
  // the order the dated read answers: by date, then period (a cell's lessons keep the template's order)
  return [...kept, ...added].sort((a, b) => (a.date ?? '').localeCompare(b.date ?? '') || a.period - b.period);
}

/** The weekdays after the school days that a week's workdays make school days (a Saturday 调休 gets its column). */
export function workdayExtraDays(holidays: readonly HolidayDay[], teaching: readonly string[], days: number): number[] {
  return holidays.filter((h) => h.kind === 'workday' && teaching.includes(h.date)).map((h) => weekdayOf(h.date)).filter((d) => d > days);
}
