import { CHECK_PROBLEMS } from '@schoolflow/contracts';
import { homeRoomsOf, ORDINARY } from './placement-rules.js';
import type { PrecheckProblem, ScheduleProblem } from './schedule-problem.js';

/**
 * Why a timetable is impossible before any search (issue 9: "weekly periods that cannot fit are reported before the
 * scheduler runs"). Each finding is a counting argument, so none is a false alarm; passing them all does not prove a
 * timetable exists (the scheduler reports what it still cannot place). `noTeacher` is the server's: a demand here
 * always has one.
 *
 * - `noPeriods` — no periods a day or no days (`need` 1, `have` 0); nothing else is checked then.
 * - `sectionOverfull` — a section's weekly periods (`need`) beyond the week's slots (`have`).
 * - `teacherOverloaded` — a teacher's lessons (`need`) beyond the slots they are available in (`have`).
 * - `noRoomOfType` — a demand's room type with no room at all (`need` its lessons a week, `have` 0).
 * - `roomTooSmall` — rooms of the demand's type exist but none seats the section (`need` the section's size, `have`
 *   the most seats of such a room); or, for a section without a home room, no ordinary room that is nobody's home room
 *   seats it.
 * - `roomTypeOverbooked` — the lessons needing a room type (`need`) beyond its rooms × the week's slots (`have`).
 *
 * Ordered by kind (as CHECK_PROBLEMS lists them), then by section, teacher, demand or room type.
 */
export function precheck(problem: ScheduleProblem): PrecheckProblem[] {
  const slots = problem.days * problem.periods.length;
  if (problem.periods.length === 0 || problem.days <= 0) return [{ kind: 'noPeriods', need: 1, have: 0 }];

  const found: PrecheckProblem[] = [];

  const sectionLoad = new Array<number>(problem.sections.length).fill(0);
  const teacherLoad = new Array<number>(problem.teachers.length).fill(0);
  for (const d of problem.demands) {
    sectionLoad[d.section] = (sectionLoad[d.section] ?? 0) + d.periods;
    teacherLoad[d.teacher] = (teacherLoad[d.teacher] ?? 0) + d.periods;
  }
  sectionLoad.forEach((need, section) => {
    if (need > slots) found.push({ kind: 'sectionOverfull', section, need, have: slots });
  });
  teacherLoad.forEach((need, teacher) => {
    const off = new Set((problem.teachers[teacher]?.unavailable ?? []).filter((s) => Number.isInteger(s) && s >= 0 && s < slots));
    const have = slots - off.size;
    if (need > have) found.push({ kind: 'teacherOverloaded', teacher, need, have });
  });

  const homes = homeRoomsOf(problem);
  const maxSeats = (fits: (type: string, r: number) => boolean): number | null => {
    let best: number | null = null;
    problem.rooms.forEach((room, r) => {
      if (fits(room.type, r)) best = Math.max(best ?? 0, room.seats);
    });
    return best;
  };
  problem.demands.forEach((d, demand) => {
    const section = problem.sections[d.section];
    if (!section) return;
    if (d.roomType !== null) {
      const seats = maxSeats((type) => type === d.roomType);
      if (seats === null) found.push({ kind: 'noRoomOfType', demand, section: d.section, roomType: d.roomType, need: d.periods, have: 0 });
      else if (seats < section.size) found.push({ kind: 'roomTooSmall', demand, section: d.section, roomType: d.roomType, need: section.size, have: seats });
    } else if (section.homeRoom === null) {
      const seats = maxSeats((type, r) => type === ORDINARY && !homes.has(r)) ?? 0;
      if (seats < section.size) found.push({ kind: 'roomTooSmall', demand, section: d.section, roomType: ORDINARY, need: section.size, have: seats });
    }
  });

  const typeNeed = new Map<string, number>();
  for (const d of problem.demands) if (d.roomType !== null) typeNeed.set(d.roomType, (typeNeed.get(d.roomType) ?? 0) + d.periods);
  for (const [roomType, need] of [...typeNeed].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const rooms = problem.rooms.filter((r) => r.type === roomType).length;
    if (rooms > 0 && need > rooms * slots) found.push({ kind: 'roomTypeOverbooked', roomType, need, have: rooms * slots });
  }

  // Stable sort: within a kind the order pushed above (by section, teacher, demand or room type) stays.
  const rank = (p: PrecheckProblem): number => CHECK_PROBLEMS.indexOf(p.kind);
  return found.sort((a, b) => rank(a) - rank(b));
}
