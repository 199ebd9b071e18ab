import { describe, expect, it } from '@jest/globals';
import { sketchProblem } from './problem-generator.js';
import type { Placement } from './schedule-problem.js';
import { idealPerDay, softScore } from './soft-score.js';

/** One lesson each of `n` one-period demands of section 0 taught by teacher 0, at the given slots. */
function oneEach(slots: number[]): Placement[] {
  return slots.map((slot, demand) => ({ demand, slot, room: 0 }));
}

describe('the soft score', () => {
  it('counts a course bunched on one day as spread and crowded, and a main lesson after the morning', () => {
    const problem = sketchProblem({ days: 2, parts: 'mmaa', sections: [{}], teachers: 1, rooms: [{}], demands: [{ section: 0, teacher: 0, periods: 3, main: true }] });
    // all three on Monday: ideal ceil(3/2) = 2 a day → 1 beyond (spread 1); 1 beyond two a day (crowded 10); slot 2 is an afternoon
    const bunched = softScore(problem, [0, 1, 2].map((slot) => ({ demand: 0, slot, room: 0 })));
    expect(bunched).toEqual({ total: 12, spread: 1, crowded: 10, afternoonMain: 1, longRuns: 0 });
    // two on Monday morning, one on Tuesday morning: nothing to pay
    expect(softScore(problem, [0, 1, 4].map((slot) => ({ demand: 0, slot, room: 0 })))).toEqual({ total: 0, spread: 0, crowded: 0, afternoonMain: 0, longRuns: 0 });
  });

  it('charges each lesson beyond the even share a day, and beyond two a day ten points more', () => {
    expect(idealPerDay(6, 5)).toBe(2);
    expect(idealPerDay(5, 5)).toBe(1);
    expect(idealPerDay(1, 5)).toBe(1);
    const problem = sketchProblem({ days: 5, parts: 'mmmmmm', sections: [{}], teachers: 1, rooms: [{}], demands: [{ section: 0, teacher: 0, periods: 5 }] });
    // four on Monday (ideal 1: 3 beyond; 2 beyond two a day), one on Tuesday; not a main subject
    const score = softScore(problem, [0, 1, 3, 5, 6].map((slot) => ({ demand: 0, slot, room: 0 })));
    expect(score).toMatchObject({ spread: 3, crowded: 20, afternoonMain: 0 });
  });

  it('charges a teacher three points a period beyond four in a row, a run broken by a gap or a change of part', () => {
    const demands = Array.from({ length: 8 }, () => ({ section: 0, teacher: 0, periods: 1 }));
    const allMorning = sketchProblem({ days: 1, parts: 'mmmmmmmm', sections: [{}], teachers: 1, rooms: [{}], demands });
    expect(softScore(allMorning, oneEach([0, 1, 2, 3, 4, 5])).longRuns).toBe(6); // a run of 6: 2 beyond
    expect(softScore(allMorning, oneEach([0, 1, 2, 3, 4, 6, 7])).longRuns).toBe(3); // 5 and 2
    expect(softScore(allMorning, oneEach([0, 1, 2, 3, 5, 6, 7])).longRuns).toBe(0); // 4 and 3
    const lunch = sketchProblem({ days: 1, parts: 'mmmmaaaa', sections: [{}], teachers: 1, rooms: [{}], demands });
    expect(softScore(lunch, oneEach([0, 1, 2, 3, 4, 5, 6, 7])).longRuns).toBe(0); // 4 before lunch, 4 after
    const score = softScore(lunch, oneEach([0, 1, 2, 3, 4, 5, 6, 7]));
    expect(score.total).toBe(score.spread + score.crowded + score.afternoonMain + score.longRuns);
  });

  it('counts each teacher and each day apart', () => {
    // two teachers, each 5 in a row on a different day: two runs of 5
    const demands = Array.from({ length: 10 }, (_, i) => ({ section: i < 5 ? 0 : 1, teacher: i < 5 ? 0 : 1, periods: 1 }));
    const problem = sketchProblem({ days: 2, parts: 'mmmmmm', sections: [{}, {}], teachers: 2, rooms: [{}, {}], demands });
    const placements = [0, 1, 2, 3, 4, 6, 7, 8, 9, 10].map((slot, demand) => ({ demand, slot, room: demand < 5 ? 0 : 1 }));
    expect(softScore(problem, placements).longRuns).toBe(6);
  });
});
