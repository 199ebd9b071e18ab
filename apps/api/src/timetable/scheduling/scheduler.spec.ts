import { describe, expect, it } from '@jest/globals';
import { greedyBaseline } from './greedy-baseline.js';
import { hardViolations } from './hard-rules.js';
import { precheck } from './precheck.js';
import { generateSchool, sketchProblem } from './problem-generator.js';
import type { ScheduleProblem, ScheduleProgress, ScheduleResult } from './schedule-problem.js';
import { mulberry32, schedule, Search } from './scheduler.js';
import { softScore } from './soft-score.js';

/** Small budgets: the tests' problems are small, and a run ended by `maxIterations` is the same every time. */
const QUICK = { timeLimitMs: 20_000, maxIterations: 150_000 } as const;

const slotsOf = (r: ScheduleResult, demand: number): number[] => r.placements.filter((p) => p.demand === demand).map((p) => p.slot).sort((a, b) => a - b);
const countOf = (r: ScheduleResult, demand: number): number => r.placements.filter((p) => p.demand === demand).length;

describe('the scheduler on hand-made problems', () => {
  it('never uses a teacher’s unavailable slot', () => {
    // 2 days × 3 periods; the teacher is away in all but slots 1, 3 and 5: those are the only answer
    const problem = sketchProblem({ days: 2, parts: 'mmm', sections: [{ homeRoom: 0 }], teachers: [{ unavailable: [0, 2, 4] }], rooms: [{}], demands: [{ section: 0, teacher: 0, periods: 3 }] });
    const result = schedule(problem, QUICK);
    expect(slotsOf(result, 0)).toEqual([1, 3, 5]);
    expect(result.unplaced).toEqual([]);
    expect(hardViolations(problem, result.placements, result.unplaced)).toEqual([]);
  });

  it('puts a lesson needing a room type in a room of that type seating the section, others in the home room', () => {
    const problem = sketchProblem({
      days: 2,
      parts: 'mmaa',
      sections: [{ homeRoom: 0, size: 45 }],
      teachers: 2,
      // a small gym, a laboratory, a big gym: only room 3 fits PE for 45
      rooms: [{ seats: 45 }, { type: 'gym', seats: 30 }, { type: 'laboratory', seats: 60 }, { type: 'gym', seats: 50 }],
      demands: [
        { section: 0, teacher: 0, periods: 3, roomType: 'gym' },
        { section: 0, teacher: 1, periods: 4 },
      ],
    });
    const result = schedule(problem, QUICK);
    expect(result.placements.filter((p) => p.demand === 0).map((p) => p.room)).toEqual([3, 3, 3]);
    expect(result.placements.filter((p) => p.demand === 1).map((p) => p.room)).toEqual([0, 0, 0, 0]);
    expect(hardViolations(problem, result.placements, result.unplaced)).toEqual([]);
  });

  it('puts a section without a home room in an ordinary room that is nobody’s, big enough', () => {
    const problem = sketchProblem({
      days: 1,
      parts: 'mmmm',
      sections: [{ homeRoom: 0 }, { size: 48 }],
      teachers: 2,
      // room 0 is class 0's (big, but theirs); room 1 too small; room 2 a lab; room 3 fits
      rooms: [{ seats: 90 }, { seats: 40 }, { type: 'laboratory', seats: 90 }, { seats: 50 }],
      demands: [
        { section: 0, teacher: 0, periods: 2 },
        { section: 1, teacher: 1, periods: 2 },
      ],
    });
    const result = schedule(problem, QUICK);
    expect(result.placements.filter((p) => p.demand === 1).map((p) => p.room)).toEqual([3, 3]);
  });

  it('never teaches sections sharing students at the same time', () => {
    // one day of 4: class 0 has 2 lessons and the teaching class drawn from it 2, different teachers and rooms —
    // together they must take the 4 periods one each, while class 1 (sharing nothing) may go alongside
    const problem = sketchProblem({
      days: 1,
      parts: 'mmmm',
      sections: [{ homeRoom: 0 }, { homeRoom: 1 }, { size: 30 }],
      sharing: [[2, 0]],
      teachers: 3,
      rooms: [{}, {}, {}],
      demands: [
        { section: 0, teacher: 0, periods: 2 },
        { section: 2, teacher: 1, periods: 2 },
        { section: 1, teacher: 2, periods: 4 },
      ],
    });
    for (const seed of [1, 2, 3]) {
      const result = schedule(problem, { ...QUICK, seed });
      expect([...slotsOf(result, 0), ...slotsOf(result, 1)].sort()).toEqual([0, 1, 2, 3]);
      expect(slotsOf(result, 2)).toEqual([0, 1, 2, 3]);
      expect(hardViolations(problem, result.placements, result.unplaced)).toEqual([]);
    }
  });

  it('places each demand exactly its periods, and reports what cannot fit as unplaced, never placing more', () => {
    // the teacher is available in 2 slots only, for 3 lessons
    const problem = sketchProblem({ days: 1, parts: 'mmmm', sections: [{ homeRoom: 0 }], teachers: [{ unavailable: [0, 1] }, {}], rooms: [{}], demands: [
      { section: 0, teacher: 0, periods: 3 },
      { section: 0, teacher: 1, periods: 1 },
    ] });
    expect(precheck(problem)).toEqual([{ kind: 'teacherOverloaded', teacher: 0, need: 3, have: 2 }]);
    const result = schedule(problem, QUICK);
    expect(slotsOf(result, 0)).toEqual([2, 3]);
    expect(countOf(result, 1)).toBe(1);
    expect(result.unplaced).toEqual([{ demand: 0, count: 1, reason: 'teacherFull' }]);
    expect(hardViolations(problem, result.placements, result.unplaced)).toEqual([]);
  });

  it('says a section is full when it has no period left', () => {
    const problem = sketchProblem({ days: 1, parts: 'mmm', sections: [{ homeRoom: 0 }], teachers: 2, rooms: [{}], demands: [
      { section: 0, teacher: 0, periods: 2 },
      { section: 0, teacher: 1, periods: 2 },
    ] });
    const result = schedule(problem, QUICK);
    expect(result.placements).toHaveLength(3);
    expect(result.unplaced).toEqual([{ demand: expect.any(Number), count: 1, reason: 'sectionFull' }]);
    expect(hardViolations(problem, result.placements, result.unplaced)).toEqual([]);
  });

  it('says no room when section and teacher are free together but every room of the type is taken', () => {
    // one music room, 3 periods, 4 music lessons of two classes by two teachers
    const problem = sketchProblem({ days: 1, parts: 'mmm', sections: [{ homeRoom: 0 }, { homeRoom: 1 }], teachers: 2, rooms: [{}, {}, { type: 'music' }], demands: [
      { section: 0, teacher: 0, periods: 2, roomType: 'music' },
      { section: 1, teacher: 1, periods: 2, roomType: 'music' },
    ] });
    const result = schedule(problem, QUICK);
    expect(result.placements).toHaveLength(3);
    expect(result.unplaced).toEqual([{ demand: expect.any(Number), count: 1, reason: 'noRoom' }]);
    // and a room type the school has not got at all
    const noLab = sketchProblem({ days: 1, parts: 'mmm', sections: [{ homeRoom: 0 }], teachers: 1, rooms: [{}], demands: [{ section: 0, teacher: 0, periods: 2, roomType: 'laboratory' }] });
    expect(schedule(noLab, QUICK).unplaced).toEqual([{ demand: 0, count: 2, reason: 'noRoom' }]);
  });

  it('says no common time when section and teacher each have free periods but never the same', () => {
    // slots 0..2. Class 0's demand 0 (teacher 0, free at 0 only) is forced to 0; class 1's demands 1 and 2 (teachers 2
    // and 3, free at 0 and at 2 only) force its demand 3 (teacher 1, away at 2) to 1. Class 0's demand 4, by teacher 1,
    // then finds the teacher free at 0 only, where class 0 is taught: whatever the search ejects, one lesson is left
    // with free periods of its section and of its teacher, never the same.
    const problem = sketchProblem({
      days: 1,
      parts: 'mmm',
      sections: [{ homeRoom: 0 }, { homeRoom: 1 }],
      teachers: [{ unavailable: [1, 2] }, { unavailable: [2] }, { unavailable: [1, 2] }, { unavailable: [0, 1] }],
      rooms: [{}, {}],
      demands: [
        { section: 0, teacher: 0, periods: 1 },
        { section: 1, teacher: 2, periods: 1 },
        { section: 1, teacher: 3, periods: 1 },
        { section: 1, teacher: 1, periods: 1 },
        { section: 0, teacher: 1, periods: 1 },
      ],
    });
    const result = schedule(problem, QUICK);
    expect(result.placements).toHaveLength(4);
    expect(result.unplaced).toEqual([{ demand: expect.any(Number), count: 1, reason: 'noCommonTime' }]);
    expect(hardViolations(problem, result.placements, result.unplaced)).toEqual([]);
  });

  it('keeps main subjects in the morning and spreads a course over the week', () => {
    // 2 days of 2 + 2: a main course of 2 and another of 2; the best is the main one in both mornings or one morning
    const problem = sketchProblem({ days: 2, parts: 'mmaa', sections: [{ homeRoom: 0 }], teachers: 2, rooms: [{}], demands: [
      { section: 0, teacher: 0, periods: 2, main: true },
      { section: 0, teacher: 1, periods: 4 },
    ] });
    const result = schedule(problem, QUICK);
    expect(result.score).toEqual({ total: 0, spread: 0, crowded: 0, afternoonMain: 0, longRuns: 0 });
    expect(slotsOf(result, 0).every((s) => s % 4 < 2)).toBe(true);
  });

  it('keeps a teacher’s runs to four, trading for the cheapest rule', () => {
    // 2 days of 6 morning periods, one teacher, two courses of 5 for two classes: 10 lessons in 12 periods. Each course
    // must have 3 on one day (crowded 10 each, spread 0: ideal ceil(5/2) = 3), and a gap each day avoids a run of 5.
    const problem = sketchProblem({ days: 2, parts: 'mmmmmm', sections: [{ homeRoom: 0 }, { homeRoom: 1 }], teachers: 1, rooms: [{}, {}], demands: [
      { section: 0, teacher: 0, periods: 5 },
      { section: 1, teacher: 0, periods: 5 },
    ] });
    const result = schedule(problem, { ...QUICK, seed: 4 });
    expect(result.score).toEqual({ total: 20, spread: 0, crowded: 20, afternoonMain: 0, longRuns: 0 });
  });

  it('reports progress no more often than asked, and the phases in order', () => {
    const problem = generateSchool({ seed: 3, classes: 24, teachers: 40 });
    const seen: { at: number; p: ScheduleProgress }[] = [];
    const result = schedule(problem, { timeLimitMs: 600, progressEveryMs: 50, onProgress: (p) => seen.push({ at: performance.now(), p }) });
    expect(seen.length).toBeGreaterThan(2);
    // Timed where the callback runs, a report can come late after a pause (a collection on a loaded machine) and the
    // next one on time: the gaps seen vary, the rule holds over the run — no more reports than 50 ms periods, and
    // the typical gap a period (a scheduler reporting on every step fails both).
    const gaps = seen.slice(1).map((s, i) => s.at - seen[i]!.at).sort((a, b) => a - b);
    const elapsed = seen.at(-1)!.at - seen[0]!.at;
    expect(gaps.length).toBeLessThanOrEqual(Math.floor(elapsed / 50) + 1);
    expect(gaps[Math.floor(gaps.length / 2)]).toBeGreaterThanOrEqual(45);
    expect(seen.at(-1)!.p).toMatchObject({ phase: 'improve', placed: result.placements.length, total: 768 });
    expect(seen.map((s) => s.p.phase).join(' ')).toMatch(/^(construct )*(improve ?)+$/);
  });
});

describe('the scheduler on generated schools', () => {
  const seeds = [1, 2, 3, 4];

  it.each(seeds)('places every lesson with no hard rule broken, and scores no worse than first-fit (seed %i)', (seed) => {
    const problem = generateSchool({ seed, classes: 12, teachers: 24, teachingClasses: 3 });
    expect(precheck(problem)).toEqual([]);
    const result = schedule(problem, { ...QUICK, seed });
    const greedy = greedyBaseline(problem);
    expect(hardViolations(problem, result.placements, result.unplaced)).toEqual([]);
    expect(hardViolations(problem, greedy.placements, greedy.unplaced)).toEqual([]);
    expect(result.unplaced).toEqual([]);
    expect(result.placements).toHaveLength(problem.demands.reduce((s, d) => s + d.periods, 0));
    expect(result.score).toEqual(softScore(problem, result.placements));
    expect(result.score.total).toBeLessThan(greedy.score.total);
    expect(result.placements.every((p) => Number.isInteger(p.room) && problem.rooms[p.room] !== undefined)).toBe(true);
  });

  it('makes the same timetable from the same seed, and another from another', () => {
    const problem = generateSchool({ seed: 5, classes: 12, teachers: 24, teachingClasses: 2 });
    const a = schedule(problem, { ...QUICK, seed: 11 });
    const b = schedule(problem, { ...QUICK, seed: 11 });
    const c = schedule(problem, { ...QUICK, seed: 12 });
    expect(b.placements).toEqual(a.placements);
    expect(b.score).toEqual(a.score);
    expect(c.placements).not.toEqual(a.placements);
  });

  it('leaves out only what cannot fit: an overloaded teacher’s extra lessons, not the rest of the school', () => {
    // the school: a smaller one lets even a churning search place the rest by luck
    const school = generateSchool({ seed: 1 });
    const teacher = school.demands[0]!.teacher;
    const load = school.demands.filter((d) => d.teacher === teacher).reduce((s, d) => s + d.periods, 0);
    // away all week but the last 10 periods
    const problem: ScheduleProblem = { ...school, teachers: school.teachers.map((t, i) => (i === teacher ? { ...t, unavailable: Array.from({ length: 30 }, (_, s) => s) } : t)) };
    expect(precheck(problem)).toEqual([{ kind: 'teacherOverloaded', teacher, need: load, have: 10 }]);
    const result = schedule(problem, { ...QUICK, maxIterations: 20_000 });
    expect(result.unplaced.every((u) => u.reason === 'teacherFull' && problem.demands[u.demand]!.teacher === teacher)).toBe(true);
    expect(result.unplaced.reduce((s, u) => s + u.count, 0)).toBe(load - 10);
    expect(hardViolations(problem, result.placements, result.unplaced)).toEqual([]);
  });

  it('copes with a full week: every class period taken', () => {
    // 4 days × 8 = 32 periods, and 32 lessons a class
    const problem = generateSchool({ seed: 6, classes: 12, teachers: 24, days: 4 });
    const result = schedule(problem, { ...QUICK, maxIterations: 50_000 });
    expect(result.unplaced).toEqual([]);
    expect(hardViolations(problem, result.placements, result.unplaced)).toEqual([]);
  });
});

describe('the search’s incremental score', () => {
  it('moves keep every hard rule, and each change is the reference score’s difference', () => {
    const problem = generateSchool({ seed: 8, classes: 8, teachers: 16, teachingClasses: 3, morning: 5, afternoon: 3 });
    const search = new Search(problem, { seed: 3 });
    search.construct();
    let reference = softScore(problem, search.placements());
    expect(search.total).toBe(reference.total);
    const random = mulberry32(99);
    let kept = 0;
    let tried = 0;
    for (let i = 0; i < 1500; i++) {
      const l = Math.floor(random() * search.lessons);
      const to = Math.floor(random() * search.slots);
      const delta = search.tryMove(l, to, () => random() < 0.6);
      if (delta === null) continue;
      tried++;
      const now = softScore(problem, search.placements());
      if (search.accepted) {
        kept++;
        expect(now.total - reference.total).toBe(delta);
      } else expect(now).toEqual(reference); // a move not kept leaves the timetable as it was
      expect({ total: search.total, spread: search.spread, crowded: search.crowded, afternoonMain: search.afternoonMain, longRuns: search.longRuns }).toEqual(now);
      reference = now;
    }
    expect(kept).toBeGreaterThan(150);
    expect(tried - kept).toBeGreaterThan(50);
    const placements = search.placements();
    expect(hardViolations(problem, placements)).toEqual([]);
  });

  it('counts a longer chain (a swap of a class’s two lessons with different teachers) right', () => {
    const problem: ScheduleProblem = sketchProblem({ days: 1, parts: 'mmaa', sections: [{ homeRoom: 0 }], teachers: 2, rooms: [{}], demands: [
      { section: 0, teacher: 0, periods: 1, main: true },
      { section: 0, teacher: 1, periods: 1 },
    ] });
    const search = new Search(problem);
    search.place(0, 2, 0); // the main lesson in the afternoon
    search.place(1, 0, 0);
    expect(search.total).toBe(1);
    expect(search.tryMove(0, 0, () => true)).toBe(-1); // a swap: the other lesson goes to slot 2
    expect(search.placements()).toEqual([{ demand: 0, slot: 0, room: 0 }, { demand: 1, slot: 2, room: 0 }]);
  });
});
