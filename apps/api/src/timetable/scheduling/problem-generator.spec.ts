import { describe, expect, it } from '@jest/globals';
import { precheck } from './precheck.js';
import { COURSES, DEFAULT_SCHOOL, generateSchool } from './problem-generator.js';

const loads = (problem: ReturnType<typeof generateSchool>): number[] =>
  problem.teachers.map((_, t) => problem.demands.filter((d) => d.teacher === t).reduce((s, d) => s + d.periods, 0));

describe('the generated school', () => {
  it('is issue 9’s by default: 60 classes, 10 courses, 80 teachers, 70 rooms, 5 days of 4 + 4 periods, and passes the precheck', () => {
    const school = generateSchool();
    expect(school.sections).toHaveLength(DEFAULT_SCHOOL.classes);
    expect(school.teachers).toHaveLength(80);
    expect(school.rooms).toHaveLength(70);
    expect(new Set(school.demands.map((d) => d.course)).size).toBe(10);
    expect(school.days).toBe(5);
    expect(school.periods.map((p) => p.part)).toEqual(['morning', 'morning', 'morning', 'morning', 'afternoon', 'afternoon', 'afternoon', 'afternoon']);
    expect(precheck(school)).toEqual([]);
  });

  it('gives every class its own classroom seating it, and a week of 32 lessons of the ten courses', () => {
    const school = generateSchool({ seed: 3 });
    const homes = school.sections.map((s) => s.homeRoom);
    expect(new Set(homes).size).toBe(60);
    school.sections.forEach((s) => {
      const room = school.rooms[s.homeRoom!]!;
      expect(s.size).toBeGreaterThanOrEqual(40);
      expect(s.size).toBeLessThanOrEqual(50);
      expect(room.type).toBe('ordinary');
      expect(room.seats).toBeGreaterThanOrEqual(s.size);
      expect(room.seats).toBeLessThan(100);
    });
    const perClass = school.sections.map((_, c) => school.demands.filter((d) => d.section === c).reduce((s, d) => s + d.periods, 0));
    expect(new Set(perClass)).toEqual(new Set([COURSES.reduce((s, c) => s + c.periods, 0)]));
    expect(perClass[0]).toBe(32);
    expect(school.rooms.filter((r) => r.type !== 'ordinary').map((r) => r.type).sort()).toEqual(['art', 'art', 'computer', 'computer', 'gym', 'gym', 'gym', 'gym', 'music', 'music']);
  });

  it('shares the teaching between teachers of one course each, the busiest at 27, a fifth with a half-day off', () => {
    const school = generateSchool({ seed: 4 });
    const load = loads(school);
    expect(Math.max(...load)).toBe(27);
    expect(Math.min(...load)).toBeGreaterThanOrEqual(20);
    school.teachers.forEach((_, t) => expect(new Set(school.demands.filter((d) => d.teacher === t).map((d) => d.course)).size).toBe(1));
    const off = school.teachers.filter((t) => t.unavailable.length > 0);
    expect(off).toHaveLength(16);
    for (const t of off) {
      expect(t.unavailable).toHaveLength(4);
      const day = Math.floor(t.unavailable[0]! / 8);
      const parts = new Set(t.unavailable.map((s) => school.periods[s % 8]!.part));
      expect(t.unavailable.every((s) => Math.floor(s / 8) === day)).toBe(true);
      expect(parts.size).toBe(1);
    }
  });

  it('is the same for the same seed, and another for another', () => {
    expect(generateSchool({ seed: 9, classes: 12, teachers: 24 })).toEqual(generateSchool({ seed: 9, classes: 12, teachers: 24 }));
    expect(generateSchool({ seed: 9, classes: 12, teachers: 24 })).not.toEqual(generateSchool({ seed: 10, classes: 12, teachers: 24 }));
  });

  it('draws teaching classes from 2–3 classes of one grade, sharing their students, taught in spare rooms', () => {
    const school = generateSchool({ seed: 5, classes: 12, teachers: 24, teachingClasses: 4 });
    const teaching = school.sections.slice(12);
    expect(teaching).toHaveLength(4);
    teaching.forEach((tc, i) => {
      const members = school.sharing.filter(([a]) => a === 12 + i).map(([, b]) => b);
      expect(tc.homeRoom).toBeNull();
      expect(members.length).toBeGreaterThanOrEqual(2);
      expect(members.length).toBeLessThanOrEqual(3);
      expect(new Set(members.map((c) => Math.floor((c * 3) / 12))).size).toBe(1); // one grade
    });
    const homes = new Set(school.sections.map((s) => s.homeRoom));
    expect(school.rooms.some((r, i) => r.type === 'ordinary' && !homes.has(i))).toBe(true);
    expect(precheck(school)).toEqual([]);
  });

  it('makes small schools for tests, with as many rooms as asked when enough', () => {
    const small = generateSchool({ classes: 6, teachers: 12, rooms: 10, seed: 1 });
    expect([small.sections.length, small.teachers.length, small.rooms.length]).toEqual([6, 12, 10]);
    expect(generateSchool({ classes: 6, teachers: 12, rooms: 12, seed: 1 }).rooms).toHaveLength(12);
    expect(() => generateSchool({ classes: 6, teachers: 12, rooms: 9 })).toThrow(RangeError);
    expect(() => generateSchool({ teachers: 9 })).toThrow(RangeError);
  });
});
