import { describe, expect, it } from '@jest/globals';
import { hardViolations } from './hard-rules.js';
import { sketchProblem } from './problem-generator.js';
import type { HardViolation, Placement } from './schedule-problem.js';

/**
 * The verifier must see every kind of broken rule, or the scheduler's "zero violations" tests would prove nothing.
 * Sections 0 and 1 are classes with home rooms 0 and 1; section 2 is a teaching class sharing students with 0.
 */
const problem = sketchProblem({
  days: 1,
  parts: 'mmmm',
  sections: [{ homeRoom: 0 }, { homeRoom: 1 }, { size: 45 }],
  sharing: [[2, 0]],
  teachers: [{}, {}, { unavailable: [3] }],
  rooms: [{}, {}, { type: 'gym', seats: 60 }, { type: 'gym', seats: 30 }, { seats: 50 }, { seats: 40 }],
  demands: [
    { section: 0, teacher: 0, periods: 1 }, // 0: class 0 in its home room
    { section: 1, teacher: 1, periods: 1 }, // 1: class 1 in its home room
    { section: 0, teacher: 1, periods: 1, roomType: 'gym' }, // 2: class 0 in a gym
    { section: 2, teacher: 2, periods: 1 }, // 3: the teaching class, in a spare ordinary room
  ],
});
const good: Placement[] = [
  { demand: 0, slot: 0, room: 0 },
  { demand: 1, slot: 0, room: 1 },
  { demand: 2, slot: 1, room: 2 },
  { demand: 3, slot: 2, room: 4 },
];
const kinds = (found: HardViolation[]): string[] => found.map((v) => v.kind).sort();
const replace = (i: number, p: Placement): Placement[] => good.map((q, j) => (j === i ? p : q));

describe('the hard-rule verifier', () => {
  it('finds nothing wrong with a valid timetable', () => {
    expect(hardViolations(problem, good)).toEqual([]);
  });

  it('finds a section, a section sharing its students, a teacher or a room twice at once', () => {
    expect(kinds(hardViolations(problem, replace(2, { demand: 2, slot: 0, room: 2 })))).toEqual(['sectionClash', 'teacherClash']);
    expect(hardViolations(problem, replace(3, { demand: 3, slot: 0, room: 4 }))).toEqual([{ kind: 'sectionClash', demand: 3, slot: 0 }]);
    const sameRoom = sketchProblem({ days: 1, parts: 'mm', sections: [{}, {}], teachers: 2, rooms: [{}], demands: [{ section: 0, teacher: 0, periods: 1 }, { section: 1, teacher: 1, periods: 1 }] });
    expect(hardViolations(sameRoom, [{ demand: 0, slot: 1, room: 0 }, { demand: 1, slot: 1, room: 0 }])).toEqual([{ kind: 'roomClash', demand: 1, slot: 1 }]);
  });

  it('finds a lesson in its teacher’s unavailable period', () => {
    expect(hardViolations(problem, replace(3, { demand: 3, slot: 3, room: 4 }))).toEqual([{ kind: 'unavailable', demand: 3, slot: 3 }]);
  });

  it('finds a room of the wrong type or too small, and a lesson away from its home room or in someone else’s', () => {
    expect(kinds(hardViolations(problem, replace(2, { demand: 2, slot: 1, room: 3 })))).toEqual(['roomSize']); // a gym of 30 for 40
    expect(kinds(hardViolations(problem, replace(2, { demand: 2, slot: 1, room: 4 })))).toEqual(['roomType']); // not a gym
    expect(kinds(hardViolations(problem, replace(0, { demand: 0, slot: 0, room: 4 })))).toEqual(['roomType']); // not its home room
    expect(kinds(hardViolations(problem, replace(3, { demand: 3, slot: 2, room: 1 })))).toEqual(['roomType']); // class 1's home room
    expect(kinds(hardViolations(problem, replace(3, { demand: 3, slot: 2, room: 5 })))).toEqual(['roomSize']); // 40 seats for 45
    expect(kinds(hardViolations(problem, replace(3, { demand: 3, slot: 2, room: 2 })))).toEqual(['roomType']); // a gym
  });

  it('finds a demand placed more or fewer times than its periods, unless the missing ones are reported', () => {
    expect(hardViolations(problem, [...good, { demand: 1, slot: 3, room: 1 }])).toEqual([{ kind: 'count', demand: 1, slot: -1 }]);
    const without = good.filter((p) => p.demand !== 3);
    expect(hardViolations(problem, without)).toEqual([{ kind: 'count', demand: 3, slot: -1 }]);
    expect(hardViolations(problem, without, [{ demand: 3, count: 1, reason: 'noRoom' }])).toEqual([]);
    expect(hardViolations(problem, good, [{ demand: 3, count: 1, reason: 'noRoom' }])).toEqual([{ kind: 'count', demand: 3, slot: -1 }]);
  });

  it('finds a placement off the grid, of an unknown demand or in an unknown room', () => {
    expect(kinds(hardViolations(problem, replace(1, { demand: 1, slot: 4, room: 1 })))).toEqual(['slot']);
    expect(kinds(hardViolations(problem, replace(1, { demand: 1, slot: -1, room: 1 })))).toEqual(['slot']);
    expect(kinds(hardViolations(problem, replace(1, { demand: 1, slot: 1, room: 9 })))).toEqual(['slot']);
    expect(kinds(hardViolations(problem, [...good, { demand: 7, slot: 1, room: 0 }]))).toEqual(['slot']);
  });
});
