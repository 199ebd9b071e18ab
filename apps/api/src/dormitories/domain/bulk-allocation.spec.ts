import { describe, expect, it } from '@jest/globals';
import { type PlanRoom, planBulkAllocation, type WaitingStudent } from './bulk-allocation.js';

const student = (no: number, classId = 'c1'): WaitingStudent => ({ studentId: `s${no}`, name: `学生${no}`, studentNo: String(202511000 + no), className: classId === 'c1' ? '高一(1)班' : '高一(2)班', classId });
const room = (code: string, over: Partial<PlanRoom> = {}): PlanRoom => ({ roomId: `r${code}`, roomCode: code, buildingName: '1号楼', gender: 'M', enabled: true, bedsEffective: 4, takenBeds: [], ...over });
const range = (from: number, to: number, classId?: string) => Array.from({ length: to - from + 1 }, (_, i) => student(from + i, classId));

/** given waiting students and chosen rooms / when a bulk allocation of boys is planned / then the plan. */
const given = (students: WaitingStudent[], rooms: PlanRoom[]) => ({ when: (gender: 'M' | 'F' = 'M') => planBulkAllocation(students, rooms, gender) });
const occupancy = (plan: ReturnType<typeof planBulkAllocation>) => {
  const out: Record<string, number[]> = {};
  for (const p of plan.placements) out[p.roomCode] = [...(out[p.roomCode] ?? []), p.bedNo];
  return out;
};

describe('a bulk allocation’s plan: given students and rooms / when planned / then', () => {
  it('fills only rooms of the students’ gender and in use, and says why the others take nobody', () => {
    const plan = given(range(1, 3), [room('101', { gender: 'F' }), room('102', { enabled: false }), room('103')]).when();
    expect(occupancy(plan)).toEqual({ '103': [1, 2, 3] });
    expect(plan.skippedRooms).toEqual([
      { roomId: 'r101', roomCode: '101', reason: 'gender' },
      { roomId: 'r102', roomCode: '102', reason: 'disabled' },
    ]);
    expect(plan.freeBedsLeft).toBe(1);
  });

  it('never above the effective beds, never in a taken bed, and reports who is left without one', () => {
    const plan = given(range(1, 8), [room('101', { bedsEffective: 3, takenBeds: [2] }), room('102', { bedsEffective: 4 })]).when();
    expect(occupancy(plan)).toEqual({ '101': [1, 3], '102': [1, 2, 3, 4] });
    expect(plan.unplaced.map((s) => s.studentId)).toEqual(['s7', 's8']);
    expect(plan.freeBedsLeft).toBe(0);
  });

  it('a room with no effective beds takes nobody', () => {
    const plan = given(range(1, 2), [room('101', { bedsEffective: 0 })]).when();
    expect(plan.placements).toEqual([]);
    expect(plan.unplaced).toHaveLength(2);
  });

  it('keeps classmates together: a class goes into a room that holds all of it, the tightest one', () => {
    // class 2 (3 students) fits the 3-bed room whole; class 1 (4) takes the 4-bed room — not split across both
    const plan = given([...range(1, 4, 'c1'), ...range(5, 7, 'c2')], [room('101', { bedsEffective: 3 }), room('102', { bedsEffective: 4 })]).when();
    const roomsOf = (cls: string) => new Set(plan.placements.filter((p) => p.className === cls).map((p) => p.roomCode));
    expect(roomsOf('高一(1)班')).toEqual(new Set(['102']));
    expect(roomsOf('高一(2)班')).toEqual(new Set(['101']));
    expect(plan.unplaced).toEqual([]);
  });

  it('a class larger than any room fills rooms in the order given, by student number', () => {
    const plan = given(range(1, 6), [room('101', { bedsEffective: 4 }), room('102', { bedsEffective: 4 })]).when();
    expect(plan.placements.map((p) => `${p.studentId}@${p.roomCode}-${p.bedNo}`)).toEqual(['s1@101-1', 's2@101-2', 's3@101-3', 's4@101-4', 's5@102-1', 's6@102-2']);
  });

  it('girls go into girls’ rooms only', () => {
    const plan = given(range(1, 2), [room('101'), room('201', { gender: 'F' })]).when('F');
    expect(occupancy(plan)).toEqual({ '201': [1, 2] });
  });
});
