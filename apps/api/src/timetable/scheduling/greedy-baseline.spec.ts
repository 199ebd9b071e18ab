import { describe, expect, it } from '@jest/globals';
import { greedyBaseline } from './greedy-baseline.js';
import { hardViolations } from './hard-rules.js';
import { generateSchool, sketchProblem } from './problem-generator.js';
import { softScore } from './soft-score.js';

describe('the first-fit baseline', () => {
  it('takes demands in input order, each lesson in the first slot day-major where everything is free, the first room that fits', () => {
    const problem = sketchProblem({
      days: 2,
      parts: 'mma',
      sections: [{ homeRoom: 0 }, { homeRoom: 1 }],
      teachers: [{}, { unavailable: [0] }],
      rooms: [{}, {}, { type: 'gym', seats: 30 }, { type: 'gym' }, { type: 'gym' }],
      demands: [
        { section: 0, teacher: 0, periods: 2 }, // Monday 1, 2, in the home room
        { section: 0, teacher: 1, periods: 2, roomType: 'gym' }, // Monday 3, Tuesday 1; the small gym (room 2) never fits
        { section: 1, teacher: 1, periods: 2, roomType: 'gym' }, // Monday 2, Tuesday 2: teacher 1 away Monday 1, busy Monday 3 and Tuesday 1
        { section: 1, teacher: 0, periods: 1 }, // Monday 1: teacher 0 busy; Monday 2: class 1 busy; Monday 3
      ],
    });
    const result = greedyBaseline(problem);
    expect(result.placements).toEqual([
      { demand: 0, slot: 0, room: 0 },
      { demand: 0, slot: 1, room: 0 },
      { demand: 1, slot: 2, room: 3 },
      { demand: 1, slot: 3, room: 3 },
      { demand: 2, slot: 1, room: 3 },
      { demand: 2, slot: 4, room: 3 },
      { demand: 3, slot: 2, room: 1 },
    ]);
    expect(result.unplaced).toEqual([]);
    expect(result.score).toEqual(softScore(problem, result.placements));
  });

  it('leaves out what finds no slot, with the reason as things stood then', () => {
    const problem = sketchProblem({ days: 1, parts: 'mm', sections: [{ homeRoom: 0 }, { homeRoom: 1 }], teachers: 2, rooms: [{}, {}, { type: 'music' }], demands: [
      { section: 0, teacher: 0, periods: 2 },
      { section: 0, teacher: 1, periods: 1 }, // class 0 is full
      { section: 1, teacher: 0, periods: 1 }, // teacher 0 is full
    ] });
    const result = greedyBaseline(problem);
    expect(result.unplaced).toEqual([
      { demand: 1, count: 1, reason: 'sectionFull' },
      { demand: 2, count: 1, reason: 'teacherFull' },
    ]);
    expect(hardViolations(problem, result.placements, result.unplaced)).toEqual([]);
  });

  it('breaks no hard rule on a generated school with teaching classes (where, first-fit, it leaves lessons out)', () => {
    const problem = generateSchool({ seed: 2, classes: 24, teachers: 40, teachingClasses: 4 });
    const result = greedyBaseline(problem);
    expect(hardViolations(problem, result.placements, result.unplaced)).toEqual([]);
    expect(result.unplaced.length).toBeGreaterThan(0);
  });
});
