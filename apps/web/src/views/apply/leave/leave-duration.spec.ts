import { describe, expect, it } from '@jest/globals';
import { leaveDuration } from './leave-duration.js';

describe('leave duration in the form', () => {
  it('computes the duration like the server: hours, days = hours / 24 to one decimal', () => {
    expect(leaveDuration('2026-11-23 08:00', '2026-11-24 17:00')).toEqual({ hours: 33, days: 1.4 });
    expect(leaveDuration('2026-11-23 08:00', '2026-11-23 08:00')).toBeNull();
    expect(leaveDuration('2026-11-24 08:00', '2026-11-23 08:00')).toBeNull();
  });
});
