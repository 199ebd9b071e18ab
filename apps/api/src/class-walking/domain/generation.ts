/**
 * Generating teaching classes from a window's choices (pure; docs/adr/0044-class-walking-and-registrations.md#generation):
 * each course's students split into as few classes as the capacity allows, of sizes differing by at most one, students
 * kept with their administrative class where they can (sorted by class, then number) — so a teaching class draws on
 * as few classes' timetables as possible and finds free periods more easily. Then each class's lessons are placed
 * greedily in periods where none of its students, its teacher nor a room is busy, one a day where it can.
 */

export interface ChoosingStudent {
  studentId: string;
  classId: string;
  studentNo: string;
  courseIds: readonly string[];
}

export interface PlannedClass {
  courseId: string;
  /** 1, 2, … within its course. */
  no: number;
  studentIds: string[];
}

/** Sizes of `k` classes for `n` students, differing by at most one (largest first). */
export function balancedSizes(n: number, capacity: number): number[] {
  if (n <= 0) return [];
  const k = Math.ceil(n / capacity);
  const base = Math.floor(n / k);
  return Array.from({ length: k }, (_, i) => base + (i < n % k ? 1 : 0));
}

/** The teaching classes of each course, in the courses' given order; none for a course nobody chose. */
export function planClasses(courseIds: readonly string[], students: readonly ChoosingStudent[], capacity: number): PlannedClass[] {
  const out: PlannedClass[] = [];
  for (const courseId of courseIds) {
    const chose = students.filter((s) => s.courseIds.includes(courseId)).sort((a, b) => (a.classId === b.classId ? a.studentNo.localeCompare(b.studentNo) : a.classId.localeCompare(b.classId)));
    let from = 0;
    balancedSizes(chose.length, capacity).forEach((size, i) => {
      out.push({ courseId, no: i + 1, studentIds: chose.slice(from, from + size).map((s) => s.studentId) });
      from += size;
    });
  }
  return out;
}

export interface Slot {
  weekday: number;
  period: number;
}

/** What is busy in the timetable, by slot key `weekday:period`. */
export interface BusyWorld {
  /** Sections (administrative or teaching classes) with a lesson then. */
  sections: Map<string, Set<string>>;
  teachers: Map<string, Set<string>>;
  rooms: Map<string, Set<string>>;
}

export interface ToPlace {
  key: string;
  teacherId: string;
  size: number;
  lessons: number;
  /** Every section whose lessons its students attend: their administrative classes and their other teaching classes. */
  sections: readonly string[];
  /** Rooms to try first (its students' class's room), then any other. */
  preferredRooms: readonly string[];
}

export interface Room {
  id: string;
  seats: number;
}

export interface Placement {
  key: string;
  slot: Slot;
  roomId: string;
}

export const slotKey = (s: Slot): string => `${s.weekday}:${s.period}`;

const busy = (m: Map<string, Set<string>>, slot: string, id: string): boolean => m.get(slot)?.has(id) ?? false;
const mark = (m: Map<string, Set<string>>, slot: string, id: string): void => {
  let set = m.get(slot);
  if (!set) m.set(slot, (set = new Set()));
  set.add(id);
};

/**
 * Places each class's lessons (greedy, in order): a slot where none of its sections has a lesson, its teacher neither
 * teaches nor is unavailable, and a room with enough seats is free; a day it has no lesson yet first. Marks what it
 * places, so later classes see it (a student's two teaching classes never meet at once). Answers the placements and
 * how many lessons found no slot.
 */
export function placeLessons(classes: readonly ToPlace[], slots: readonly Slot[], world: BusyWorld, rooms: readonly Room[], unavailable: ReadonlySet<string>): { placed: Placement[]; unplaced: number } {
  const placed: Placement[] = [];
  let unplaced = 0;
  for (const c of classes) {
    const days = new Set<number>();
    for (let n = 0; n < c.lessons; n++) {
      const candidates = [...slots].sort((a, b) => Number(days.has(a.weekday)) - Number(days.has(b.weekday)));
      let done = false;
      for (const slot of candidates) {
        const k = slotKey(slot);
        if (c.sections.some((s) => busy(world.sections, k, s)) || busy(world.sections, k, c.key)) continue;
        if (busy(world.teachers, k, c.teacherId) || unavailable.has(`${c.teacherId}@${k}`)) continue;
        const ordered = [...rooms.filter((r) => c.preferredRooms.includes(r.id)), ...rooms.filter((r) => !c.preferredRooms.includes(r.id))];
        const room = ordered.find((r) => r.seats >= c.size && !busy(world.rooms, k, r.id));
        if (!room) continue;
        mark(world.sections, k, c.key);
        mark(world.teachers, k, c.teacherId);
        mark(world.rooms, k, room.id);
        days.add(slot.weekday);
        placed.push({ key: c.key, slot, roomId: room.id });
        done = true;
        break;
      }
      if (!done) unplaced++;
    }
  }
  return { placed, unplaced };
}
