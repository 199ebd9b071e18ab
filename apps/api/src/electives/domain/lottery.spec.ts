import { describe, expect, it } from '@jest/globals';
import { drawLottery, type LotteryInput, type LotteryStudent, seededRandom } from './lottery.js';

const course = (id: string, seats: number, slots: string[] = [`1-${id.length}`]) => ({ id, seats, slots });
const student = (id: string, preferences: string[], group = 0): LotteryStudent => ({ id, preferences, group });
const placed = (r: ReturnType<typeof drawLottery>) => r.placements.map((p) => `${p.studentId}>${p.courseId}@${p.rank}`);

/** given a batch / when drawn with a seed / then the placements. */
const given = (input: Omit<LotteryInput, 'seed'>) => ({ when: (seed: string) => drawLottery({ ...input, seed }) });

describe('the lottery: given the choices / when drawn / then', () => {
  it('the same seed gives the same draw, whatever order the students come in; another seed another draw', () => {
    const students = Array.from({ length: 60 }, (_, i) => student(`s${String(i).padStart(2, '0')}`, ['a', 'b']));
    const batch = { courses: [course('a', 10, ['1-1']), course('b', 10, ['2-1'])], students, maxPerStudent: 1 };
    const first = given(batch).when('2026-rush');
    const again = given({ ...batch, students: [...students].reverse() }).when('2026-rush');
    expect(placed(again)).toEqual(placed(first));
    expect(again.digest).toBe(first.digest);
    expect(given(batch).when('another').digest).not.toBe(first.digest);
    expect(first.placements).toHaveLength(20);
  });

  it('first choices first: nobody takes a seat with a second choice while someone wanted it first', () => {
    // 3 want a first, 2 want b first then a; a has 3 seats: the three first choices win it all
    const r = given({
      courses: [course('a', 3, ['1-1']), course('b', 1, ['2-1'])],
      students: [student('p', ['b', 'a']), student('q', ['b', 'a']), student('x', ['a']), student('y', ['a']), student('z', ['a'])],
      maxPerStudent: 1,
    }).when('seed-1');
    expect(r.placements.filter((p) => p.courseId === 'a').map((p) => p.studentId).sort()).toEqual(['x', 'y', 'z']);
    expect(r.placements.filter((p) => p.courseId === 'b')).toHaveLength(1);
    expect(r.left.get('a')).toBe(0);
  });

  it('a priority group draws before the others at each rank', () => {
    const students = [...Array.from({ length: 10 }, (_, i) => student(`g${i}`, ['a'], 1)), student('senior1', ['a'], 0), student('senior2', ['a'], 0)];
    for (const seed of ['x', 'y', 'z']) {
      const r = given({ courses: [course('a', 2)], students, maxPerStudent: 1 }).when(seed);
      expect(r.placements.map((p) => p.studentId).sort()).toEqual(['senior1', 'senior2']);
    }
  });

  it('capacity is never exceeded, a student holds at most N and never two courses at one slot', () => {
    const courses = [course('a', 5, ['1-1']), course('b', 5, ['1-1']), course('c', 5, ['2-2']), course('d', 5, ['3-3'])];
    const ids = ['a', 'b', 'c', 'd'];
    const random = seededRandom('prefs');
    const students = Array.from({ length: 40 }, (_, i) => student(`s${i}`, [...ids].sort(() => random() - 0.5).slice(0, 3)));
    const r = given({ courses, students, maxPerStudent: 2 }).when('cap');
    for (const c of courses) expect(r.placements.filter((p) => p.courseId === c.id).length).toBeLessThanOrEqual(c.seats);
    for (const s of students) {
      const mine = r.placements.filter((p) => p.studentId === s.id).map((p) => p.courseId);
      expect(mine.length).toBeLessThanOrEqual(2);
      expect(mine.includes('a') && mine.includes('b')).toBe(false);
    }
    expect(r.placements.length + [...r.left.values()].reduce((x, y) => x + y, 0)).toBe(20);
  });

  it('no choices, no seats: an empty draw leaves every seat', () => {
    const r = given({ courses: [course('a', 3)], students: [], maxPerStudent: 1 }).when('empty');
    expect(r.placements).toEqual([]);
    expect(r.left.get('a')).toBe(3);
  });
});
