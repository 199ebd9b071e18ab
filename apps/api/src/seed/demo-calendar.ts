import { datesOfWeek } from '@schoolflow/contracts';

/** A semester of the demo school, as the seed writes it: work and teaching begin together, teaching ends two weeks before. */
export interface DemoSemester {
  code: string;
  name: string;
  nameEn: string;
  /** A Monday: work and teaching start. */
  start: string;
  /** The Friday of its last teaching week. */
  teachingEnd: string;
  /** The Friday of its last work week. */
  end: string;
  /** The school's current semester: the one holding today. */
  current: boolean;
}

export interface DemoSchoolYear {
  year: number;
  code: string;
  name: string;
  nameEn: string;
  semesters: [DemoSemester, DemoSemester];
}

export interface DemoCalendar {
  /** The day the demo was dated from (the school's local date). */
  today: string;
  /** Last school year, this one, and the next (an administrator can try the semester upgrade). */
  schoolYears: [DemoSchoolYear, DemoSchoolYear, DemoSchoolYear];
  current: DemoSemester;
  /** The school year holding the current semester. */
  currentYear: DemoSchoolYear;
  /** The teaching weeks (Monday to Friday) of the current semester's grade batches. */
  batches: { midterm: { start: string; end: string }; monthly: { start: string; end: string } };
}

/** Teaching weeks of a demo semester (the seed's `teaching_weeks`): 18, then the exam and a week's margin. */
export const DEMO_TEACHING_WEEKS = 18;
/** Weeks a demo semester spans (`work_weeks`), and the break between two. */
const SEMESTER_WEEKS = 20;
const BREAK_WEEKS = 4;
/** Today's teaching week in the current semester: nine weeks behind it (the mid-term in week 9), nine ahead. */
export const DEMO_TODAY_WEEK = 10;

const DAY = 86_400_000;
const dayNumber = (date: string): number => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY);
const dateOf = (day: number): string => new Date(day * DAY).toISOString().slice(0, 10);

/**
 * The demo school's calendar as of `today` (YYYY-MM-DD, the school's date), so that a demo seeded on any day of the year
 * — and every test, whatever day it runs — has a current semester holding today, with teaching weeks behind it (a
 * published mid-term) and ahead of it (make-up classes, swaps, loans): docs/adr/0030.
 *
 * Names follow the school year: one begins in September, its first semester runs into January, its second from February
 * to July; the current school year is the one holding today — from 11 July, in the summer break, the one about to
 * start — and the current semester the one of it holding today, or in the winter break the second. Dates are laid
 * around today: the current semester teaches 18 weeks (of 20), today in week 10 (the mid-term in week 9, 高一's monthly test
 * this week); the semesters before and after it follow at 20 weeks each with 4-week breaks. On most days of a school
 * year that is close to the real calendar; in a break, or at a semester's edge, the demo's semester is moved so that it
 * holds today rather than leaving the school without lessons.
 */
export function demoCalendar(today: string): DemoCalendar {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(`${today}T00:00:00Z`)) || dateOf(dayNumber(today)) !== today) throw new Error(`not a date: ${today}`);
  const calendarYear = Number(today.slice(0, 4));
  const monthDay = today.slice(5);
  const y = monthDay >= '07-11' ? calendarYear : calendarYear - 1;
  const term: 1 | 2 = monthDay >= '07-11' || monthDay <= '01-20' ? 1 : 2;

  // Six semesters in order (last year's two, this year's two, next year's two); the current one is laid around today.
  const currentIndex = 2 + (term - 1);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const currentStart = dayNumber(today) - weekday - (DEMO_TODAY_WEEK - 1) * 7;
  const spanDays = SEMESTER_WEEKS * 7 - 3; // Monday of the first week to Friday of the last
  const teachingDays = DEMO_TEACHING_WEEKS * 7 - 3;
  const strideDays = (SEMESTER_WEEKS + BREAK_WEEKS) * 7;
  const startOf = (index: number): number => currentStart + (index - currentIndex) * strideDays;

  const years = [y - 1, y, y + 1].map((year, yi): DemoSchoolYear => {
    const name = `${year}-${year + 1}学年`;
    const nameEn = `${year}-${year + 1}`;
    const semester = (n: 1 | 2): DemoSemester => {
      const index = yi * 2 + (n - 1);
      return {
        code: `${year}-${n}`,
        name: `${name}${n === 1 ? '第一学期' : '第二学期'}`,
        nameEn: `${nameEn} semester ${n}`,
        start: dateOf(startOf(index)),
        teachingEnd: dateOf(startOf(index) + teachingDays),
        end: dateOf(startOf(index) + spanDays),
        current: index === currentIndex,
      };
    };
    return { year, code: String(year), name, nameEn, semesters: [semester(1), semester(2)] };
  }) as [DemoSchoolYear, DemoSchoolYear, DemoSchoolYear];
  const currentYear = years[1];
  const current = currentYear.semesters[term - 1] as DemoSemester;

  const schoolWeek = (n: number): { start: string; end: string } => {
    const days = datesOfWeek(current.start, n, 5);
    return { start: days[0] as string, end: days[4] as string };
  };
  return {
    today,
    schoolYears: years,
    current,
    currentYear,
    batches: { midterm: schoolWeek(DEMO_TODAY_WEEK - 1), monthly: schoolWeek(DEMO_TODAY_WEEK) },
  };
}
