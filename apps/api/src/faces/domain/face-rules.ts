/**
 * Which face of a capture counts (docs/adr/0063-face-recognition.md#capture): the largest; refused when none, when a
 * second is nearly as large (two people in the picture: whose face is it?), when it is too small to describe well,
 * and — liveness on — when the antispoof or liveness model scores it under the minimum. Pure: face-rules.spec.ts.
 */
export const MIN_FACE_PX = 40;
/** A second face at least this share of the largest's width makes the capture ambiguous. */
export const SECOND_FACE_RATIO = 0.6;

export interface SeenFace {
  size: number;
  real: number | null;
  live: number | null;
}

export type FaceVerdict<F> = { ok: true; face: F } | { ok: false; reason: 'noFace' } | { ok: false; reason: 'manyFaces'; count: number } | { ok: false; reason: 'faceTooSmall'; size: number } | { ok: false; reason: 'notLive' };

export function chooseFace<F extends SeenFace>(faces: readonly F[], liveness: { on: boolean; min: number }): FaceVerdict<F> {
  const sorted = [...faces].sort((a, b) => b.size - a.size);
  const [first, second] = sorted;
  if (!first) return { ok: false, reason: 'noFace' };
  if (second && second.size >= first.size * SECOND_FACE_RATIO) return { ok: false, reason: 'manyFaces', count: sorted.filter((f) => f.size >= first.size * SECOND_FACE_RATIO).length };
  if (first.size < MIN_FACE_PX) return { ok: false, reason: 'faceTooSmall', size: first.size };
  if (liveness.on && ((first.real ?? 0) < liveness.min || (first.live ?? 0) < liveness.min)) return { ok: false, reason: 'notLive' };
  return { ok: true, face: first };
}
