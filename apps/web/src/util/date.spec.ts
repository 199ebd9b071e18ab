import { describe, expect, it } from '@jest/globals';
import dayjs from 'dayjs';
import { DEFAULT_SCHOOL_TZ } from '@schoolflow/contracts';
import { schoolDay } from './date.js';

describe('schoolDay', () => {
  it('reads a YYYY-MM-DD day as its start in the school’s time zone', () => {
    const day = schoolDay('2026-11-29');
    expect(day?.format('YYYY-MM-DD HH:mm')).toBe('2026-11-29 00:00');
    expect(day?.utcOffset()).toBe(dayjs().tz(DEFAULT_SCHOOL_TZ).utcOffset());
  });

  it('answers null for what is no day: another shape, a day the month does not have', () => {
    expect(schoolDay('')).toBeNull();
    expect(schoolDay('2026-11-29T10:00')).toBeNull();
    expect(schoolDay('29/11/2026')).toBeNull();
    expect(schoolDay('2026-02-30')).toBeNull();
  });
});
