import { describe, expect, it } from '@jest/globals';
import { normalRule, wallMs, wallText } from '@schoolflow/contracts';
import { holidayExceptions, isRuleOccurrence, occurrencesBetween, seriesEnd, shiftRule, type Series } from './recurrence.js';

const at = (text: string): number => wallMs(text) as number;
const texts = (ms: number[]): string[] => ms.map((t) => wallText(t, false));
const HOUR = 3_600_000;

// a weekly staff meeting on Mondays 16:30–17:30 from Monday 2030-09-02 (any Monday would do: the rule's own dates)
const meeting = (over: Partial<Series> = {}): Series => ({ start: at('2030-09-02 16:30'), duration: HOUR, rule: normalRule('FREQ=WEEKLY;BYDAY=MO;UNTIL=20301007') as string, exdates: [], skipHolidays: true, ...over });

describe('recurrence', () => {
  it('expands a weekly rule over a range, to its UNTIL (a date: that whole day)', () => {
    expect(texts(occurrencesBetween(meeting(), at('2030-09-01 00:00'), at('2030-11-01 00:00'), new Set()))).toEqual([
      '2030-09-02 16:30',
      '2030-09-09 16:30',
      '2030-09-16 16:30',
      '2030-09-23 16:30',
      '2030-09-30 16:30',
      '2030-10-07 16:30',
    ]);
    expect(texts(occurrencesBetween(meeting(), at('2030-09-10 00:00'), at('2030-09-24 00:00'), new Set()))).toEqual(['2030-09-16 16:30', '2030-09-23 16:30']);
  });

  it('leaves out an EXDATE, a declared holiday, and an occurrence changed on its own', () => {
    const s = meeting({ exdates: [at('2030-09-16 16:30')] });
    const holidays = new Set(['2030-09-30']);
    const replaced = new Set([at('2030-09-23 16:30')]);
    expect(texts(occurrencesBetween(s, at('2030-09-01 00:00'), at('2030-11-01 00:00'), holidays, replaced))).toEqual(['2030-09-02 16:30', '2030-09-09 16:30', '2030-10-07 16:30']);
    // a series that does not skip holidays keeps that one
    expect(texts(occurrencesBetween({ ...s, skipHolidays: false }, at('2030-09-29 00:00'), at('2030-10-01 00:00'), holidays))).toEqual(['2030-09-30 16:30']);
    expect(wallText(holidayExceptions(s, ['2030-09-30', '2030-10-01'])[0] as number, false)).toBe('2030-09-30 16:30');
    expect(holidayExceptions({ ...s, skipHolidays: false }, ['2030-09-30'])).toEqual([]);
  });

  it('counts an occurrence that began before the range and runs into it', () => {
    // a three-day camp every year from 30 September: the 2031 one overlaps October
    const camp: Series = { start: at('2030-09-30 00:00'), duration: 3 * 24 * HOUR, rule: 'FREQ=YEARLY;COUNT=3', exdates: [], skipHolidays: false };
    expect(texts(occurrencesBetween(camp, at('2031-10-01 00:00'), at('2031-10-31 00:00'), new Set()))).toEqual(['2031-09-30 00:00']);
    expect(wallText(seriesEnd('FREQ=YEARLY;COUNT=3', camp.start, camp.duration) as number, false)).toBe('2032-10-03 00:00');
  });

  it('knows where a series ends, if it does', () => {
    expect(wallText(seriesEnd(meeting().rule, meeting().start, HOUR) as number, false)).toBe('2030-10-07 17:30');
    expect(seriesEnd('FREQ=DAILY', at('2030-09-02 08:00'), HOUR)).toBeNull();
  });

  it('tells an occurrence of the rule from another time', () => {
    expect(isRuleOccurrence(meeting().rule, meeting().start, at('2030-09-09 16:30'))).toBe(true);
    expect(isRuleOccurrence(meeting().rule, meeting().start, at('2030-09-10 16:30'))).toBe(false);
    expect(isRuleOccurrence(meeting().rule, meeting().start, at('2030-10-14 16:30'))).toBe(false);
  });

  it('moves weekdays and month days with the series, not for a move within the day', () => {
    expect(shiftRule('FREQ=WEEKLY;BYDAY=MO,TH', at('2030-09-02 16:30'), at('2030-09-03 09:00'))).toBe('FREQ=WEEKLY;BYDAY=TU,FR');
    expect(shiftRule('FREQ=WEEKLY;BYDAY=MO', at('2030-09-02 16:30'), at('2030-09-01 16:30'))).toBe('FREQ=WEEKLY;BYDAY=SU');
    expect(shiftRule('FREQ=WEEKLY;BYDAY=MO', at('2030-09-02 16:30'), at('2030-09-02 08:00'))).toBe('FREQ=WEEKLY;BYDAY=MO');
    expect(shiftRule('FREQ=MONTHLY;BYMONTHDAY=31;COUNT=3', at('2030-10-31 09:00'), at('2030-11-01 09:00'))).toBe('FREQ=MONTHLY;BYMONTHDAY=1;COUNT=3');
    // the end moves with the series: it keeps its last occurrence
    expect(shiftRule(meeting().rule, at('2030-09-02 16:30'), at('2030-09-04 15:30'))).toBe('FREQ=WEEKLY;BYDAY=WE;UNTIL=20301009T225959Z');
  });
});
