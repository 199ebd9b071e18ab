import { homeRoomsOf, roomsFor, unplacedReason } from './placement-rules.js';
import type { Placement, ScheduleProblem, ScheduleResult, Unplaced } from './schedule-problem.js';
import { softScore } from './soft-score.js';

/**
 * The first-fit baseline issue 9 measures the scheduler against: what a plain "fill the grid" does. Demands in input
 * order; each lesson in the first slot, day-major (Monday's period 1, 2, …, then Tuesday's), where its section and the
 * sections sharing its students are free, its teacher is free and available, and a room fits (the first free one in
 * index order). No lookahead, no repair, no improvement: a lesson with no such slot is left unplaced. Scored by the
 * same `softScore`, its unplaced lessons given the same reasons.
 */
export function greedyBaseline(problem: ScheduleProblem): ScheduleResult {
  const started = performance.now();
  const slots = problem.days * problem.periods.length;
  const homes = homeRoomsOf(problem);
  const sectionBusy = new Set<string>();
  const teacherBusy = new Set<string>();
  const roomBusy = new Set<string>();
  const placements: Placement[] = [];
  const unplaced: Unplaced[] = [];
  let iterations = 0;

  problem.demands.forEach((demand, d) => {
    const rooms = roomsFor(problem, d, homes);
    const sharing = problem.sharing.flatMap(([a, b]) => (a === demand.section ? [b] : b === demand.section ? [a] : []));
    const unavailable = new Set(problem.teachers[demand.teacher]?.unavailable ?? []);
    let left = demand.periods;
    for (let slot = 0; slot < slots && left > 0; slot++) {
      iterations++;
      if (unavailable.has(slot) || teacherBusy.has(`${demand.teacher}:${slot}`)) continue;
      if (sectionBusy.has(`${demand.section}:${slot}`) || sharing.some((s) => sectionBusy.has(`${s}:${slot}`))) continue;
      const room = rooms.find((r) => !roomBusy.has(`${r}:${slot}`));
      if (room === undefined) continue;
      placements.push({ demand: d, slot, room });
      sectionBusy.add(`${demand.section}:${slot}`);
      teacherBusy.add(`${demand.teacher}:${slot}`);
      roomBusy.add(`${room}:${slot}`);
      left--;
    }
    // The reason as things stood when it failed (later demands cannot have made room).
    if (left > 0) unplaced.push({ demand: d, count: left, reason: unplacedReason(problem, d, placements) });
  });

  const ms = performance.now() - started;
  return { placements, unplaced, score: softScore(problem, placements), iterations, ms, constructMs: ms };
}
