import { homeRoomsOf, roomsFor, unplacedReason } from './placement-rules.js';
import type { Placement, ScheduleOptions, ScheduleProblem, ScheduleProgress, ScheduleResult, Unplaced } from './schedule-problem.js';
import {
  AFTERNOON_MAIN_POINTS,
  CROWDED_MAX_A_DAY,
  CROWDED_POINTS,
  idealPerDay,
  LONG_RUN_MAX,
  LONG_RUN_POINTS,
  softScore,
  SPREAD_POINTS,
} from './soft-score.js';

/**
 * The automatic timetable scheduler (issue 9; docs/adr/0026). Pure and synchronous: the server runs it in a worker
 * thread (run-in-worker.ts), the tests and the benchmark may call it directly.
 *
 * 1. Construction — lessons most constrained first (tightest teacher, room type and section, fewest slots), each in
 *    the free slot with the cheapest soft-score change plus a little seeded noise. A lesson with no free slot ejects
 *    the fewest, least recently placed lessons standing in its way (iterative forward search: the ejected go back in
 *    the queue; a lesson placed in the last TABU_TENURE steps is dear to eject, which breaks cycles). Bounded in steps
 *    and stopped when the unplaced count stops falling; the best state seen is kept.
 * 2. Improvement — simulated annealing on the soft score with Kempe-chain moves between two slots: a lesson moves
 *    from slot a to b, whatever clashes with it at b (same or sharing section, same teacher) moves to a, and so on
 *    until nothing clashes; rooms are chosen afresh. A chain of one is a plain move, of two in one section a swap.
 *    Every move keeps every hard rule, and its score change is computed incrementally (day counts per demand, a
 *    bitmask per teacher and day with a table of run costs). Cooling cycles restart from the best timetable, each
 *    cooler; stops at `timeLimitMs`, at `maxIterations`, or when STALL_CYCLES cycles in a row find nothing better.
 *
 * The same problem and seed give the same timetable, unless the time limit cuts the improvement short (the stall
 * rule and `maxIterations` count iterations, never milliseconds). `Search` is exported for the tests of its
 * incremental score; callers use `schedule`.
 */

/** Improvement may run this long once construction is done, unless told otherwise. */
export const DEFAULT_TIME_LIMIT_MS = 10_000;
export const DEFAULT_PROGRESS_EVERY_MS = 200;
export const DEFAULT_SEED = 1;

/** Construction: noise added to a slot's cost (points), so that seeds differ where costs tie, never enough to pay a real point. */
const CONSTRUCT_NOISE = 0.3;
/** A lesson placed within this many construction steps is protected: ejecting it costs TABU_COST more. */
const TABU_TENURE = 16;
const TABU_COST = 8;
/** Ejection noise (in conflicts), to break ties between equally blocked slots. */
const EJECT_NOISE = 0.5;
/** Construction gives up after this many steps per lesson, or after STALL_STEPS_PER_LESSON without a new fewest-unplaced. */
const MAX_STEPS_PER_LESSON = 200;
const STALL_STEPS_PER_LESSON = 20;
const MIN_STALL_STEPS = 5_000;
/** Ejections a lesson may make before it is set aside for a later round, and the rounds it gets then. */
const MAX_EJECTING = 30;
const SET_ASIDE_ROUNDS = 2;

/** Annealing: temperatures (points) at the start and end of a cooling cycle, and its length per lesson placed. */
const START_TEMPERATURE = 1.5;
const END_TEMPERATURE = 0.03;
const CYCLE_ITERATIONS_PER_LESSON = 300;
const MIN_CYCLE_ITERATIONS = 20_000;
/** A move costing more points than this is never kept (at the start temperature its chance is e^-43). */
const MAX_UPHILL = 64;
/** Each later cycle starts cooler (it refines the best timetable rather than wandering off it). */
const REHEAT_FACTOR = 0.6;
/** Cycles in a row that find nothing better before improvement stops. */
const STALL_CYCLES = 2;
/** A Kempe chain longer than this is not tried (it would rarely be accepted, and costs the most). */
const MAX_CHAIN = 24;
/** The clock is read every this many iterations. */
const CLOCK_EVERY = 1024;
/** Periods a day the teacher-day bitmasks and the run-cost table hold (the contract's MAX_PERIODS_A_DAY). */
const MAX_PERIODS = 16;

// Math's functions are read once: a global lookup per call is what the hot loops would otherwise pay for (under
// jest's vm context, hundreds of times more than the call itself).
const { exp, floor, imul, max, pow } = Math;
const INFINITY = Number.POSITIVE_INFINITY;
/** How far `count` is beyond `limit` (0 when not). */
const beyond = (count: number, limit: number): number => (count > limit ? count - limit : 0);

/** A small, fast seeded PRNG (mulberry32): floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function schedule(problem: ScheduleProblem, options: ScheduleOptions = {}): ScheduleResult {
  const started = performance.now();
  const search = new Search(problem, options, started);
  search.construct();
  const constructMs = performance.now() - started;
  search.improve();
  return search.result(constructMs);
}

/**
 * The search's state: typed-array occupancy (lesson index + 1, 0 = free) of section × slot, teacher × slot and
 * room × slot; each lesson's slot and room; each demand's lessons per day; each teacher's periods per day as a
 * bitmask. The soft score's four components are kept up to date by `place` and `unplace`.
 */
export class Search {
  readonly slots: number;
  readonly perDay: number;
  readonly days: number;
  readonly lessons: number;
  readonly lessonDemand: Int32Array;
  private readonly demandSection: Int32Array;
  private readonly demandTeacher: Int32Array;
  private readonly demandIdeal: Int32Array;
  private readonly demandMain: Uint8Array;
  /** Each demand's rooms, smallest first (a big room stays free for a big section). */
  private readonly demandRooms: Int32Array[];
  /** Per section, the sections sharing its students. */
  private readonly sharing: Int32Array[];
  private readonly unavailable: Uint8Array;
  private readonly slotDay: Int32Array;
  private readonly slotPeriod: Int32Array;
  /** 1 where the slot's period is not in the morning. */
  private readonly slotLate: Uint8Array;
  /** longRuns points of a teacher's day, by its bitmask of busy periods. */
  private readonly runCost: Int32Array;

  readonly slotOf: Int32Array;
  readonly roomOf: Int32Array;
  private readonly sectionAt: Int32Array;
  private readonly teacherAt: Int32Array;
  private readonly roomAt: Int32Array;
  private readonly dayCount: Int32Array;
  private readonly teacherMask: Int32Array;
  spread = 0;
  crowded = 0;
  afternoonMain = 0;
  longRuns = 0;
  placed = 0;
  iterations = 0;
  /** Lessons no slot could ever take (teacher never available, or no room at all): not searched for. */
  private readonly hopeless: Uint8Array;

  private readonly random: () => number;
  private readonly timeLimitMs: number;
  private readonly maxIterations: number;
  private readonly progressEveryMs: number;
  private lastProgress: number;

  constructor(
    readonly problem: ScheduleProblem,
    private readonly options: ScheduleOptions = {},
    private readonly started = performance.now(),
  ) {
    const { days, periods, sections, teachers, rooms, demands } = problem;
    if (periods.length > MAX_PERIODS) throw new RangeError(`at most ${MAX_PERIODS} periods a day`);
    this.perDay = periods.length;
    this.days = max(0, days);
    this.slots = this.days * this.perDay;
    const N = this.slots;
    demands.forEach((d, i) => {
      if (!sections[d.section] || !teachers[d.teacher]) throw new RangeError(`demand ${i}: unknown section or teacher`);
    });

    this.random = mulberry32(options.seed ?? DEFAULT_SEED);
    this.timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
    this.maxIterations = options.maxIterations ?? INFINITY;
    this.progressEveryMs = options.progressEveryMs ?? DEFAULT_PROGRESS_EVERY_MS;
    this.lastProgress = started;

    const D = demands.length;
    this.demandSection = Int32Array.from(demands, (d) => d.section);
    this.demandTeacher = Int32Array.from(demands, (d) => d.teacher);
    this.demandIdeal = Int32Array.from(demands, (d) => idealPerDay(d.periods, this.days));
    this.demandMain = Uint8Array.from(demands, (d) => (d.main ? 1 : 0));
    const homes = homeRoomsOf(problem);
    this.demandRooms = demands.map((_, d) =>
      Int32Array.from(roomsFor(problem, d, homes).sort((a, b) => (rooms[a]?.seats ?? 0) - (rooms[b]?.seats ?? 0) || a - b)),
    );
    const neighbours: number[][] = sections.map(() => []);
    for (const [a, b] of problem.sharing) {
      if (a === b || !sections[a] || !sections[b]) continue;
      if (!neighbours[a]?.includes(b)) neighbours[a]?.push(b);
      if (!neighbours[b]?.includes(a)) neighbours[b]?.push(a);
    }
    this.sharing = neighbours.map((n) => Int32Array.from(n));
    this.unavailable = new Uint8Array(teachers.length * N);
    teachers.forEach((t, i) => {
      for (const s of t.unavailable) if (Number.isInteger(s) && s >= 0 && s < N) this.unavailable[i * N + s] = 1;
    });
    this.slotDay = new Int32Array(N);
    this.slotPeriod = new Int32Array(N);
    this.slotLate = new Uint8Array(N);
    for (let s = 0; s < N; s++) {
      this.slotDay[s] = floor(s / this.perDay);
      this.slotPeriod[s] = s % this.perDay;
      this.slotLate[s] = periods[s % this.perDay]?.part === 'morning' ? 0 : 1;
    }
    this.runCost = new Int32Array(1 << this.perDay);
    for (let mask = 0; mask < this.runCost.length; mask++) this.runCost[mask] = this.runCostOf(mask);

    const lessonDemand: number[] = [];
    demands.forEach((d, i) => {
      for (let k = 0; k < d.periods; k++) lessonDemand.push(i);
    });
    this.lessonDemand = Int32Array.from(lessonDemand);
    this.lessons = lessonDemand.length;
    this.slotOf = new Int32Array(this.lessons).fill(-1);
    this.roomOf = new Int32Array(this.lessons).fill(-1);
    this.sectionAt = new Int32Array(sections.length * N);
    this.teacherAt = new Int32Array(teachers.length * N);
    this.roomAt = new Int32Array(rooms.length * N);
    this.dayCount = new Int32Array(D * this.days);
    this.teacherMask = new Int32Array(teachers.length * this.days);
    this.hopeless = new Uint8Array(this.lessons);
    this.chainMark = new Int32Array(this.lessons);
  }

  /** longRuns points of one teacher's day: runs broken by an empty period or a change of the day's part. */
  private runCostOf(mask: number): number {
    const periods = this.problem.periods;
    let cost = 0;
    let run = 0;
    for (let p = 0; p < this.perDay; p++) {
      if (p > 0 && periods[p]?.part !== periods[p - 1]?.part) {
        cost += LONG_RUN_POINTS * beyond(run, LONG_RUN_MAX);
        run = 0;
      }
      if (mask & (1 << p)) run++;
      else {
        cost += LONG_RUN_POINTS * beyond(run, LONG_RUN_MAX);
        run = 0;
      }
    }
    return cost + LONG_RUN_POINTS * beyond(run, LONG_RUN_MAX);
  }

  get total(): number {
    return this.spread + this.crowded + this.afternoonMain + this.longRuns;
  }

  private dayPoints(demand: number, count: number): number {
    return SPREAD_POINTS * beyond(count, this.demandIdeal[demand]!) + CROWDED_POINTS * beyond(count, CROWDED_MAX_A_DAY);
  }

  /** Puts lesson `l` at `slot` in `room`; the caller has checked that it may go there. */
  place(l: number, slot: number, room: number): void {
    const N = this.slots;
    const d = this.lessonDemand[l]!;
    const section = this.demandSection[d]!;
    const teacher = this.demandTeacher[d]!;
    const day = this.slotDay[slot]!;
    this.sectionAt[section * N + slot] = l + 1;
    this.teacherAt[teacher * N + slot] = l + 1;
    this.roomAt[room * N + slot] = l + 1;
    this.slotOf[l] = slot;
    this.roomOf[l] = room;
    this.placed++;
    const k = d * this.days + day;
    const c = this.dayCount[k]!;
    this.dayCount[k] = c + 1;
    this.spread += SPREAD_POINTS * (beyond(c + 1, this.demandIdeal[d]!) - beyond(c, this.demandIdeal[d]!));
    this.crowded += CROWDED_POINTS * (beyond(c + 1, CROWDED_MAX_A_DAY) - beyond(c, CROWDED_MAX_A_DAY));
    if (this.demandMain[d] && this.slotLate[slot]) this.afternoonMain += AFTERNOON_MAIN_POINTS;
    const m = teacher * this.days + day;
    const before = this.teacherMask[m]!;
    const after = before | (1 << this.slotPeriod[slot]!);
    this.teacherMask[m] = after;
    this.longRuns += this.runCost[after]! - this.runCost[before]!;
  }

  /** Takes lesson `l` out of the timetable. */
  unplace(l: number): void {
    const N = this.slots;
    const slot = this.slotOf[l]!;
    if (slot < 0) return;
    const d = this.lessonDemand[l]!;
    const section = this.demandSection[d]!;
    const teacher = this.demandTeacher[d]!;
    const day = this.slotDay[slot]!;
    this.sectionAt[section * N + slot] = 0;
    this.teacherAt[teacher * N + slot] = 0;
    this.roomAt[this.roomOf[l]! * N + slot] = 0;
    this.slotOf[l] = -1;
    this.roomOf[l] = -1;
    this.placed--;
    const k = d * this.days + day;
    const c = this.dayCount[k]!;
    this.dayCount[k] = c - 1;
    this.spread += SPREAD_POINTS * (beyond(c - 1, this.demandIdeal[d]!) - beyond(c, this.demandIdeal[d]!));
    this.crowded += CROWDED_POINTS * (beyond(c - 1, CROWDED_MAX_A_DAY) - beyond(c, CROWDED_MAX_A_DAY));
    if (this.demandMain[d] && this.slotLate[slot]) this.afternoonMain -= AFTERNOON_MAIN_POINTS;
    const m = teacher * this.days + day;
    const before = this.teacherMask[m]!;
    const after = before & ~(1 << this.slotPeriod[slot]!);
    this.teacherMask[m] = after;
    this.longRuns += this.runCost[after]! - this.runCost[before]!;
  }

  /** The soft-score change of adding lesson `l` at `slot` (nothing changes). */
  addDelta(l: number, slot: number): number {
    const d = this.lessonDemand[l]!;
    const day = this.slotDay[slot]!;
    const c = this.dayCount[d * this.days + day]!;
    const m = this.teacherMask[this.demandTeacher[d]! * this.days + day]!;
    return (
      this.dayPoints(d, c + 1) -
      this.dayPoints(d, c) +
      (this.demandMain[d] && this.slotLate[slot] ? AFTERNOON_MAIN_POINTS : 0) +
      this.runCost[m | (1 << this.slotPeriod[slot]!)]! -
      this.runCost[m]!
    );
  }

  /** Whether the lesson's section, the sections sharing its students and its teacher are all free (and the teacher available) at `slot`. */
  private timeFree(l: number, slot: number): boolean {
    const N = this.slots;
    const d = this.lessonDemand[l]!;
    const section = this.demandSection[d]!;
    const teacher = this.demandTeacher[d]!;
    if (this.sectionAt[section * N + slot] !== 0 || this.teacherAt[teacher * N + slot] !== 0 || this.unavailable[teacher * N + slot]) return false;
    const shared = this.sharing[section]!;
    for (let i = 0; i < shared.length; i++) if (this.sectionAt[shared[i]! * N + slot] !== 0) return false;
    return true;
  }

  /** The first of the lesson's rooms free at `slot`, or -1. */
  private freeRoom(l: number, slot: number): number {
    const N = this.slots;
    const rooms = this.demandRooms[this.lessonDemand[l]!]!;
    for (let i = 0; i < rooms.length; i++) if (this.roomAt[rooms[i]! * N + slot] === 0) return rooms[i]!;
    return -1;
  }

  /** The current placements, by lesson. */
  placements(): Placement[] {
    const out: Placement[] = [];
    for (let l = 0; l < this.lessons; l++) if (this.slotOf[l]! >= 0) out.push({ demand: this.lessonDemand[l]!, slot: this.slotOf[l]!, room: this.roomOf[l]! });
    return out;
  }

  /** Replaces the whole timetable by the given one (a snapshot taken earlier). */
  private load(slotOf: Int32Array, roomOf: Int32Array): void {
    for (let l = 0; l < this.lessons; l++) this.unplace(l);
    for (let l = 0; l < this.lessons; l++) if (slotOf[l]! >= 0) this.place(l, slotOf[l]!, roomOf[l]!);
  }

  private progress(phase: ScheduleProgress['phase'], score: number): void {
    const onProgress = this.options.onProgress;
    if (!onProgress) return;
    const now = performance.now();
    if (now - this.lastProgress < this.progressEveryMs) return;
    this.lastProgress = now;
    onProgress({ phase, placed: this.placed, total: this.lessons, score });
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Construction

  /** How hard a demand's lessons are to place: the busiest of its teacher, its room type and its section, and how few slots it has. */
  private difficulty(): Float64Array {
    const { problem, slots: N } = this;
    const teacherLoad = new Float64Array(problem.teachers.length);
    const sectionLoad = new Float64Array(problem.sections.length);
    const roomLoad = new Map<string, number>();
    problem.demands.forEach((d) => {
      teacherLoad[d.teacher] = teacherLoad[d.teacher]! + d.periods;
      sectionLoad[d.section] = sectionLoad[d.section]! + d.periods;
      if (d.roomType !== null) roomLoad.set(d.roomType, (roomLoad.get(d.roomType) ?? 0) + d.periods);
    });
    // A section sharing students with others is as full as all of them together.
    const sectionPressure = Float64Array.from(sectionLoad, (load, s) => {
      let all = load;
      for (const n of this.sharing[s]!) all += sectionLoad[n]!;
      return all / max(1, N);
    });
    return Float64Array.from(problem.demands, (d, i) => {
      let available = 0;
      for (let s = 0; s < N; s++) if (!this.unavailable[d.teacher * N + s]) available++;
      const teacher = teacherLoad[d.teacher]! / max(1, available);
      const rooms = this.demandRooms[i]!.length;
      const room = d.roomType === null ? 0 : (roomLoad.get(d.roomType) ?? 0) / max(1, rooms * N);
      return max(teacher, room, sectionPressure[d.section]!) + teacher + room + 1 / max(1, available);
    });
  }

  construct(): void {
    const L = this.lessons;
    const N = this.slots;
    if (L === 0) return;
    const hardness = this.difficulty();
    // Lessons of one demand stay together (so each sees its siblings' days), hardest demand first.
    const order = Array.from({ length: L }, (_, l) => l).sort((a, b) => hardness[this.lessonDemand[b]!]! - hardness[this.lessonDemand[a]!]! || a - b);
    for (let l = 0; l < L; l++) {
      const d = this.lessonDemand[l]!;
      const teacher = this.demandTeacher[d]!;
      let anySlot = false;
      for (let s = 0; s < N && !anySlot; s++) anySlot = !this.unavailable[teacher * N + s];
      if (!anySlot || this.demandRooms[d]!.length === 0) this.hopeless[l] = 1;
    }

    // The queue: a stack, ejected lessons on top (they are placed again next, while their old neighbourhood is fresh).
    // A lesson that has had to eject others MAX_EJECTING times is set aside until the queue is empty, so that one that
    // cannot fit (a teacher with more lessons than periods) does not churn the timetable before the rest is placed;
    // it then gets SET_ASIDE_ROUNDS more rounds.
    let stack: number[] = order.filter((l) => !this.hopeless[l]).reverse();
    let setAside: number[] = [];
    let rounds = 0;
    const ejecting = new Int32Array(L);
    const placedStep = new Int32Array(L).fill(-TABU_TENURE - 1);
    const maxSteps = MAX_STEPS_PER_LESSON * L;
    const stallSteps = max(MIN_STALL_STEPS, STALL_STEPS_PER_LESSON * L);
    let fewest = stack.length;
    let fewestAt = 0;
    let snapshot: { slotOf: Int32Array; roomOf: Int32Array; unplaced: number } | null = null;
    const conflicts: number[] = [];
    let step = 0;

    for (; step < maxSteps && step - fewestAt < stallSteps; step++) {
      if (stack.length === 0) {
        if (setAside.length === 0 || rounds === SET_ASIDE_ROUNDS) break;
        rounds++;
        stack = setAside.reverse();
        setAside = [];
        ejecting.fill(0);
      }
      if ((step & (CLOCK_EVERY - 1)) === 0) this.progress('construct', this.total);
      const l = stack.pop()!;
      const best = this.cheapestSlot(l, CONSTRUCT_NOISE);
      if (best >= 0) {
        this.place(l, best, this.pickedRoom);
        placedStep[l] = step;
      } else if (++ejecting[l]! > MAX_EJECTING) {
        setAside.push(l);
      } else {
        // No free slot: eject what stands in the way at the least blocked slot. Keep the best state before making it worse.
        const out = stack.length + setAside.length + 1;
        if (!snapshot || out < snapshot.unplaced) snapshot = { slotOf: this.slotOf.slice(), roomOf: this.roomOf.slice(), unplaced: out };
        const pick = this.leastBlocked(l, step, placedStep, conflicts);
        if (pick.slot < 0) {
          this.hopeless[l] = 1; // cannot happen for a lesson with an available slot and a room; kept as a guard
          continue;
        }
        for (const c of conflicts) {
          this.unplace(c);
          stack.push(c);
        }
        this.place(l, pick.slot, pick.room);
        placedStep[l] = step;
      }
      if (stack.length + setAside.length < fewest) {
        fewest = stack.length + setAside.length;
        fewestAt = step;
      }
    }
    this.iterations += step;
    if (snapshot && stack.length + setAside.length > snapshot.unplaced) this.load(snapshot.slotOf, snapshot.roomOf);

    // Whatever is still out gets one last plain try (a lesson popped when the bound struck never had one).
    for (let l = 0; l < L; l++) {
      if (this.slotOf[l]! >= 0 || this.hopeless[l]) continue;
      const best = this.cheapestSlot(l, 0);
      if (best >= 0) this.place(l, best, this.pickedRoom);
    }
  }

  /** The room `cheapestSlot` found with its slot. */
  private pickedRoom = -1;

  /** The free slot (with a free room, left in `pickedRoom`) where adding lesson `l` costs least, up to `noise` points added at random; -1 if none. */
  private cheapestSlot(l: number, noise: number): number {
    let best = -1;
    let bestCost = INFINITY;
    for (let s = 0; s < this.slots; s++) {
      if (!this.timeFree(l, s)) continue;
      const r = this.freeRoom(l, s);
      if (r < 0) continue;
      const cost = this.addDelta(l, s) + (noise > 0 ? noise * this.random() : 0);
      if (cost < bestCost) {
        bestCost = cost;
        best = s;
        this.pickedRoom = r;
      }
    }
    return best;
  }

  /**
   * The slot (and room) where lesson `l` is blocked by the fewest lessons, counting a recently placed one as dearer,
   * and those lessons in `out`. Only slots its teacher is available in; a full room costs its cheapest occupant.
   */
  private leastBlocked(l: number, step: number, placedStep: Int32Array, out: number[]): { slot: number; room: number } {
    const N = this.slots;
    const d = this.lessonDemand[l]!;
    const section = this.demandSection[d]!;
    const teacher = this.demandTeacher[d]!;
    const shared = this.sharing[section]!;
    const rooms = this.demandRooms[d]!;
    const weight = (c: number): number => 1 + (step - placedStep[c]! <= TABU_TENURE ? TABU_COST : 0);
    let bestSlot = -1;
    let bestRoom = -1;
    let bestCost = INFINITY;
    const here: number[] = [];
    for (let s = 0; s < N; s++) {
      if (this.unavailable[teacher * N + s]) continue;
      here.length = 0;
      const add = (occupant: number): void => {
        if (occupant !== 0 && !here.includes(occupant - 1)) here.push(occupant - 1);
      };
      add(this.sectionAt[section * N + s]!);
      for (let i = 0; i < shared.length; i++) add(this.sectionAt[shared[i]! * N + s]!);
      add(this.teacherAt[teacher * N + s]!);
      let cost = 0;
      for (const c of here) cost += weight(c);
      // the room: free, or held by a lesson already going, or the cheapest occupant
      let room = -1;
      let roomCost = INFINITY;
      for (let i = 0; i < rooms.length; i++) {
        const r = rooms[i]!;
        const occupant = this.roomAt[r * N + s]!;
        const extra = occupant === 0 || here.includes(occupant - 1) ? 0 : weight(occupant - 1);
        if (extra < roomCost) {
          roomCost = extra;
          room = r;
          if (extra === 0) break;
        }
      }
      if (room < 0) continue;
      cost += roomCost + EJECT_NOISE * this.random();
      if (cost < bestCost) {
        bestCost = cost;
        bestSlot = s;
        bestRoom = room;
        out.length = 0;
        out.push(...here);
        const occupant = this.roomAt[room * N + s]!;
        if (occupant !== 0 && !here.includes(occupant - 1)) out.push(occupant - 1);
      }
    }
    return { slot: bestSlot, room: bestRoom };
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Improvement

  /** Marks chain members with the current chain's stamp. */
  private readonly chainMark: Int32Array;
  private chainStamp = 0;
  /** The chain: lessons going from a to b (`toB`, `nB` of them) and from b to a, with the rooms they had. */
  private readonly toB = new Int32Array(MAX_CHAIN + 2);
  private readonly toA = new Int32Array(MAX_CHAIN + 2);
  private readonly roomB = new Int32Array(MAX_CHAIN + 2);
  private readonly roomA = new Int32Array(MAX_CHAIN + 2);
  private nB = 0;
  private nA = 0;
  /** Whether the last `tryMove` was kept. */
  accepted = false;

  /** Adds the lesson at `occupant` (index + 1; 0: none) to the chain's side `toB` or `toA`; false past MAX_CHAIN. */
  private pull(occupant: number, intoB: boolean): boolean {
    if (occupant === 0) return true;
    const c = occupant - 1;
    if (this.chainMark[c] === this.chainStamp) return true;
    this.chainMark[c] = this.chainStamp;
    if (this.nA + this.nB >= MAX_CHAIN) return false;
    if (intoB) this.toB[this.nB++] = c;
    else this.toA[this.nA++] = c;
    return true;
  }

  /**
   * Builds the Kempe chain of moving lesson `l` from its slot a to slot b: `toB` (from a to b) and `toA` (from b to
   * a), closed under clashes of section, sharing and teacher: each member pulls in what clashes with it where it
   * goes. False when it would grow past MAX_CHAIN or a teacher in it is unavailable where it would go.
   */
  private buildChain(l: number, a: number, b: number): boolean {
    const N = this.slots;
    this.chainStamp++;
    this.nB = 0;
    this.nA = 0;
    this.chainMark[l] = this.chainStamp;
    this.toB[this.nB++] = l;
    let iB = 0;
    let iA = 0;
    while (iB < this.nB || iA < this.nA) {
      for (; iB < this.nB; iB++) {
        const d = this.lessonDemand[this.toB[iB]!]!;
        const section = this.demandSection[d]!;
        const teacher = this.demandTeacher[d]!;
        if (this.unavailable[teacher * N + b]) return false;
        if (!this.pull(this.sectionAt[section * N + b]!, false) || !this.pull(this.teacherAt[teacher * N + b]!, false)) return false;
        const shared = this.sharing[section]!;
        for (let i = 0; i < shared.length; i++) if (!this.pull(this.sectionAt[shared[i]! * N + b]!, false)) return false;
      }
      for (; iA < this.nA; iA++) {
        const d = this.lessonDemand[this.toA[iA]!]!;
        const section = this.demandSection[d]!;
        const teacher = this.demandTeacher[d]!;
        if (this.unavailable[teacher * N + a]) return false;
        if (!this.pull(this.sectionAt[section * N + a]!, true) || !this.pull(this.teacherAt[teacher * N + a]!, true)) return false;
        const shared = this.sharing[section]!;
        for (let i = 0; i < shared.length; i++) if (!this.pull(this.sectionAt[shared[i]! * N + a]!, true)) return false;
      }
    }
    return true;
  }

  /** A room for lesson `m` at `slot`: the one it had (one of its rooms) when free there, else the first of its rooms free; -1 if none. */
  private roomAtMove(m: number, slot: number, had: number): number {
    return this.roomAt[had * this.slots + slot] === 0 ? had : this.freeRoom(m, slot);
  }

  /**
   * Moves the chain built for slots a ⇄ b, choosing rooms afresh (a lesson keeps its room when it is free there).
   * False, with nothing changed, when some lesson finds no room.
   */
  private applyChain(a: number, b: number): boolean {
    const { toB, toA, roomB, roomA, nB, nA } = this;
    for (let i = 0; i < nB; i++) {
      roomB[i] = this.roomOf[toB[i]!]!;
      this.unplace(toB[i]!);
    }
    for (let i = 0; i < nA; i++) {
      roomA[i] = this.roomOf[toA[i]!]!;
      this.unplace(toA[i]!);
    }
    let placedB = 0;
    let placedA = 0;
    for (; placedB < nB; placedB++) {
      const room = this.roomAtMove(toB[placedB]!, b, roomB[placedB]!);
      if (room < 0) break;
      this.place(toB[placedB]!, b, room);
    }
    if (placedB === nB) {
      for (; placedA < nA; placedA++) {
        const room = this.roomAtMove(toA[placedA]!, a, roomA[placedA]!);
        if (room < 0) break;
        this.place(toA[placedA]!, a, room);
      }
      if (placedA === nA) return true;
    }
    for (let i = 0; i < placedB; i++) this.unplace(toB[i]!);
    for (let i = 0; i < placedA; i++) this.unplace(toA[i]!);
    this.restoreChain(a, b);
    return false;
  }

  /** Puts the chain's lessons back where they were (they are all out of the timetable). */
  private restoreChain(a: number, b: number): void {
    for (let i = 0; i < this.nB; i++) this.place(this.toB[i]!, a, this.roomB[i]!);
    for (let i = 0; i < this.nA; i++) this.place(this.toA[i]!, b, this.roomA[i]!);
  }

  /**
   * One Kempe-chain move of lesson `l` to slot `b`, kept when `accept(delta)` says so (`accepted` tells); the score
   * change, or null when no such move keeps the hard rules (nothing changed then). Public for the tests of the
   * incremental score.
   */
  tryMove(l: number, b: number, accept: (delta: number) => boolean): number | null {
    const a = this.slotOf[l]!;
    this.accepted = false;
    if (a < 0 || a === b || b < 0 || b >= this.slots) return null;
    if (!this.buildChain(l, a, b)) return null;
    const before = this.total;
    if (!this.applyChain(a, b)) return null;
    const delta = this.total - before;
    this.accepted = accept(delta);
    if (this.accepted) return delta;
    for (let i = 0; i < this.nB; i++) this.unplace(this.toB[i]!);
    for (let i = 0; i < this.nA; i++) this.unplace(this.toA[i]!);
    this.restoreChain(a, b);
    return delta;
  }

  improve(): void {
    const L = this.lessons;
    const N = this.slots;
    if (this.placed === 0 || N < 2) return;
    const inTimetable: number[] = [];
    for (let l = 0; l < L; l++) if (this.slotOf[l]! >= 0) inTimetable.push(l);
    const cycle = max(MIN_CYCLE_ITERATIONS, CYCLE_ITERATIONS_PER_LESSON * inTimetable.length);
    // The limit is the improvement's own (the API's `seconds`): construction, a few tens of ms, is not counted in it.
    const deadline = performance.now() + this.timeLimitMs;

    let best = this.total;
    const bestSlot = this.slotOf.slice();
    const bestRoom = this.roomOf.slice();
    let atBest = true;
    let iterations = 0;
    let startTemperature = START_TEMPERATURE;
    let stalled = 0;
    // Every weight is a whole number of points, so a move's change is too: the chance of keeping a move that costs
    // k points is looked up, the table redone as the temperature falls (once a clock block).
    const keepUphill = new Float64Array(MAX_UPHILL + 1);
    const accept = (delta: number): boolean => delta <= 0 || (delta <= MAX_UPHILL && this.random() < keepUphill[delta]!);

    outer: while (best > 0 && stalled < STALL_CYCLES) {
      const bestBefore = best;
      for (let i = 0; i < cycle; i++, iterations++) {
        if ((iterations & (CLOCK_EVERY - 1)) === 0) {
          if (performance.now() >= deadline || iterations >= this.maxIterations) break outer;
          this.progress('improve', best);
          const temperature = startTemperature * pow(END_TEMPERATURE / startTemperature, i / cycle);
          for (let k = 1; k <= MAX_UPHILL; k++) keepUphill[k] = exp(-k / temperature);
        }
        const l = inTimetable[floor(this.random() * inTimetable.length)]!;
        const from = this.slotOf[l]!;
        let to = floor(this.random() * (N - 1));
        if (to >= from) to++;
        const delta = this.tryMove(l, to, accept);
        if (delta === null || !this.accepted) continue;
        if (atBest && delta > 0) {
          // Leaving the best state: keep it, as it was before this move.
          bestSlot.set(this.slotOf);
          bestRoom.set(this.roomOf);
          for (let k = 0; k < this.nB; k++) {
            bestSlot[this.toB[k]!] = from;
            bestRoom[this.toB[k]!] = this.roomB[k]!;
          }
          for (let k = 0; k < this.nA; k++) {
            bestSlot[this.toA[k]!] = to;
            bestRoom[this.toA[k]!] = this.roomA[k]!;
          }
          atBest = false;
        } else if (this.total <= best) {
          best = this.total;
          atBest = true;
        }
      }
      if (best < bestBefore) stalled = 0;
      else stalled++;
      startTemperature *= REHEAT_FACTOR;
    }
    this.iterations += iterations;
    if (!atBest) this.load(bestSlot, bestRoom);
  }

  result(constructMs: number): ScheduleResult {
    const placements = this.placements();
    const unplaced: Unplaced[] = [];
    const missing = new Map<number, number>();
    for (let l = 0; l < this.lessons; l++) if (this.slotOf[l]! < 0) missing.set(this.lessonDemand[l]!, (missing.get(this.lessonDemand[l]!) ?? 0) + 1);
    for (const [demand, count] of [...missing].sort((x, y) => x[0] - y[0])) unplaced.push({ demand, count, reason: unplacedReason(this.problem, demand, placements) });
    return { placements, unplaced, score: softScore(this.problem, placements), iterations: this.iterations, ms: performance.now() - this.started, constructMs };
  }
}
