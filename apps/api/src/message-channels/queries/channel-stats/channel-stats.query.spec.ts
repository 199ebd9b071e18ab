import { describe, expect, it } from '@jest/globals';
import { daysOf } from './channel-stats.query.js';

describe('the days of a statistics period', () => {
  it('includes both ends, across a month end', () => {
    expect(daysOf('2026-01-30', '2026-02-02')).toEqual(['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02']);
  });

  it('is one day when both ends are the same day', () => {
    expect(daysOf('2026-03-05', '2026-03-05')).toEqual(['2026-03-05']);
  });

  it('keeps at most the last 366 days', () => {
    const days = daysOf('2020-01-01', '2026-01-01');
    expect(days).toHaveLength(366);
    expect(days[days.length - 1]).toBe('2026-01-01');
  });
});
