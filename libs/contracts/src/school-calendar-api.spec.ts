import { describe, expect, it } from '@jest/globals';
import { eventInputSchema, eventSpan, normalRule, ruleOf, ruleParts, simpleRule, wallMs, wallText } from './school-calendar-api.js';

describe('school calendar contracts', () => {
  it('takes the rules the calendar expands, and no other', () => {
    for (const ok of ['FREQ=WEEKLY;BYDAY=MO,WE', 'freq=monthly;bymonthday=-1', 'RRULE:FREQ=YEARLY;BYMONTH=9;BYDAY=1MO', 'FREQ=DAILY;INTERVAL=2;COUNT=10', 'FREQ=WEEKLY;UNTIL=20300115T080000Z']) expect([ok, ruleParts(ok) !== null]).toEqual([ok, true]);
    for (const bad of ['', 'BYDAY=MO', 'FREQ=HOURLY', 'FREQ=WEEKLY;COUNT=2;UNTIL=20300101', 'FREQ=WEEKLY;FREQ=DAILY', 'FREQ=WEEKLY;BYHOUR=9', 'FREQ=WEEKLY;UNTIL=20300230', 'FREQ=DAILY;COUNT=501', 'FREQ=WEEKLY;DTSTART=20300101']) expect([bad, ruleParts(bad)]).toEqual([bad, null]);
  });

  it('stores a rule in one spelling: parts in order, a date UNTIL the end of that day', () => {
    expect(normalRule('until=20300115;byday=mo;freq=weekly;interval=02')).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;UNTIL=20300115T235959Z');
  });

  it('round-trips the dialog\'s simple rules, and leaves the others to the text field', () => {
    const r = simpleRule('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20300115T235959Z');
    expect(r).toEqual({ freq: 'WEEKLY', interval: 2, byDay: ['MO', 'TH'], until: '2030-01-15', count: null });
    expect(ruleOf(r!)).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20300115');
    expect(simpleRule('FREQ=MONTHLY;BYDAY=1MO')).toBeNull();
    expect(simpleRule('FREQ=YEARLY;BYMONTH=9')).toBeNull();
  });

  it('reads wall times and spans: an all-day event\'s last day is included, a timed one\'s end is not', () => {
    expect(wallText(wallMs('2030-01-02T03:04') as number, false)).toBe('2030-01-02 03:04');
    expect([wallMs('2030-02-30'), wallMs('2030-01-01 24:00')]).toEqual([null, null]);
    expect(eventSpan(true, '2030-01-13', '2030-01-17')).toEqual({ start: Date.UTC(2030, 0, 13), end: Date.UTC(2030, 0, 18) });
    expect(eventSpan(true, '2030-01-13 08:00', '2030-01-17')).toBeNull();
    const base = { calendarId: '7f1b3c1e-8f2a-4a47-9d8e-2b0c4a8e1f00', title: ' 例会 ', start: '2030-01-13 08:00', end: '2030-01-13 09:00' };
    expect(eventInputSchema.parse({ ...base, rrule: 'freq=weekly;until=20300301' })).toMatchObject({ title: '例会', allDay: false, category: 'other', rrule: 'FREQ=WEEKLY;UNTIL=20300301T235959Z', skipHolidays: true });
    expect(eventInputSchema.safeParse({ ...base, end: '2031-02-13 09:00' }).error?.issues[0]?.message).toBe('calendar.validation.spanTooLong');
  });
});
