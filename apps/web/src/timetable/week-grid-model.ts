import { type DayPart, formatSchoolTime, type HolidayDay, type Lesson, type LessonChange, type LessonPeriod, type TimetableAnswer, type TimetableView, WEEKDAYS, weekdayOf, workflowDetailPage } from '@schoolflow/contracts';

/**
 * The week grid's pure model (every timetable page draws the same grid): rows are the lesson periods with a break
 * where the day's part changes, columns the school days (and, in a week, the days after them that hold a make-up) with
 * their dates, a cell the lessons at that weekday and period.
 */

/** The key of a cell: weekday and period. */
export const cellKey = (weekday: number, period: number): string => `${weekday}:${period}`;

export interface GridRow {
  period: LessonPeriod;
  /** The part of the day that starts at this row (afternoon after the morning…), drawn as a break above it. */
  breakBefore: DayPart | null;
}

/** The periods in order, each marked where a new part of the day begins (never above the first). */
export function gridRows(periods: readonly LessonPeriod[]): GridRow[] {
  const sorted = [...periods].sort((a, b) => a.no - b.no);
  return sorted.map((period, i) => ({ period, breakBefore: i > 0 && sorted[i - 1]?.part !== period.part ? period.part : null }));
}

export interface GridColumn {
  weekday: number;
  /** The date of a week's column; null in the weekly template. */
  date: string | null;
  today: boolean;
  /** A day after the school days, shown because a make-up or a swapped lesson is on it that week. */
  extra: boolean;
  /** The day declared a public holiday or a make-up workday (docs/product/office.md#public-holidays), else null. */
  holiday: HolidayDay | null;
}

/** What a grid's columns are read from: an inquiry's answer, the weekly template or one week. */
export type WeekShape = Pick<TimetableAnswer, 'days' | 'dates' | 'extraDays'> & Partial<Pick<TimetableAnswer, 'holidays'>>;

export interface ColumnOptions {
  /** In the template (no dates), mark today's weekday: the template shown is this week's. */
  markWeekday?: boolean;
  /**
   * The lessons of this grid, when it is one of several (a grid per class): a day after the school days gets a column
   * only where this grid has a lesson then, not every class's grid for one class's Saturday make-up.
   */
  lessons?: readonly Pick<Lesson, 'weekday'>[];
}

/**
 * The columns, Monday first: the school days, and in a week each day after them that holds a lesson (a Saturday
 * make-up class or a make-up workday — the answer's `extraDays`), each with its date and what the day is declared. In a week today's column is the one dated today; in
 * the template (no dates, never a lesson beyond the school days) today's weekday is marked only when asked.
 */
export function gridColumns(week: WeekShape, today: string, { markWeekday = false, lessons }: ColumnOptions = {}): GridColumn[] {
  const days = Math.max(0, Math.min(WEEKDAYS.length, week.days));
  const weekdays: number[] = WEEKDAYS.filter((d) => d <= days);
  if (week.dates) {
    const held = lessons ? new Set(lessons.map((l) => l.weekday)) : null;
    for (const d of WEEKDAYS) if (d > days && week.extraDays.includes(d) && (!held || held.has(d))) weekdays.push(d);
  }
  const todayWeekday = weekdayOf(today);
  return weekdays.map((weekday) => {
    // the seven dates of the week, Monday first: a weekday's is at its place whatever columns are shown
    const date = week.dates?.[weekday - 1] ?? null;
    const holiday = (date !== null && week.holidays?.find((h) => h.date === date)) || null;
    // a make-up workday is a school day, whatever its weekday
    return { weekday, date, today: date !== null ? date === today : markWeekday && weekday === todayWeekday, extra: weekday > days && holiday?.kind !== 'workday', holiday };
  });
}

/** The dates of the columns shown (a week's span is theirs, not the seven of the answer). */
export const columnDates = (columns: readonly GridColumn[]): string[] => columns.flatMap((c) => (c.date ? [c.date] : []));

/** The lessons of each cell, in the order given. */
export function lessonsByCell(lessons: readonly Lesson[]): Map<string, Lesson[]> {
  const out = new Map<string, Lesson[]>();
  for (const l of lessons) {
    const key = cellKey(l.weekday, l.period);
    const list = out.get(key) ?? [];
    list.push(l);
    out.set(key, list);
  }
  return out;
}

/** What a grid is of: a class (or teaching class), a teacher or a room. */
export type GridSubject = 'class' | 'teacher' | 'classroom';

export interface LessonGroup {
  id: string;
  name: string;
  lessons: Lesson[];
}

const subjectOf: Record<GridSubject, (l: Lesson) => { id: string | null; name: string }> = {
  class: (l) => ({ id: l.classId ?? l.teachingClassId, name: l.className }),
  teacher: (l) => ({ id: l.teacherId, name: l.teacherName }),
  classroom: (l) => ({ id: l.classroomId, name: l.classroomName ?? '' }),
};

/**
 * The lessons cut into one grid per class, teacher or room (the "all" view, printing one class a page). Groups follow
 * `order` (ids in the school's order — grade, then class), the others after them by name.
 */
export function groupLessons(lessons: readonly Lesson[], by: GridSubject, order: readonly string[] = []): LessonGroup[] {
  const groups = new Map<string, LessonGroup>();
  for (const l of lessons) {
    const { id, name } = subjectOf[by](l);
    if (!id) continue;
    const g = groups.get(id) ?? { id, name, lessons: [] };
    g.lessons.push(l);
    groups.set(id, g);
  }
  const rank = new Map(order.map((id, i) => [id, i]));
  return [...groups.values()].sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity) || a.name.localeCompare(b.name));
}

/**
 * What a cell shows besides the course: the two of class, teacher and room the grid is not already of. A class's grid
 * names a teaching class's lesson too (走班: only some of the class go, and to that group's room), so a student reads
 * which group a lesson is; the class's own lessons need no name.
 */
export function cellDetails(by: GridSubject, lesson?: Pick<Lesson, 'teachingClassId'>): ('class' | 'teacher' | 'classroom')[] {
  switch (by) {
    case 'class':
      return lesson?.teachingClassId ? ['class', 'teacher', 'classroom'] : ['teacher', 'classroom'];
    case 'teacher':
      return ['class', 'classroom'];
    case 'classroom':
      return ['class', 'teacher'];
  }
}

/** The flow of the application that made a lesson differ from the template (its link). */
export const CHANGE_FLOW: Readonly<Record<LessonChange, string>> = { 'make-up': 'make-up-class', swap: 'class-swap' };

/**
 * Where a make-up's or a swap's application is shown, or null: a template lesson, or a reader who cannot open it —
 * the application's page is the staff's (students and parents are told of the change, not shown the request).
 */
export function changeLink(l: Pick<Lesson, 'change' | 'changeId'>, canOpen: boolean): string | null {
  return canOpen && l.change && l.changeId ? workflowDetailPage(CHANGE_FLOW[l.change], l.changeId) : null;
}

/** How the inquiry's views are exported: one sheet per class, per teacher or per room. */
export function exportBy(view: TimetableView | 'own'): GridSubject {
  switch (view) {
    case 'teacher':
    case 'foreign':
    case 'mine':
      return 'teacher';
    case 'classroom':
      return 'classroom';
    case 'all':
    case 'class':
    case 'headTeacher':
    case 'own':
      return 'class';
  }
}

/** The school's date today (its time zone, whatever the browser's). */
export function schoolToday(now: number = Date.now()): string {
  return formatSchoolTime(now).slice(0, 10);
}

/** `08:00–08:45`. */
export const periodTime = (p: Pick<LessonPeriod, 'start' | 'end'>): string => `${p.start.slice(0, 5)}–${p.end.slice(0, 5)}`;
