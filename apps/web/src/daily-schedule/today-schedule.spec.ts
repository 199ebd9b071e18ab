import { describe, expect, it } from '@jest/globals';
import { inTimeOrder, scheduleOn } from './today-schedule.js';

describe('the day\'s schedule', () => {
  const summer = { id: 's', effectiveFrom: '2026-05-01', enabled: true };
  const winter = { id: 'w', effectiveFrom: '2026-10-08', enabled: true };
  const off = { id: 'o', effectiveFrom: '2026-11-01', enabled: false };

  it('is the enabled one with the latest date not after the day', () => {
    expect(scheduleOn([summer, winter, off], '2026-11-29')?.id).toBe('w');
    expect(scheduleOn([winter, summer], '2026-10-07')?.id).toBe('s');
    expect(scheduleOn([winter, summer], '2026-10-08')?.id).toBe('w');
    expect(scheduleOn([summer, winter], '2026-04-30')).toBeNull();
  });

  it('lists the moments by time', () => {
    expect(inTimeOrder([{ start: '12:00', end: '' }, { start: '07:20', end: '07:40' }, { start: '07:20', end: '' }]).map((i) => `${i.start}-${i.end}`)).toEqual(['07:20-', '07:20-07:40', '12:00-']);
  });
});
