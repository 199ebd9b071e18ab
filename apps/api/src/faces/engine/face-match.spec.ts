import { describe, expect, it } from '@jest/globals';
import { bestMatch, isMatch, similarity } from './face-match.js';

const vec = (fill: (i: number) => number) => Array.from({ length: 1024 }, (_, i) => fill(i));

describe('face similarity (human match.similarity restated)', () => {
  it('is 1 for the same embedding, 0 for far apart ones, and symmetric', () => {
    const a = vec((i) => Math.sin(i) / 32);
    expect(similarity(a, a)).toBe(1);
    expect(similarity(a, vec(() => 1))).toBe(0);
    const b = vec((i) => Math.sin(i) / 32 + (i % 7 === 0 ? 0.01 : 0));
    expect(similarity(a, b)).toBe(similarity(b, a));
    expect(similarity(a, b)).toBeGreaterThan(0.9);
  });

  it('answers the library\'s figure: distance 25·Σd², root, normalised from 0.2..0.8, two decimals', () => {
    // Σd² = 1024 · 0.01² = 0.1024 → distance 2.56 → root 1.6 → (1 - 0.016 - 0.2) / 0.6 = 1.3067 → clamped 1
    expect(similarity(vec(() => 0), vec(() => 0.01))).toBe(1);
    // Σd² = 1024 · 0.1² = 10.24 → distance 256 → root 16 → (1 - 0.16 - 0.2) / 0.6 = 1.0667 → 1
    expect(similarity(vec(() => 0), vec(() => 0.1))).toBe(1);
    // Σd² = 1024 · 0.5² = 256 → distance 6400 → root 80 → (1 - 0.8 - 0.2) / 0.6 = 0
    expect(similarity(vec(() => 0), vec(() => 0.5))).toBe(0);
    // Σd² = 1024 · 0.3² = 92.16 → distance 2304 → root 48 → (1 - 0.48 - 0.2) / 0.6 = 0.5333 → 0.53
    expect(similarity(vec(() => 0), vec(() => 0.3))).toBe(0.53);
  });

  it('is 0 for embeddings of different lengths (another model)', () => {
    expect(similarity([0.1, 0.2], [0.1, 0.2, 0.3])).toBe(0);
    expect(similarity([], [])).toBe(0);
  });
});

describe('best match within a group', () => {
  const me = 'me';
  const mine = vec(() => 0);
  const capture = vec(() => 0.3); // 0.53 from mine
  it('matches when the nearest face is mine and reaches the threshold', () => {
    const m = bestMatch(capture, [{ userId: me, embedding: mine }, { userId: 'other', embedding: vec(() => -0.3) }], me);
    expect(m).toEqual({ userId: me, similarity: 0.53, own: 0.53 });
    expect(isMatch(m, me, 0.5)).toBe(true);
    expect(isMatch(m, me, 0.6)).toBe(false);
  });

  it('refuses a capture nearer someone else of the group, even when it resembles mine enough', () => {
    const m = bestMatch(capture, [{ userId: me, embedding: mine }, { userId: 'other', embedding: vec(() => 0.29) }], me);
    expect(m.userId).toBe('other');
    expect(m.own).toBe(0.53);
    expect(isMatch(m, me, 0.5)).toBe(false);
  });

  it('has nothing to match without candidates', () => {
    expect(isMatch(bestMatch(capture, [], me), me, 0.3)).toBe(false);
  });
});
