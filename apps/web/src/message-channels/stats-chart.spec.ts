import { describe, expect, it } from '@jest/globals';
import type { ChannelStats } from '@schoolflow/contracts';
import { dailyTotals, typeTotals } from './stats-chart.js';

const stats: ChannelStats = {
  days: ['2026-03-01', '2026-03-02', '2026-03-03'],
  rows: [
    { day: '2026-03-01', type: '1', sent: 4, read: 2, failed: 1 },
    { day: '2026-03-01', type: '2', sent: 3, read: 3, failed: 0 },
    { day: '2026-03-03', type: '1', sent: 1, read: 0, failed: 0 },
  ],
};

describe('statistics per day and per type', () => {
  it('totals each day of the period, a day without messages at zero', () => {
    expect(dailyTotals(stats)).toEqual([
      { day: '2026-03-01', sent: 7, read: 5, failed: 1 },
      { day: '2026-03-02', sent: 0, read: 0, failed: 0 },
      { day: '2026-03-03', sent: 1, read: 0, failed: 0 },
    ]);
  });

  it('totals one type only when asked', () => {
    expect(dailyTotals(stats, '2').map((d) => d.sent)).toEqual([3, 0, 0]);
  });

  it('totals each type over the period', () => {
    expect(typeTotals(stats)).toEqual([
      { type: '1', sent: 5, read: 2, failed: 1 },
      { type: '2', sent: 3, read: 3, failed: 0 },
    ]);
  });
});
