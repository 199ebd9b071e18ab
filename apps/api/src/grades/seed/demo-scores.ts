import type { ScoreMark } from '@schoolflow/contracts';

/** A demo score: a score (and its item scores when the paper has items), or a mark instead. */
export interface DemoScore {
  score: number | null;
  mark: ScoreMark | null;
  items: Record<string, number | null>;
}

/** One question of a paper (小分) as the demo fills it. */
export interface DemoItem {
  id: string;
  fullMarks: number;
}

/** FNV-1a: a string's 32-bit hash, the seed of its own random stream (the same names give the same scores on every run). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A uniform number in [0, 1) named by `parts`: deterministic, independent of call order. */
function uniform(...parts: string[]): number {
  // mulberry32's output step over the hash, so neighbouring names do not give neighbouring numbers
  let t = (hash(parts.join('|')) + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** Roughly normal around 0 (the sum of three uniforms), sd ≈ 0.5 × `spread`. */
const bell = (spread: number, ...parts: string[]): number => (uniform(...parts, 'a') + uniform(...parts, 'b') + uniform(...parts, 'c') - 1.5) * spread;

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));
/** Rounded to a step (1, or 0.5 where essays are marked in halves), kept to two decimals. */
const roundTo = (x: number, step: number): number => Math.round(Math.round(x / step) * step * 100) / 100;

/** How much harder (below 0) or easier a course's paper is, as a share of its full marks. */
const DIFFICULTY: Record<string, number> = { MATH: -0.04, PHY: -0.05, CHEM: -0.02, ENG: 0.01, PE: 0.06, POL: 0.02 };
/** Papers marked in half points (essays). */
const HALF_POINTS = new Set(['CHN', 'ENG']);

/**
 * A realistic score of one student in one course of one batch: around 75 % of the full marks, a student's ability
 * carried across courses and a liking of their own per course (so rankings and class comparisons mean something),
 * about 7 % below the pass line, about one in a hundred absent, and a few exempt from PE. With items (a paper's
 * questions) the items are filled and the score is their sum, as entry sums them.
 */
export function demoScore(batch: string, studentNo: string, course: string, fullMarks: number, items: readonly DemoItem[] = []): DemoScore {
  if (uniform(batch, studentNo, course, 'absent') < 0.008) return { score: null, mark: 'absent', items: {} };
  if (course === 'PE' && uniform(batch, studentNo, 'exempt') < 0.02) return { score: null, mark: 'exempt', items: {} };
  const ability = (uniform(studentNo, 'ability') - 0.5) * 0.24;
  const liking = (uniform(studentNo, course, 'liking') - 0.5) * 0.16;
  const rate = clamp(0.75 + (DIFFICULTY[course] ?? 0) + ability + liking + bell(0.12, batch, studentNo, course), 0.12, 1);
  if (items.length === 0) return { score: clamp(roundTo(rate * fullMarks, HALF_POINTS.has(course) ? 0.5 : 1), 0, fullMarks), mark: null, items: {} };
  // Each question near the student's rate, the last one making up the paper's total where it can.
  const filled: Record<string, number> = {};
  let rest = rate * fullMarks;
  items.forEach((item, i) => {
    const last = i === items.length - 1;
    const own = last ? rest : clamp(rate + bell(0.2, batch, studentNo, course, item.id), 0, 1) * item.fullMarks;
    const value = clamp(Math.round(own), 0, item.fullMarks);
    filled[item.id] = value;
    rest -= value;
  });
  const score = Object.values(filled).reduce((a, b) => a + b, 0);
  return { score, mark: null, items: filled };
}
