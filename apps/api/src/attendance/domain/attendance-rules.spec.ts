import { describe, expect, it } from '@jest/globals';
import { checkinWindow, checkMarks, countStatuses, datesOfMonth, distanceMeters, newlyAbsent, type RollMember, rollStudents } from './attendance-rules.js';

const SCHOOL = { latitude: 31.2304, longitude: 121.4737 };
const WINDOWS = { checkInStart: '07:00', checkInEnd: '08:30', checkOutStart: '16:30', checkOutEnd: '19:00' };
const members: RollMember[] = [
  { studentId: 'a', studentNo: '1', name: '甲', saved: null },
  { studentId: 'b', studentNo: '2', name: '乙', saved: { status: 'absent', note: '' } },
  { studentId: 'c', studentNo: '3', name: '丙', saved: { status: 'late', note: '堵车' } },
];
const leave = { id: 'L', studentId: 'a', start: '2026-11-02T00:00:00Z', end: '2026-11-03T00:00:00Z' };

describe('distanceMeters', () => {
  it('given the same point, when measured, then it is 0', () => expect(distanceMeters(SCHOOL, SCHOOL)).toBe(0));
  it('given a point 0.001° of latitude north, when measured, then it is about 111 m', () => expect(distanceMeters(SCHOOL, { ...SCHOOL, latitude: SCHOOL.latitude + 0.001 })).toBe(111));
  it('given Shanghai and Beijing, when measured, then it is about 1067 km', () => expect(Math.round(distanceMeters(SCHOOL, { latitude: 39.9042, longitude: 116.4074 }) / 1000)).toBe(1067));
});

describe('checkinWindow', () => {
  it('given a time inside the morning window, both ends included, then it is a check-in', () => {
    expect(['07:00', '07:45', '08:30'].map((t) => checkinWindow(t, WINDOWS))).toEqual(['in', 'in', 'in']);
  });
  it('given a time inside the afternoon window, then it is a check-out', () => expect(checkinWindow('17:10', WINDOWS)).toBe('out'));
  it('given a time between or outside the windows, then it is neither', () => {
    expect(['06:59', '08:31', '12:00', '19:01'].map((t) => checkinWindow(t, WINDOWS))).toEqual([null, null, null, null]);
  });
});

describe('rollStudents', () => {
  it('given a roll not taken, then everyone is present except who an approved leave covers', () => {
    const shown = rollStudents(members.map((m) => ({ ...m, saved: null })), [leave]);
    expect(shown.map((s) => [s.studentId, s.status, s.leave?.id ?? null])).toEqual([['a', 'leave', 'L'], ['b', 'present', null], ['c', 'present', null]]);
  });
  it('given a saved roll, then the saved statuses and notes are shown', () => {
    expect(rollStudents(members, []).map((s) => [s.status, s.note])).toEqual([['present', ''], ['absent', ''], ['late', '堵车']]);
  });
  it('given a leave passed after the roll marked the student absent, then the leave wins', () => {
    expect(rollStudents(members, [{ ...leave, studentId: 'b' }])[1]?.status).toBe('leave');
  });
});

describe('checkMarks', () => {
  const all = (status: 'present' | 'leave' = 'present') => [
    { studentId: 'a', status: 'leave' as const, note: '' },
    { studentId: 'b', status, note: '' },
    { studentId: 'c', status: 'present' as const, note: '' },
  ];
  it('given every student once and the one on leave marked on leave, then it fits', () => expect(checkMarks(all(), members, [leave])).toBeNull());
  it('given a student missing, twice, or a stranger, then the students do not match', () => {
    expect(checkMarks(all().slice(0, 2), members, [])).toEqual({ kind: 'studentsMismatch' });
    expect(checkMarks([...all().slice(0, 2), { studentId: 'b', status: 'late', note: '' }], members, [])).toEqual({ kind: 'studentsMismatch' });
    expect(checkMarks([...all().slice(0, 2), { studentId: 'x', status: 'late', note: '' }], members, [])).toEqual({ kind: 'studentsMismatch' });
  });
  it('given a student on approved leave marked present, then it is refused naming them', () => {
    expect(checkMarks(all(), members, [{ ...leave, studentId: 'b' }])).toEqual({ kind: 'onApprovedLeave', name: '乙' });
  });
});

describe('newlyAbsent', () => {
  it('given students absent now, then only those not absent before are new', () => {
    const marks = [{ studentId: 'a', status: 'absent' as const, note: '' }, { studentId: 'b', status: 'absent' as const, note: '' }, { studentId: 'c', status: 'present' as const, note: '' }];
    expect(newlyAbsent(marks, members)).toEqual(['a']);
  });
});

describe('countStatuses and datesOfMonth', () => {
  it('given statuses, then each is counted', () => expect(countStatuses(['present', 'late', 'present', 'leave'])).toEqual({ present: 2, late: 1, absent: 0, leave: 1 }));
  it('given February of a leap year and November, then their days', () => {
    expect(datesOfMonth('2028-02')).toHaveLength(29);
    expect(datesOfMonth('2026-11').slice(-1)).toEqual(['2026-11-30']);
  });
});
