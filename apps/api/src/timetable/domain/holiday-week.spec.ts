import { describe, expect, it } from '@jest/globals';
import { datesOfWeek, type HolidayDay, type Lesson, weekdayOf } from '@schoolflow/contracts';
import { applyHolidays, workdayExtraDays } from './holiday-week.js';

// docs/adr/0048-public-holidays.md#timetable. A week from Monday 2026-09-28; one lesson a school day and period 1–2.
const WEEK = datesOfWeek('2026-09-28', 1, 7);
const lesson = (weekday: number, period: number, over: Partial<Lesson> = {}): Lesson => ({
  id: `l${weekday}${period}`,
  date: null,
  weekday,
  period,
  courseId: `c${weekday}`,
  courseName: `course ${weekday}`,
  courseColour: '#2185D0',
  teacherId: 't',
  teacherName: 'T',
  classId: 'k',
  className: 'K',
  teachingClassId: null,
  classroomId: null,
  classroomName: null,
  ...over,
});
const TEMPLATE = [1, 2, 3, 4, 5].flatMap((d) => [lesson(d, 1), lesson(d, 2)]);
const dated = TEMPLATE.flatMap((l) => WEEK.filter((d) => weekdayOf(d) === l.weekday).map((date) => ({ ...l, date })));
const holiday = (date: string, name = '国庆节'): HolidayDay => ({ date, kind: 'holiday', name, replacesWeekday: null });
const workday = (date: string, replacesWeekday: number): HolidayDay => ({ date, kind: 'workday', name: '国庆调休', replacesWeekday });
const onDate = (ls: readonly Lesson[], date: string) => ls.filter((l) => l.date === date);

describe('a teaching week with declared days', () => {
  it('no declared day: the lessons as read', () => {
    expect(applyHolidays(dated, [], TEMPLATE, WEEK)).toEqual(dated);
  });

  it('a holiday on a weekday has no lessons, the other days keep theirs', () => {
    const out = applyHolidays(dated, [holiday(WEEK[2] as string)], TEMPLATE, WEEK);
    expect(onDate(out, WEEK[2] as string)).toEqual([]);
    expect(out).toHaveLength(8);
    expect(onDate(out, WEEK[1] as string)).toEqual(onDate(dated, WEEK[1] as string));
  });

  it("a make-up workday on Saturday holds the replaced weekday's lessons, on its own date and weekday", () => {
    const saturday = WEEK[5] as string;
    const out = applyHolidays(dated, [workday(saturday, 1)], TEMPLATE, WEEK);
    expect(onDate(out, saturday).map((l) => [l.weekday, l.period, l.courseId])).toEqual([[6, 1, 'c1'], [6, 2, 'c1']]);
    expect(out).toHaveLength(12);
    // in date order, as the dated read answers
    expect(out.map((l) => l.date)).toEqual([...out.map((l) => l.date)].sort());
    expect(workdayExtraDays([workday(saturday, 1)], WEEK, 5)).toEqual([6]);
  });

  it("a workday on a school day holds the other weekday's lessons instead of its own; a change dated on it stays", () => {
    const wednesday = WEEK[2] as string;
    const makeUp = lesson(3, 7, { id: 'm1', date: wednesday, change: 'make-up', changeId: 'i1' });
    const out = applyHolidays([...dated, makeUp], [workday(wednesday, 5)], TEMPLATE, WEEK);
    expect(onDate(out, wednesday).map((l) => [l.weekday, l.period, l.courseId, l.change ?? null])).toEqual([
      [3, 1, 'c5', null],
      [3, 2, 'c5', null],
      [3, 7, 'c3', 'make-up'],
    ]);
    expect(workdayExtraDays([workday(wednesday, 5)], WEEK, 5)).toEqual([]);
  });

  it('a workday outside the teaching dates holds nothing', () => {
    const sunday = WEEK[6] as string;
    expect(applyHolidays(dated, [workday(sunday, 2)], TEMPLATE, WEEK.slice(0, 6))).toEqual(dated);
    expect(workdayExtraDays([workday(sunday, 2)], WEEK.slice(0, 6), 5)).toEqual([]);
  });
});
