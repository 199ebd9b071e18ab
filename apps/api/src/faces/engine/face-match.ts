/**
 * How alike two faces are (docs/adr/0063-face-recognition.md#matching): the model's 1024-number embeddings compared
 * as @vladmandic/human's `match.similarity` does (MIT; src/face/match.ts: the squared Euclidean distance times 25,
 * its root, normalised from 0.2..0.8 to 0..1 and clamped, two decimals) — restated here so the request thread
 * compares without loading the model. Pure: unit-tested in face-match.spec.ts.
 */
export function similarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    sum += d * d;
  }
  const distance = Math.round(100 * 25 * sum) / 100;
  if (distance === 0) return 1;
  const norm = (1 - Math.sqrt(distance) / 100 - 0.2) / (0.8 - 0.2);
  return Math.round(100 * Math.max(Math.min(norm, 1), 0)) / 100;
}

export interface Candidate {
  userId: string;
  embedding: ArrayLike<number>;
}

export interface BestMatch {
  /** The person whose registered face is nearest, or null when there is none to compare with. */
  userId: string | null;
  similarity: number;
  /** The best similarity with the caller's own registered faces. */
  own: number;
}

/**
 * The nearest registered face to a capture among `candidates` (the check-in group's faces, or the caller's own), and
 * the best with the caller's own. A check-in matches when the nearest is the caller's and reaches the threshold:
 * a capture nearer someone else of the group is refused even when it resembles the caller (docs/adr/0063-face-recognition.md#check-in).
 */
export function bestMatch(capture: ArrayLike<number>, candidates: readonly Candidate[], me: string): BestMatch {
  let best: BestMatch = { userId: null, similarity: 0, own: 0 };
  for (const c of candidates) {
    const s = similarity(capture, c.embedding);
    if (c.userId === me && s > best.own) best = { ...best, own: s };
    if (s > best.similarity || best.userId === null) best = { ...best, userId: c.userId, similarity: s };
  }
  return best;
}

/** Matched: the nearest face is the caller's own and reaches the threshold. */
export function isMatch(m: BestMatch, me: string, threshold: number): boolean {
  return m.userId === me && m.similarity >= threshold;
}
