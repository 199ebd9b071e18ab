import { type DormitoryHistoryEntry, type DormitoryRoomBeds, type DormitoryStudent, formatSchoolTime, type InspectionRow, type NightRecordRow } from '@schoolflow/contracts';
import type { HistoryRecord, InspectionRecord, NightRecord, OccupantRecord, RoomRecord, StudentRecord } from './dormitory.repository.js';

/** A bed as people name it: `building room-bed` (`男生1号楼 101-3`), kept on a night record as it was then. */
export const bedLabel = (building: string, room: string, bed: number): string => `${building} ${room}-${bed}`;

/** A room's beds 1 to its total: the effective ones in use, each with its sleeper or free. */
export function roomBeds(room: RoomRecord, occupants: readonly OccupantRecord[]): DormitoryRoomBeds {
  const byBed = new Map(occupants.map((o) => [o.bed_no, o]));
  return {
    roomId: room.id,
    buildingName: room.building_name,
    code: room.code,
    gender: room.gender,
    bedsTotal: room.beds_total,
    bedsEffective: room.beds_effective,
    beds: Array.from({ length: room.beds_total }, (_, i) => {
      const o = byBed.get(i + 1);
      return { bedNo: i + 1, inUse: i + 1 <= room.beds_effective, occupant: o ? { studentId: o.student_id, name: o.name, studentNo: o.student_no, className: o.class_name } : null };
    }),
  };
}

export function dormitoryStudent(s: StudentRecord): DormitoryStudent {
  return {
    studentId: s.id,
    name: s.name,
    studentNo: s.student_no,
    className: s.class_name,
    gender: s.gender,
    boarding: s.boarding,
    bed: s.room_id && s.bed_no !== null ? { roomId: s.room_id, buildingName: s.building_name ?? '', roomCode: s.room_code ?? '', bedNo: s.bed_no } : null,
  };
}

export function historyEntry(h: HistoryRecord, timeZone: string): DormitoryHistoryEntry {
  return { kind: h.kind, studentName: h.student_name, studentNo: h.student_no, buildingName: h.building_name, roomCode: h.room_code, bedNo: h.bed_no, actorName: h.actor_name, reason: h.reason, at: formatSchoolTime(h.at.getTime(), timeZone) };
}

export function inspectionRow(i: InspectionRecord, files: readonly { res_id: string; res_name: string; res_suffix: string }[]): InspectionRow {
  const names = new Map(files.map((f) => [f.res_id, f]));
  return {
    id: i.id,
    roomId: i.room_id,
    buildingName: i.building_name,
    roomCode: i.room_code,
    inspectedOn: i.inspected_on,
    score: i.score,
    remark: i.remark,
    inspectorName: i.inspector_name ?? '',
    photos: i.photos.flatMap((id) => {
      const f = names.get(id);
      return f ? [{ resId: f.res_id, resName: f.res_name, resSuffix: f.res_suffix }] : [];
    }),
  };
}

export function nightRow(n: NightRecord): NightRecordRow {
  return { id: n.id, kind: n.kind, studentName: n.student_name, studentNo: n.student_no, className: n.class_name, bed: n.bed, date: n.on_date, time: n.at_time, note: n.note, recorderName: n.recorder_name ?? '', headTeacherTold: n.head_teacher_id !== null };
}
