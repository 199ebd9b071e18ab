import { describe, expect, it } from '@jest/globals';
import { chooseFace, MIN_FACE_PX } from './face-rules.js';

const face = (size: number, real: number | null = null, live: number | null = null) => ({ size, real, live });
const off = { on: false, min: 0.5 };

describe('which face of a capture counts', () => {
  it('no face, or a second nearly as large, is refused', () => {
    expect(chooseFace([], off)).toEqual({ ok: false, reason: 'noFace' });
    expect(chooseFace([face(100), face(70)], off)).toEqual({ ok: false, reason: 'manyFaces', count: 2 });
  });

  it('takes the largest when the others are far smaller (people in the background)', () => {
    const verdict = chooseFace([face(50), face(120), face(40)], off);
    expect(verdict).toEqual({ ok: true, face: face(120) });
  });

  it('refuses a face too small to describe', () => {
    expect(chooseFace([face(MIN_FACE_PX - 1)], off)).toEqual({ ok: false, reason: 'faceTooSmall', size: MIN_FACE_PX - 1 });
    expect(chooseFace([face(MIN_FACE_PX)], off).ok).toBe(true);
  });

  it('with liveness on, both scores must reach the minimum', () => {
    const on = { on: true, min: 0.5 };
    expect(chooseFace([face(80, 0.9, 0.4)], on)).toEqual({ ok: false, reason: 'notLive' });
    expect(chooseFace([face(80, 0.4, 0.9)], on)).toEqual({ ok: false, reason: 'notLive' });
    expect(chooseFace([face(80, null, null)], on)).toEqual({ ok: false, reason: 'notLive' });
    expect(chooseFace([face(80, 0.5, 0.5)], on).ok).toBe(true);
    expect(chooseFace([face(80, 0.1, 0.1)], off).ok).toBe(true);
  });
});
