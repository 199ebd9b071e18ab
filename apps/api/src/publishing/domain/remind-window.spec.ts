import { describe, expect, it } from '@jest/globals';
import { remindAgainAt } from './remind-window.js';

describe('remindAgainAt', () => {
  const last = new Date('2026-11-28T08:00:00Z');

  it('is null when never reminded', () => {
    expect(remindAgainAt(null, new Date('2026-11-28T08:10:00Z'), 60)).toBeNull();
  });

  it('is the last reminder plus the interval while that is still ahead', () => {
    expect(remindAgainAt(last, new Date('2026-11-28T08:59:59Z'), 60)?.toISOString()).toBe('2026-11-28T09:00:00.000Z');
  });

  it('is null once the interval has passed, the boundary included (the server takes the slot at <=)', () => {
    expect(remindAgainAt(last, new Date('2026-11-28T09:00:00Z'), 60)).toBeNull();
    expect(remindAgainAt(last, new Date('2026-11-28T10:30:00Z'), 60)).toBeNull();
  });
});
