import { describe, expect, it } from '@jest/globals';
import { publicityEnd } from './publicity.js';

const TZ = 'Asia/Shanghai';
/** A moment in school time. */
const at = (text: string) => Date.parse(`${text}+08:00`);

describe('the publicity of a final-term evaluation, in school days', () => {
  it('five school days after a Monday afternoon end at midnight after the next Monday (the weekend does not count)', () => {
    // Monday 2026-11-23 → Tue, Wed, Thu, Fri, (Sat, Sun skipped), Mon 30th → ends Tuesday 1 December 00:00
    expect(publicityEnd(at('2026-11-23T15:30:00'), 5, 5, TZ)).toBe(new Date(at('2026-12-01T00:00:00')).toISOString());
  });

  it('submitted on a Friday or a Saturday: counting starts on Monday', () => {
    expect(publicityEnd(at('2026-11-27T09:00:00'), 5, 5, TZ)).toBe(new Date(at('2026-12-05T00:00:00')).toISOString());
    expect(publicityEnd(at('2026-11-28T09:00:00'), 5, 5, TZ)).toBe(new Date(at('2026-12-05T00:00:00')).toISOString());
  });

  it('a school with Saturday classes counts Saturdays', () => {
    expect(publicityEnd(at('2026-11-23T15:30:00'), 5, 6, TZ)).toBe(new Date(at('2026-11-29T00:00:00')).toISOString());
  });

  it('the day is the school’s, not UTC’s: 00:30 in Beijing is still that day', () => {
    expect(publicityEnd(at('2026-11-24T00:30:00'), 1, 5, TZ)).toBe(new Date(at('2026-11-26T00:00:00')).toISOString());
  });

  it('no notice period: it ends as it is submitted', () => {
    expect(publicityEnd(at('2026-11-23T15:30:00'), 0, 5, TZ)).toBe(new Date(at('2026-11-23T15:30:00')).toISOString());
  });
});
