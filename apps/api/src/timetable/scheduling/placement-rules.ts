import type { UnplacedReason } from '@schoolflow/contracts';
import type { Placement, ScheduleProblem } from './schedule-problem.js';

/**
 * Where a demand's lessons may go and why one could not, shared by the scheduler, the greedy baseline and the
 * precheck (the verifier, `hardViolations`, restates the room rule on its own so that it checks rather than repeats).
 */

/** Rooms that are some section's own room: a lesson needing no room type never borrows another class's classroom. */
export function homeRoomsOf(problem: ScheduleProblem): Set<number> {
  const homes = new Set<number>();
  for (const s of problem.sections) if (s.homeRoom !== null) homes.add(s.homeRoom);
  return homes;
}

/**
 * The rooms a demand's lessons may use, in index order: with a room type, every room of that type seating the section;
 * without, the section's home room, or (a section without one, such as a teaching class) any ordinary room that is
 * nobody's home room and seats it. A home room is the class's own: its seats are not checked.
 */
export function roomsFor(problem: ScheduleProblem, demandIndex: number, homes: ReadonlySet<number> = homeRoomsOf(problem)): number[] {
  const demand = problem.demands[demandIndex];
  const section = demand ? problem.sections[demand.section] : undefined;
  if (!demand || !section) return [];
  if (demand.roomType === null && section.homeRoom !== null) return problem.rooms[section.homeRoom] ? [section.homeRoom] : [];
  const out: number[] = [];
  problem.rooms.forEach((room, r) => {
    const typeFits = demand.roomType === null ? room.type === ORDINARY && !homes.has(r) : room.type === demand.roomType;
    if (typeFits && room.seats >= section.size) out.push(r);
  });
  return out;
}

/** The room type of a lesson needing none, when its section has no home room of its own. */
export const ORDINARY = 'ordinary';

/**
 * Why a demand's remaining lessons found no place among `placements` (the most telling reason first): the teacher had
 * no free period they are available in; else the section (or a section sharing its students) had none free; else the
 * two were never free at the same time; else they were, but no room fitted at any such time (the scheduler and the
 * baseline place a lesson wherever section, teacher and a room are free, so a common free time means no room).
 */
export function unplacedReason(problem: ScheduleProblem, demandIndex: number, placements: readonly Placement[]): UnplacedReason {
  const demand = problem.demands[demandIndex];
  const slots = problem.days * problem.periods.length;
  if (!demand) return 'noRoom';
  const neighbours = new Set<number>([demand.section]);
  for (const [a, b] of problem.sharing) {
    if (a === demand.section) neighbours.add(b);
    if (b === demand.section) neighbours.add(a);
  }
  const teacherBusy = new Set<number>(problem.teachers[demand.teacher]?.unavailable ?? []);
  const sectionBusy = new Set<number>();
  for (const p of placements) {
    const other = problem.demands[p.demand];
    if (!other) continue;
    if (other.teacher === demand.teacher) teacherBusy.add(p.slot);
    if (neighbours.has(other.section)) sectionBusy.add(p.slot);
  }
  let teacherFree = false;
  let sectionFree = false;
  let common = false;
  for (let slot = 0; slot < slots; slot++) {
    const t = !teacherBusy.has(slot);
    const s = !sectionBusy.has(slot);
    teacherFree ||= t;
    sectionFree ||= s;
    common ||= t && s;
  }
  if (!teacherFree) return 'teacherFull';
  if (!sectionFree) return 'sectionFull';
  return common ? 'noRoom' : 'noCommonTime';
}
