import { createHash } from 'node:crypto';

/** A course as the draw sees it: its seats left and its weekly slots ("weekday-period"). */
export interface LotteryCourse {
  id: string;
  seats: number;
  slots: readonly string[];
}

/** A student as the draw sees it: their ranked choices and their priority group (0 first; none: after every group). */
export interface LotteryStudent {
  id: string;
  preferences: readonly string[];
  group: number;
}

export interface LotteryInput {
  seed: string;
  courses: readonly LotteryCourse[];
  students: readonly LotteryStudent[];
  /** How many courses a student may hold. */
  maxPerStudent: number;
}

export interface Placement {
  studentId: string;
  courseId: string;
  /** The rank (1 = first choice) the seat was won at. */
  rank: number;
}

export interface LotteryResult {
  placements: Placement[];
  /** Seats left per course after the draw (for the first-come round of leftovers). */
  left: Map<string, number>;
  /** sha256 of every placement in order: the same input and seed give the same digest. */
  digest: string;
}

/** A seeded 32-bit generator (sfc32, seeded through a string hash): the same seed, the same sequence, on any machine. */
export function seededRandom(seed: string): () => number {
  const h = createHash('sha256').update(seed).digest();
  let a = h.readUInt32LE(0);
  let b = h.readUInt32LE(4);
  let c = h.readUInt32LE(8);
  let d = h.readUInt32LE(12);
  return () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/**
 * The lottery of a preference batch (docs/adr/0043-electives.md#lottery), pure: every student gets one lottery number
 * from the seed (a shuffle of the students sorted by id, so neither the order they ranked in nor the database's row
 * order matters); then rank by rank — all first choices before any second choice — the priority groups in order and,
 * inside a group, by lottery number, a student takes their choice at that rank while it has a seat, they hold fewer
 * than `maxPerStudent` and it does not clash (a shared slot) with a course they already hold. What is left goes to the
 * first-come round. The same input and seed give the same placements, in the same order.
 */
export function drawLottery(input: LotteryInput): LotteryResult {
  const random = seededRandom(input.seed);
  const left = new Map(input.courses.map((c) => [c.id, c.seats]));
  const slots = new Map(input.courses.map((c) => [c.id, new Set(c.slots)]));
  // lottery numbers: a Fisher–Yates shuffle of the students in id order
  const order = [...input.students].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as LotteryStudent, order[i] as LotteryStudent];
  }
  const number = new Map(order.map((s, i) => [s.id, i]));
  const drawn = [...order].sort((x, y) => x.group - y.group || (number.get(x.id) ?? 0) - (number.get(y.id) ?? 0));
  const held = new Map<string, string[]>();
  const placements: Placement[] = [];
  const ranks = Math.max(0, ...input.students.map((s) => s.preferences.length));
  for (let rank = 0; rank < ranks; rank++) {
    for (const s of drawn) {
      const courseId = s.preferences[rank];
      if (courseId === undefined) continue;
      const mine = held.get(s.id) ?? [];
      if (mine.length >= input.maxPerStudent || mine.includes(courseId)) continue;
      const seats = left.get(courseId) ?? 0;
      if (seats <= 0) continue;
      const wanted = slots.get(courseId) ?? new Set<string>();
      if (mine.some((m) => [...(slots.get(m) ?? [])].some((slot) => wanted.has(slot)))) continue;
      left.set(courseId, seats - 1);
      held.set(s.id, [...mine, courseId]);
      placements.push({ studentId: s.id, courseId, rank: rank + 1 });
    }
  }
  const digest = createHash('sha256');
  for (const p of placements) digest.update(`${p.studentId}:${p.courseId}:${p.rank};`);
  return { placements, left, digest: digest.digest('hex') };
}
