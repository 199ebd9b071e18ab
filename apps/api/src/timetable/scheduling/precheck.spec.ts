import { describe, expect, it } from '@jest/globals';
import { precheck } from './precheck.js';
import { generateSchool, sketchProblem } from './problem-generator.js';

describe('the precheck', () => {
  it('finds nothing in the generated schools, the default one included', () => {
    expect(precheck(generateSchool())).toEqual([]);
    expect(precheck(generateSchool({ seed: 7, classes: 12, teachers: 24, teachingClasses: 4 }))).toEqual([]);
  });

  it('finds a section with more weekly periods than the week has', () => {
    const problem = sketchProblem({ days: 2, parts: 'mm', sections: [{ homeRoom: 0 }, { homeRoom: 1 }], teachers: 3, rooms: [{}, {}], demands: [
      { section: 0, teacher: 0, periods: 3 },
      { section: 0, teacher: 1, periods: 2 },
      { section: 1, teacher: 2, periods: 4 },
    ] });
    expect(precheck(problem)).toEqual([{ kind: 'sectionOverfull', section: 0, need: 5, have: 4 }]);
  });

  it('finds a teacher with more lessons than periods they are available in (each unavailable slot once)', () => {
    const problem = sketchProblem({ days: 2, parts: 'mm', sections: [{ homeRoom: 0 }, { homeRoom: 1 }], teachers: [{ unavailable: [0, 0, 3, 9] }], rooms: [{}, {}], demands: [
      { section: 0, teacher: 0, periods: 2 },
      { section: 1, teacher: 0, periods: 1 },
    ] });
    expect(precheck(problem)).toEqual([{ kind: 'teacherOverloaded', teacher: 0, need: 3, have: 2 }]);
  });

  it('finds a room type the school has no room of, or none big enough; and a section with no room of its own and none to borrow', () => {
    const problem = sketchProblem({
      days: 1,
      parts: 'mmmm',
      sections: [{ homeRoom: 0, size: 45 }, { size: 55 }],
      teachers: 3,
      rooms: [{ seats: 60 }, { type: 'gym', seats: 40 }, { seats: 50 }],
      demands: [
        { section: 0, teacher: 0, periods: 1, roomType: 'laboratory' },
        { section: 0, teacher: 1, periods: 2, roomType: 'gym' },
        { section: 1, teacher: 2, periods: 1 },
      ],
    });
    expect(precheck(problem)).toEqual([
      { kind: 'noRoomOfType', demand: 0, section: 0, roomType: 'laboratory', need: 1, have: 0 },
      { kind: 'roomTooSmall', demand: 1, section: 0, roomType: 'gym', need: 45, have: 40 },
      // room 0 is class 0's home room: only room 2 (50 seats) may take the teaching class of 55
      { kind: 'roomTooSmall', demand: 2, section: 1, roomType: 'ordinary', need: 55, have: 50 },
    ]);
  });

  it('finds more lessons needing a room type than its rooms can hold, in kind order', () => {
    const problem = sketchProblem({
      days: 1,
      parts: 'mm',
      sections: [{ homeRoom: 0 }, { homeRoom: 1 }, { homeRoom: 2 }],
      teachers: 3,
      rooms: [{}, {}, {}, { type: 'music' }],
      demands: [
        { section: 0, teacher: 0, periods: 1, roomType: 'music' },
        { section: 1, teacher: 1, periods: 1, roomType: 'music' },
        { section: 2, teacher: 2, periods: 3, roomType: 'music' },
      ],
    });
    expect(precheck(problem)).toEqual([
      { kind: 'sectionOverfull', section: 2, need: 3, have: 2 },
      { kind: 'teacherOverloaded', teacher: 2, need: 3, have: 2 },
      { kind: 'roomTypeOverbooked', roomType: 'music', need: 5, have: 2 },
    ]);
  });

  it('says a week without periods or days is the problem, and nothing else', () => {
    const demands = [{ section: 0, teacher: 0, periods: 1 }];
    expect(precheck(sketchProblem({ days: 5, parts: '', sections: [{}], teachers: 1, rooms: [], demands }))).toEqual([{ kind: 'noPeriods', need: 1, have: 0 }]);
    expect(precheck(sketchProblem({ days: 0, parts: 'mm', sections: [{}], teachers: 1, rooms: [], demands }))).toEqual([{ kind: 'noPeriods', need: 1, have: 0 }]);
  });
});
