import type { CheckProblemKind, DayPart, SoftScore, UnplacedReason } from '@schoolflow/contracts';

/**
 * What the automatic scheduler is given (issue 9; docs/adr/0026): pure data, indices instead of ids so the search runs
 * on arrays. The server reads it from the database (a semester's weekly periods, assignments, teaching classes,
 * unavailable periods, rooms); the benchmark and the tests generate it.
 *
 * A *slot* is one period of one day: `slot = day * periods.length + periodIndex` (day 0 = Monday).
 */
export interface ScheduleProblem {
  /** School days a week (Monday first). */
  days: number;
  /** The day's periods in order: the number the timetable names each by, and the part of the day it is in. */
  periods: readonly { no: number; part: DayPart }[];
  /** Who is taught together: an administrative class or a teaching class. */
  sections: readonly ScheduleSection[];
  /** Pairs of sections sharing students: never taught at the same time (administrative classes never share). */
  sharing: readonly (readonly [number, number])[];
  teachers: readonly ScheduleTeacher[];
  /** Rooms usable for lessons (enabled, for classes). */
  rooms: readonly ScheduleRoom[];
  /** What to place: a course taught to a section by a teacher, `periods` times a week. */
  demands: readonly ScheduleDemand[];
}

export interface ScheduleSection {
  id: string;
  label: string;
  /** Students taught together: a room must seat them. */
  size: number;
  /** The section's own room (an administrative class's classroom): its lessons needing no room type are there. */
  homeRoom: number | null;
}

export interface ScheduleTeacher {
  id: string;
  label: string;
  /** Slots the teacher cannot teach in (their unavailable periods). */
  unavailable: readonly number[];
}

export interface ScheduleRoom {
  id: string;
  label: string;
  /** The classroom's type (`CLASSROOM_TYPES`: ordinary, laboratory, gym, …). */
  type: string;
  seats: number;
}

export interface ScheduleDemand {
  id: string;
  section: number;
  /** The course's id and its name for people. */
  course: string;
  courseLabel: string;
  teacher: number;
  /** Lessons a week: exactly this many are placed (a hard rule). */
  periods: number;
  /**
   * A room of this type seating the section, shared with other classes; null: the section's home room (or, without
   * one, any ordinary room seating it that is nobody's home room).
   */
  roomType: string | null;
  /** A main subject: its lessons belong in the morning (a soft rule). */
  main: boolean;
}

/** One lesson placed: which demand, when, where. */
export interface Placement {
  demand: number;
  slot: number;
  room: number;
}

/** Lessons of a demand left out, and why (the most telling reason met while trying). */
export interface Unplaced {
  demand: number;
  count: number;
  reason: UnplacedReason;
}

/** A hard rule broken by a set of placements (the verifier's findings; a result of the scheduler must have none). */
export interface HardViolation {
  kind: 'sectionClash' | 'teacherClash' | 'roomClash' | 'unavailable' | 'roomType' | 'roomSize' | 'count' | 'slot';
  demand: number;
  slot: number;
}

export interface ScheduleResult {
  placements: Placement[];
  unplaced: Unplaced[];
  score: SoftScore;
  /** Search steps taken (construction and improvement). */
  iterations: number;
  ms: number;
  /** When construction ended (every lesson placed, or as many as it could), ms from the start; the rest was improvement. */
  constructMs?: number;
}

/** How the search reports itself while it runs (the job pushes it to the browser). */
export interface ScheduleProgress {
  phase: 'construct' | 'improve';
  placed: number;
  total: number;
  score: number;
}

export interface ScheduleOptions {
  /** The same seed and problem give the same timetable (a resumed job makes the same one again). */
  seed?: number;
  /** How long improvement may run once every lesson is placed; it stops sooner when nothing improves for a while. */
  timeLimitMs?: number;
  /**
   * Improvement iterations at most: a budget counted in steps, not milliseconds, so a run it ends is the same every
   * time (the tests use it; the time limit still applies).
   */
  maxIterations?: number;
  onProgress?: (p: ScheduleProgress) => void;
  /** How often progress is reported, at most (ms). */
  progressEveryMs?: number;
}

/** What makes a problem impossible before any search (the problems the API reports). */
export interface PrecheckProblem {
  kind: CheckProblemKind;
  /** Index of the section or teacher, or the room type. */
  section?: number;
  teacher?: number;
  roomType?: string;
  demand?: number;
  need: number;
  have: number;
}
