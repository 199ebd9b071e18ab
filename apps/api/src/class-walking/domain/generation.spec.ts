import { balancedSizes, type BusyWorld, placeLessons, planClasses } from './generation.js';

const world = (): BusyWorld => ({ sections: new Map(), teachers: new Map(), rooms: new Map() });

describe('class-walking generation', () => {
  it('splits a course into as few classes as the capacity allows, sizes differing by at most one', () => {
    expect(balancedSizes(0, 40)).toEqual([]);
    expect(balancedSizes(40, 40)).toEqual([40]);
    expect(balancedSizes(41, 40)).toEqual([21, 20]);
    expect(balancedSizes(95, 30)).toEqual([24, 24, 24, 23]);
    for (const n of [1, 7, 59, 60, 61, 200]) {
      const sizes = balancedSizes(n, 30);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
      expect(Math.max(...sizes)).toBeLessThanOrEqual(30);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
  });

  it('plans every chooser of a course into exactly one of its classes, keeping administrative classes together', () => {
    const students = Array.from({ length: 9 }, (_, i) => ({ studentId: `s${i}`, classId: i % 2 ? 'B' : 'A', studentNo: String(100 + i), courseIds: i < 7 ? ['PHY'] : ['HIS'] }));
    const plan = planClasses(['PHY', 'HIS', 'CHEM'], students, 4);
    const phy = plan.filter((c) => c.courseId === 'PHY');
    expect(phy.map((c) => c.studentIds.length)).toEqual([4, 3]);
    expect(phy[0]?.studentIds).toEqual(['s0', 's2', 's4', 's6']);
    expect(plan.filter((c) => c.courseId === 'CHEM')).toEqual([]);
    expect(new Set(phy.flatMap((c) => c.studentIds)).size).toBe(7);
  });

  it('places lessons only where its students, teacher and a big enough room are free, and marks what it placed', () => {
    const w = world();
    w.sections.set('1:1', new Set(['A']));
    w.teachers.set('1:2', new Set(['T']));
    const slots = [1, 2, 3, 4].map((period) => ({ weekday: 1, period }));
    const rooms = [{ id: 'small', seats: 10 }, { id: 'big', seats: 50 }];
    const out = placeLessons(
      [
        { key: 'X', teacherId: 'T', size: 30, lessons: 1, sections: ['A'], preferredRooms: [] },
        { key: 'Y', teacherId: 'U', size: 30, lessons: 2, sections: ['A', 'X'], preferredRooms: [] },
      ],
      slots,
      w,
      rooms,
      new Set(['U@1:4']),
    );
    expect(out.placed.find((p) => p.key === 'X')).toEqual({ key: 'X', slot: { weekday: 1, period: 3 }, roomId: 'big' });
    // Y shares students with X (period 3) and class A (period 1); its teacher is away at 4: only period 2 is left
    expect(out.placed.filter((p) => p.key === 'Y').map((p) => p.slot.period)).toEqual([2]);
    expect(out.unplaced).toBe(1);
  });
});
