import { describe, expect, it } from '@jest/globals';
import { type Lesson, type LessonPeriod, periodLabel } from '@schoolflow/contracts';
import { cellDetails, cellKey, changeLink, columnDates, exportBy, gridColumns, gridRows, groupLessons, lessonsByCell, periodTime, type WeekShape } from './week-grid-model.js';

const period = (no: number, part: LessonPeriod['part']): LessonPeriod => ({ no, name: `第${no}节`, start: '08:00', end: '08:45', part });
const lesson = (over: Partial<Lesson>): Lesson => ({
  id: 'l1',
  date: null,
  weekday: 1,
  period: 1,
  courseId: 'math',
  courseName: '数学',
  courseColour: '#1677ff',
  teacherId: 't1',
  teacherName: '陈老师',
  classId: 'c1',
  className: '高一(1)班',
  teachingClassId: null,
  classroomId: 'r1',
  classroomName: '101',
  ...over,
});

/** The seven dates of the week of Monday 2026-11-23, and of the week after. */
const WEEK_48 = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
const WEEK_49 = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'];
const fiveDays = (dates: string[], extraDays: number[]): WeekShape => ({ days: 5, dates, extraDays });
const TEMPLATE: WeekShape = { days: 5, dates: null, extraDays: [] };

describe('the week grid model', () => {
  it('orders the periods and marks a break where the afternoon and the evening begin', () => {
    const rows = gridRows([period(5, 'afternoon'), period(1, 'morning'), period(2, 'morning'), period(9, 'evening'), period(6, 'afternoon')]);
    expect(rows.map((r) => [r.period.no, r.breakBefore])).toEqual([
      [1, null],
      [2, null],
      [5, 'afternoon'],
      [6, null],
      [9, 'evening'],
    ]);
  });

  it('gives a week its dates and marks today by its date; the template marks today only when asked', () => {
    const week = gridColumns(fiveDays(WEEK_48, []), '2026-11-26');
    expect(week.map((c) => [c.weekday, c.date, c.today])).toEqual([
      [1, '2026-11-23', false],
      [2, '2026-11-24', false],
      [3, '2026-11-25', false],
      [4, '2026-11-26', true],
      [5, '2026-11-27', false],
    ]);
    // another week: no column is today's
    expect(gridColumns(fiveDays(WEEK_49, []), '2026-11-26').some((c) => c.today)).toBe(false);
    expect(gridColumns(TEMPLATE, '2026-11-26').some((c) => c.today)).toBe(false);
    expect(gridColumns(TEMPLATE, '2026-11-26', { markWeekday: true }).find((c) => c.today)?.weekday).toBe(4);
    // a Saturday is no school day of a five-day week
    expect(gridColumns(TEMPLATE, '2026-11-28', { markWeekday: true }).some((c) => c.today)).toBe(false);
    expect(gridColumns({ ...TEMPLATE, days: 9 }, '2026-11-26')).toHaveLength(7);
  });

  it('names a declared holiday and a make-up workday on their columns; a Saturday workday is no extra day (docs/product/office.md#public-holidays)', () => {
    const holidays = [
      { date: '2026-11-25', kind: 'holiday' as const, name: '校庆', replacesWeekday: null },
      { date: '2026-11-28', kind: 'workday' as const, name: '校庆调休', replacesWeekday: 3 },
    ];
    const week = gridColumns({ ...fiveDays(WEEK_48, [6]), holidays }, '2026-11-26');
    expect(week.map((c) => [c.weekday, c.holiday?.name ?? null, c.extra])).toEqual([
      [1, null, false],
      [2, null, false],
      [3, '校庆', false],
      [4, null, false],
      [5, null, false],
      [6, '校庆调休', false],
    ]);
  });

  it('adds a column, with its date, for each day after the school days that holds a lesson in a week (a Saturday make-up)', () => {
    const saturday = gridColumns(fiveDays(WEEK_48, [6]), '2026-11-26');
    expect(saturday.map((c) => [c.weekday, c.date])).toEqual([
      [1, '2026-11-23'],
      [2, '2026-11-24'],
      [3, '2026-11-25'],
      [4, '2026-11-26'],
      [5, '2026-11-27'],
      [6, '2026-11-28'],
    ]);
    expect(saturday.map((c) => c.extra)).toEqual([false, false, false, false, false, true]);
    // the week's span is the columns shown: Monday to that Saturday, not to the Sunday of the seven dates
    expect(columnDates(saturday)).toEqual(WEEK_48.slice(0, 6));
    // Sunday alone: Saturday has no column; today is marked on it when it is today
    expect(gridColumns(fiveDays(WEEK_48, [7]), '2026-11-29').map((c) => [c.weekday, c.date, c.today]).slice(4)).toEqual([
      [5, '2026-11-27', false],
      [7, '2026-11-29', true],
    ]);
    // a six-day school has Saturday already; a day the answer names that is a school day is not doubled
    expect(gridColumns({ days: 6, dates: WEEK_48, extraDays: [6, 7] }, '2026-11-26').map((c) => c.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(gridColumns({ days: 6, dates: WEEK_48, extraDays: [] }, '2026-11-26').map((c) => c.weekday)).toEqual([1, 2, 3, 4, 5, 6]);
    // the template has no dates, and never a lesson beyond the school days
    expect(gridColumns({ ...TEMPLATE, extraDays: [6] }, '2026-11-26').map((c) => c.weekday)).toEqual([1, 2, 3, 4, 5]);
  });

  it('gives one grid of many (a class of all) the day after the school days only when it has a lesson then', () => {
    const answer = fiveDays(WEEK_48, [6]);
    const madeUp = [lesson({ weekday: 2 }), lesson({ id: 'm', weekday: 6, date: '2026-11-28', change: 'make-up', changeId: 'i' })];
    const other = [lesson({ classId: 'c2', weekday: 3 })];
    expect(gridColumns(answer, '2026-11-26', { lessons: madeUp }).map((c) => c.weekday)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(gridColumns(answer, '2026-11-26', { lessons: other }).map((c) => c.weekday)).toEqual([1, 2, 3, 4, 5]);
    // without lessons named: the whole answer's days (a single grid, the week's span)
    expect(gridColumns(answer, '2026-11-26')).toHaveLength(6);
    expect(columnDates(gridColumns(TEMPLATE, '2026-11-26'))).toEqual([]);
  });

  it('puts lessons in their cells and cuts them into grids per class, teacher or room in the given order', () => {
    const a = lesson({ id: 'a', weekday: 2, period: 3 });
    const b = lesson({ id: 'b', weekday: 2, period: 3, classId: null, teachingClassId: 'tc', className: '物理A层' });
    const c = lesson({ id: 'c', classId: 'c2', className: '高一(2)班', teacherId: 't2', teacherName: '王老师', classroomId: null, classroomName: null });
    expect(lessonsByCell([a, b, c]).get(cellKey(2, 3))?.map((l) => l.id)).toEqual(['a', 'b']);
    expect(groupLessons([a, b, c], 'class', ['c2', 'c1']).map((g) => [g.id, g.lessons.length])).toEqual([
      ['c2', 1],
      ['c1', 1],
      ['tc', 1],
    ]);
    expect(groupLessons([a, b, c], 'teacher').map((g) => g.name)).toEqual(['王老师', '陈老师']);
    // a lesson without a room is on no room's grid
    expect(groupLessons([a, b, c], 'classroom').map((g) => [g.id, g.lessons.length])).toEqual([['r1', 2]]);
  });

  it('names in a cell what the grid is not of, and exports a view by what its grids are of', () => {
    expect(cellDetails('class')).toEqual(['teacher', 'classroom']);
    expect(cellDetails('class', lesson({ classId: 'c1' }))).toEqual(['teacher', 'classroom']);
    expect(cellDetails('class', lesson({ classId: null, teachingClassId: 'tc1' }))).toEqual(['class', 'teacher', 'classroom']);
    expect(cellDetails('teacher')).toEqual(['class', 'classroom']);
    expect(cellDetails('classroom')).toEqual(['class', 'teacher']);
    expect([exportBy('all'), exportBy('class'), exportBy('headTeacher'), exportBy('own'), exportBy('teacher'), exportBy('mine'), exportBy('foreign'), exportBy('classroom')]).toEqual(['class', 'class', 'class', 'class', 'teacher', 'teacher', 'teacher', 'classroom']);
  });

  it('links a make-up and a swap to their applications for staff only, a plain badge for anyone else', () => {
    expect(changeLink({ change: 'make-up', changeId: 'i-1' }, true)).toBe('/apply/make_up_class/detail?id=i-1');
    expect(changeLink({ change: 'swap', changeId: 'i-2' }, true)).toBe('/apply/class_swap/detail?id=i-2');
    expect(changeLink({ change: 'swap', changeId: 'i-2' }, false)).toBeNull();
    expect(changeLink({}, true)).toBeNull();
  });

  it('heads a row with the period in the reader’s language (the contract’s name of a period) and its times', () => {
    expect(periodLabel({ no: 3, name: '第3节' }, 'zh')).toBe('第3节');
    expect(periodLabel({ no: 3, name: '第3节' }, 'en')).toBe('Period 3');
    expect(periodLabel({ no: 0, name: '早读' }, 'en')).toBe('早读');
    expect(periodLabel({ no: 2, name: '' }, 'zh')).toBe('第2节');
    expect(periodTime({ start: '08:00:00', end: '08:45:00' })).toBe('08:00–08:45');
  });
});
