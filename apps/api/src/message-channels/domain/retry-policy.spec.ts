import { describe, expect, it } from '@jest/globals';
import { afterTry, errorText } from './retry-policy.js';

describe('a delivery after a try', () => {
  it('is sent when the try succeeded, whatever the count', () => {
    expect(afterTry(true, 5, 5, 100)).toEqual({ state: 'sent' });
  });

  it('waits twice as long after each failure, then fails when its tries are spent', () => {
    expect(afterTry(false, 1, 4, 100)).toEqual({ state: 'pending', waitMs: 100 });
    expect(afterTry(false, 2, 4, 100)).toEqual({ state: 'pending', waitMs: 200 });
    expect(afterTry(false, 3, 4, 100)).toEqual({ state: 'pending', waitMs: 400 });
    expect(afterTry(false, 4, 4, 100)).toEqual({ state: 'failed' });
  });

  it('never waits more than an hour', () => {
    expect(afterTry(false, 19, 20, 60_000)).toEqual({ state: 'pending', waitMs: 3_600_000 });
  });

  it('keeps an error to one short line', () => {
    expect(errorText(new Error('550 mailbox\n  unavailable'))).toBe('550 mailbox unavailable');
    expect(errorText('x'.repeat(400))).toHaveLength(300);
  });
});
