import { describe, expect, it } from '@jest/globals';
import { likePattern } from './like-pattern.js';

describe('likePattern', () => {
  it('given a keyword, when made a pattern, then it matches the keyword anywhere', () => {
    expect(likePattern('张')).toBe('%张%');
  });

  it('given a keyword with %, _ or \\, when made a pattern, then each is taken literally', () => {
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  it('given no keyword, when made a pattern, then it matches everything', () => {
    expect(likePattern('')).toBe('%');
  });
});
