import { weekOfDate } from '@schoolflow/contracts';
import { DEMO_TODAY_WEEK, demoCalendar } from './demo-calendar.js';

const weekOf = (c: ReturnType<typeof demoCalendar>, date: string): number => weekOfDate(c.current.start, date);

describe('the demo school dated from the day it is seeded', () => {
  it('given 15 March: the second semester of the school year begun last September holds today, weeks behind and ahead', () => {
    const c = demoCalendar('2027-03-15');
    expect(c.schoolYears.map((y) => y.code)).toEqual(['2025', '2026', '2027']);
    expect(c.currentYear.code).toBe('2026');
    expect(c.current).toMatchObject({ code: '2026-2', name: '2026-2027学年第二学期', current: true });
    expect(c.current.start <= '2027-03-15' && '2027-03-15' <= c.current.teachingEnd).toBe(true);
    expect(weekOf(c, '2027-03-15')).toBe(DEMO_TODAY_WEEK);
    // the next teaching week is there, and several after it
    expect(weekOf(c, c.current.teachingEnd)).toBeGreaterThanOrEqual(DEMO_TODAY_WEEK + 8);
    // the mid-term is last week (published), the monthly test this week
    expect(c.batches.midterm).toEqual({ start: '2027-03-08', end: '2027-03-12' });
    expect(c.batches.monthly).toEqual({ start: '2027-03-15', end: '2027-03-19' });
  });

  it('given 1 August (summer break): the school year about to start, its first semester holding today; next year to upgrade to', () => {
    const c = demoCalendar('2027-08-01');
    expect(c.schoolYears.map((y) => y.code)).toEqual(['2026', '2027', '2028']);
    expect(c.current).toMatchObject({ code: '2027-1', name: '2027-2028学年第一学期' });
    expect(weekOf(c, '2027-08-01')).toBe(DEMO_TODAY_WEEK); // a Sunday: the week that ends today
    expect(weekOf(c, '2027-08-02')).toBe(DEMO_TODAY_WEEK + 1);
  });

  it('given 20 December: the first semester of this school year, mid-term in week 9, monthly test this week', () => {
    const c = demoCalendar('2027-12-20');
    expect(c.current).toMatchObject({ code: '2027-1' });
    expect(weekOf(c, c.batches.midterm.start)).toBe(9);
    expect(c.batches.monthly).toEqual({ start: '2027-12-20', end: '2027-12-24' });
  });

  it('given the winter break: the second semester is current', () => {
    expect(demoCalendar('2027-01-25').current.code).toBe('2026-2');
    expect(demoCalendar('2027-01-20').current.code).toBe('2026-1');
    expect(demoCalendar('2027-07-10').current.code).toBe('2026-2');
    expect(demoCalendar('2027-07-11').current.code).toBe('2027-1');
  });

  it('every day of a year: one current semester holding today in week 10; semesters in order, none overlapping', () => {
    for (let day = Date.parse('2027-01-01T00:00:00Z'); day < Date.parse('2028-01-01T00:00:00Z'); day += 86_400_000) {
      const today = new Date(day).toISOString().slice(0, 10);
      const c = demoCalendar(today);
      const all = c.schoolYears.flatMap((y) => y.semesters);
      expect(all.filter((s) => s.current)).toEqual([c.current]);
      expect(weekOf(c, today)).toBe(DEMO_TODAY_WEEK);
      for (const [i, s] of all.entries()) {
        expect(s.start < s.teachingEnd && s.teachingEnd < s.end).toBe(true);
        if (i > 0) expect((all[i - 1] as typeof s).end < s.start).toBe(true);
      }
      expect(c.batches.midterm.end < c.batches.monthly.start).toBe(true);
    }
  });

  it('refuses what is not a date', () => {
    expect(() => demoCalendar('2027-3-15')).toThrow('not a date');
    expect(() => demoCalendar('2027-02-30')).toThrow('not a date');
  });
});
