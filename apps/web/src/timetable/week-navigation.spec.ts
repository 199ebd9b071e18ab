import { describe, expect, it } from '@jest/globals';
import { clampWeek, shownWeek, stepWeek, weekCount, weekParam, weekSpan } from './week-navigation.js';

// The demo's first semester: teaching from Tuesday 2026-09-01 to Wednesday 2027-01-20.
const semester = { teachingStart: '2026-09-01', teachingEnd: '2027-01-20' };

describe('week navigation', () => {
  it('counts the teaching weeks as the server does, from the Monday of the first', () => {
    expect(weekCount(semester)).toBe(21);
    expect(weekCount({ teachingStart: '2026-09-07', teachingEnd: '2026-09-07' })).toBe(1);
  });

  it('steps between weeks within the semester and keeps a chosen week inside it', () => {
    expect(stepWeek(1, -1, 21)).toBeNull();
    expect(stepWeek(1, 1, 21)).toBe(2);
    expect(stepWeek(21, 1, 21)).toBeNull();
    expect(clampWeek(0, 21)).toBe(1);
    expect(clampWeek(30, 21)).toBe(21);
  });

  it('opens on this week when the semester is in one, else on the template; what the reader chose stays', () => {
    expect(shownWeek(null, 13, 21)).toBe(13);
    expect(shownWeek(null, null, 21)).toBeNull();
    expect(shownWeek({ mode: 'template', week: null }, 13, 21)).toBeNull();
    expect(shownWeek({ mode: 'week', week: 4 }, 13, 21)).toBe(4);
    expect(shownWeek({ mode: 'week', week: null }, null, 21)).toBe(1);
  });

  it('shows a week by its first and last school day', () => {
    expect(weekSpan(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'])).toBe('11-23 – 11-27');
    expect(weekSpan(['2026-11-23'])).toBe('11-23');
    expect(weekSpan(null)).toBe('');
  });

  it('reads the week a link names, and nothing from an address without one or with no week number', () => {
    expect(weekParam('5')).toBe(5);
    expect(weekParam(' 12 ')).toBe(12);
    expect(weekParam(null)).toBeNull();
    expect(['', '0', '-1', '2.5', 'abc', '1e3', '1000'].map(weekParam)).toEqual([null, null, null, null, null, null, null]);
    // a week past the semester's is shown as its last, as a week paged to
    expect(shownWeek({ mode: 'week', week: weekParam('99') }, 3, 21)).toBe(21);
  });
});
