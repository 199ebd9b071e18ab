import type { AttendanceStatus, CheckinKind, CheckinSettings, RollSaveValues, RollStudent } from '@schoolflow/contracts';

/**
 * 考勤's pure rules (docs/adr/0052-attendance.md): the distance to the check-in place, which window a time of day is in,
 * and a roll's marks against its class and the approved leaves. The use cases read, these decide.
 */

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in whole metres (haversine: well within a metre at a school's few hundred metres). */
export function distanceMeters(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h))));
}

/** Which check-in window a school time of day (`HH:mm`) is in, both ends included; null: neither. */
export function checkinWindow(time: string, s: Pick<CheckinSettings, 'checkInStart' | 'checkInEnd' | 'checkOutStart' | 'checkOutEnd'>): CheckinKind | null {
  if (time >= s.checkInStart && time <= s.checkInEnd) return 'in';
  if (time >= s.checkOutStart && time <= s.checkOutEnd) return 'out';
  return null;
}

/** An approved leave of a student, as the roll reads it (its covered span already cut at a 销假's return). */
export interface CoveringLeave {
  id: string;
  studentId: string;
  start: string;
  end: string;
}

/** A student of the class as the roll reads them, with what was saved for them (null: not taken yet). */
export interface RollMember {
  studentId: string;
  studentNo: string;
  name: string;
  saved: { status: AttendanceStatus; note: string } | null;
}

/**
 * The roll's students as shown: what was saved, else present — and on leave, whatever was saved, while an approved
 * leave covers the period (a leave passed after the roll corrects it too: leave-corrections.ts).
 */
export function rollStudents(members: readonly RollMember[], leaves: readonly CoveringLeave[]): RollStudent[] {
  const leaveOf = new Map(leaves.map((l) => [l.studentId, l]));
  return members.map((m) => {
    const leave = leaveOf.get(m.studentId);
    const status: AttendanceStatus = leave ? 'leave' : (m.saved?.status ?? 'present');
    return { studentId: m.studentId, studentNo: m.studentNo, name: m.name, status, note: m.saved?.note ?? '', leave: leave ? { id: leave.id, start: leave.start, end: leave.end } : null };
  });
}

export type MarksProblem = { kind: 'studentsMismatch' } | { kind: 'onApprovedLeave'; name: string };

/**
 * Whether a roll's marks fit its class: each enrolled student once and no one else, and a student an approved leave
 * covers marked on leave (the leave decides, not the roll). Null: they fit.
 */
export function checkMarks(marks: RollSaveValues['marks'], members: readonly RollMember[], leaves: readonly CoveringLeave[]): MarksProblem | null {
  const ids = new Set(members.map((m) => m.studentId));
  const given = new Set(marks.map((m) => m.studentId));
  if (given.size !== marks.length || given.size !== ids.size || [...given].some((id) => !ids.has(id))) return { kind: 'studentsMismatch' };
  const onLeave = new Set(leaves.map((l) => l.studentId));
  const wrong = marks.find((m) => onLeave.has(m.studentId) && m.status !== 'leave');
  if (wrong) return { kind: 'onApprovedLeave', name: members.find((m) => m.studentId === wrong.studentId)?.name ?? '' };
  return null;
}

/** The students newly absent in this save: not absent in what was saved before (their parents are told once). */
export function newlyAbsent(marks: RollSaveValues['marks'], before: readonly RollMember[]): string[] {
  const was = new Map(before.map((m) => [m.studentId, m.saved?.status ?? null]));
  return marks.filter((m) => m.status === 'absent' && was.get(m.studentId) !== 'absent').map((m) => m.studentId);
}

/** Counts per status. */
export function countStatuses(statuses: readonly AttendanceStatus[]): Record<AttendanceStatus, number> {
  const out = { present: 0, late: 0, absent: 0, leave: 0 };
  for (const s of statuses) out[s] += 1;
  return out;
}

/** The dates of a month (`YYYY-MM`), in order. */
export function datesOfMonth(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: days }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}
