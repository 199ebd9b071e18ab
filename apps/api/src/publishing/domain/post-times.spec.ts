import { describe, expect, it } from '@jest/globals';
import { alreadyPast } from './post-times.js';

describe('a time the author sets', () => {
  const now = Date.now();
  it('is refused once its minute has passed; the current minute and later are kept; none is never past', () => {
    expect(alreadyPast(new Date(now - 86_400_000), now)).toBe(true);
    expect(alreadyPast(new Date(now - 61_000), now)).toBe(true);
    expect(alreadyPast(new Date(now - 30_000), now)).toBe(false);
    expect(alreadyPast(new Date(now + 3_600_000), now)).toBe(false);
    expect(alreadyPast(null, now)).toBe(false);
  });
});
