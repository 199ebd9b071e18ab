import { describe, expect, it } from '@jest/globals';
import { parseSchoolTime } from '@schoolflow/contracts';
import { holidaysWithin, leaveDuration } from './leave-duration.js';

// docs/adr/0048-public-holidays.md#day-count: declared holidays are whole days of the school's calendar taken out.
const at = (text: string, tz = 'Asia/Shanghai') => parseSchoolTime(text, tz) as number;

describe('leave duration with public holidays', () => {
  it('without holidays it is the plain span (hours / 24)', () => {
    expect(leaveDuration(at('2026-09-28 08:00'), at('2026-09-30 07:00'))).toEqual({ hours: 47, days: 2 });
    expect(leaveDuration(at('2026-09-28 08:00'), at('2026-09-30 07:00'), [])).toEqual({ hours: 47, days: 2 });
  });

  it('a holiday inside the period is a whole day less; one at an edge only its overlapping hours', () => {
    // Mon 08:00 → Thu 08:00 (72 h) with Tuesday off: 48 h, 2 days
    expect(leaveDuration(at('2026-09-28 08:00'), at('2026-10-01 08:00'), ['2026-09-29'])).toEqual({ hours: 48, days: 2 });
    // the first day a holiday: its 16 hours after 08:00 are not counted
    expect(leaveDuration(at('2026-09-28 08:00'), at('2026-09-30 08:00'), ['2026-09-28'])).toEqual({ hours: 32, days: 1.3 });
    // a holiday outside the period changes nothing; a date given twice counts once
    expect(leaveDuration(at('2026-09-28 08:00'), at('2026-09-30 08:00'), ['2026-10-05', '2026-09-29', '2026-09-29'])).toEqual({ hours: 24, days: 1 });
  });

  it('a period wholly on holidays counts nothing; weekends still count', () => {
    expect(leaveDuration(at('2026-10-01 09:00'), at('2026-10-02 17:00'), ['2026-10-01', '2026-10-02'])).toEqual({ hours: 0, days: 0 });
    // Fri 08:00 → Mon 08:00 over a weekend, no holiday: 3 days
    expect(leaveDuration(at('2026-10-09 08:00'), at('2026-10-12 08:00'), [])).toEqual({ hours: 72, days: 3 });
  });

  it("reads the holiday's day in the school's time zone", () => {
    // in UTC the school's 29 September is 28 Sep 16:00Z – 29 Sep 16:00Z
    const start = Date.parse('2026-09-28T12:00:00Z');
    const end = Date.parse('2026-09-29T12:00:00Z');
    expect(leaveDuration(start, end, ['2026-09-29'], 'Asia/Shanghai')).toEqual({ hours: 4, days: 0.2 });
    expect(leaveDuration(start, end, ['2026-09-29'], 'UTC')).toEqual({ hours: 12, days: 0.5 });
  });

  it('names the holidays a period touches, in order', () => {
    expect(holidaysWithin(at('2026-09-28 08:00'), at('2026-10-02 08:00'), ['2026-10-01', '2026-09-29', '2026-10-03'])).toEqual(['2026-09-29', '2026-10-01']);
  });
});
