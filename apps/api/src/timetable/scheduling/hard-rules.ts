import type { HardViolation, Placement, ScheduleProblem, Unplaced } from './schedule-problem.js';

/**
 * Every hard rule of a timetable, checked plainly and on its own (issue 9): the tests, the benchmark and the server
 * run it over whatever the scheduler or the baseline answers, so it shares none of the search's data structures or
 * helpers — a rule misread in the search is not misread here the same way.
 *
 * - `slot`: a placement outside the grid, of an unknown demand or in an unknown room;
 * - `sectionClash`: two lessons of one section, or of two sections sharing students, at the same time;
 * - `teacherClash`: a teacher with two lessons at once; `roomClash`: a room with two lessons at once;
 * - `unavailable`: a lesson in one of its teacher's unavailable periods;
 * - `roomType`: a lesson in a room of the wrong type — with a room type, a room of another; without one, a room
 *   other than the section's home room, or (no home room) a room that is not ordinary or is someone's home room;
 * - `roomSize`: a room with fewer seats than the section (the section's own home room excepted: it is theirs);
 * - `count`: a demand whose placed lessons plus those reported unplaced are not exactly its weekly periods (one
 *   finding, at slot -1).
 * A clash is reported once, on the later placement in input order.
 */
export function hardViolations(problem: ScheduleProblem, placements: readonly Placement[], unplaced: readonly Unplaced[] = []): HardViolation[] {
  const found: HardViolation[] = [];
  const slots = problem.days * problem.periods.length;
  const homeRooms = new Set(problem.sections.map((s) => s.homeRoom).filter((r): r is number => r !== null));
  const shares = (a: number, b: number): boolean => problem.sharing.some(([x, y]) => (x === a && y === b) || (x === b && y === a));

  const seen: { placement: Placement; section: number; teacher: number }[] = [];
  for (const p of placements) {
    const demand = problem.demands[p.demand];
    const room = problem.rooms[p.room];
    if (!demand || !room || !Number.isInteger(p.slot) || p.slot < 0 || p.slot >= slots || !problem.sections[demand.section] || !problem.teachers[demand.teacher]) {
      found.push({ kind: 'slot', demand: p.demand, slot: p.slot });
      continue;
    }
    const section = problem.sections[demand.section];
    const teacher = problem.teachers[demand.teacher];
    if (!section || !teacher) continue;

    for (const other of seen) {
      if (other.placement.slot !== p.slot) continue;
      if (other.section === demand.section || shares(other.section, demand.section)) found.push({ kind: 'sectionClash', demand: p.demand, slot: p.slot });
      if (other.teacher === demand.teacher) found.push({ kind: 'teacherClash', demand: p.demand, slot: p.slot });
      if (other.placement.room === p.room) found.push({ kind: 'roomClash', demand: p.demand, slot: p.slot });
    }
    seen.push({ placement: p, section: demand.section, teacher: demand.teacher });

    if (teacher.unavailable.includes(p.slot)) found.push({ kind: 'unavailable', demand: p.demand, slot: p.slot });

    let rightType: boolean;
    let isHome = false;
    if (demand.roomType !== null) rightType = room.type === demand.roomType;
    else if (section.homeRoom !== null) rightType = isHome = p.room === section.homeRoom;
    else rightType = room.type === 'ordinary' && !homeRooms.has(p.room);
    if (!rightType) found.push({ kind: 'roomType', demand: p.demand, slot: p.slot });
    if (!isHome && room.seats < section.size) found.push({ kind: 'roomSize', demand: p.demand, slot: p.slot });
  }

  problem.demands.forEach((demand, d) => {
    const placed = placements.filter((p) => p.demand === d).length;
    const missing = unplaced.filter((u) => u.demand === d).reduce((sum, u) => sum + u.count, 0);
    if (placed + missing !== demand.periods) found.push({ kind: 'count', demand: d, slot: -1 });
  });
  for (const u of unplaced) if (!problem.demands[u.demand]) found.push({ kind: 'count', demand: u.demand, slot: -1 });
  return found;
}
