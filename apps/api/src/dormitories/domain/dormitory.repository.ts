import { Injectable } from '@nestjs/common';
import type { AllocationKind, InspectionListQuery, InspectionValues, NightRecordKind, NightRecordListQuery, NightRecordValues } from '@schoolflow/contracts';
import { likePattern } from '../../infrastructure/database/like-pattern.js';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';
import type { PlanRoom, WaitingStudent } from './bulk-allocation.js';

export type { Db };

/** A student as allocation reads them: class, gender, status, boarding and bed. */
export interface StudentRecord {
  id: string;
  name: string;
  student_no: string;
  gender: 'M' | 'F';
  status: string;
  boarding: 'boarding' | 'day';
  class_id: string;
  class_name: string;
  head_teacher_id: string | null;
  room_id: string | null;
  room_code: string | null;
  building_name: string | null;
  bed_no: number | null;
}

export interface RoomRecord {
  id: string;
  code: string;
  building_name: string;
  gender: 'M' | 'F';
  enabled: boolean;
  beds_total: number;
  beds_effective: number;
}

export interface OccupantRecord {
  bed_no: number;
  student_id: string;
  name: string;
  student_no: string;
  class_name: string;
}

export interface HistoryRecord {
  kind: AllocationKind;
  student_name: string;
  student_no: string;
  building_name: string;
  room_code: string;
  bed_no: number;
  actor_name: string | null;
  reason: string;
  at: Date;
}

export interface InspectionRecord {
  id: string;
  room_id: string;
  building_name: string;
  room_code: string;
  inspected_on: string;
  score: number;
  remark: string;
  photos: string[];
  inspector_name: string | null;
}

export interface NightRecord {
  id: string;
  kind: NightRecordKind;
  student_name: string;
  student_no: string;
  class_name: string;
  bed: string;
  on_date: string;
  at_time: string | null;
  note: string;
  recorder_name: string | null;
  head_teacher_id: string | null;
}

const STUDENT = `SELECT s.id, s.name, s.student_no, s.gender, s.status, s.boarding, s.class_id, c.name AS class_name, c.head_teacher_id,
    a.room_id, r.code AS room_code, b.name AS building_name, a.bed_no
  FROM student s JOIN admin_class c ON c.id = s.class_id
  LEFT JOIN dorm_allocation a ON a.student_id = s.id LEFT JOIN dorm_room r ON r.id = a.room_id LEFT JOIN dorm_building b ON b.id = r.building_id`;
const ROOM = `SELECT r.id, r.code, b.name AS building_name, r.gender, r.enabled AND b.enabled AS enabled, r.beds_total, r.beds_effective FROM dorm_room r JOIN dorm_building b ON b.id = r.building_id`;

/** 宿舍管理's SQL (docs/adr/0053-dormitories.md#tables): the use cases decide, this reads and writes. */
@Injectable()
export class DormitoryRepository {
  /** `lock`: the student's row FOR UPDATE (an allocation and the day-reading effect of one student take turns). */
  async student(db: Db, id: string, lock = false): Promise<StudentRecord | null> {
    const [row] = await rows<StudentRecord>(db, `${STUDENT} WHERE s.id = $1 ${lock ? 'FOR UPDATE OF s' : ''}`, [id]);
    return row ?? null;
  }

  findStudents(db: Db, q: string): Promise<StudentRecord[]> {
    return rows<StudentRecord>(db, `${STUDENT} WHERE s.name ILIKE $1 OR s.student_no ILIKE $1 ORDER BY s.student_no LIMIT 20`, [likePattern(q)]);
  }

  /** `lock`: the room's row FOR UPDATE — every allocation into a room takes it, so two cannot both count it free. */
  async room(db: Db, id: string, lock = false): Promise<RoomRecord | null> {
    const [row] = await rows<RoomRecord>(db, `${ROOM} WHERE r.id = $1 ${lock ? 'FOR UPDATE OF r' : ''}`, [id]);
    return row ?? null;
  }

  occupants(db: Db, roomId: string): Promise<OccupantRecord[]> {
    return rows<OccupantRecord>(
      db,
      `SELECT a.bed_no, s.id AS student_id, s.name, s.student_no, c.name AS class_name FROM dorm_allocation a JOIN student s ON s.id = a.student_id JOIN admin_class c ON c.id = s.class_id
        WHERE a.room_id = $1 ORDER BY a.bed_no`,
      [roomId],
    );
  }

  /** The chosen rooms, locked in one order (by id) so two bulk allocations never wait on each other crosswise, with their taken beds. */
  async planRooms(db: Db, roomIds: readonly string[], lock: boolean): Promise<PlanRoom[]> {
    const found = await rows<RoomRecord>(db, `${ROOM} WHERE r.id = ANY($1::uuid[]) ORDER BY r.id ${lock ? 'FOR UPDATE OF r' : ''}`, [roomIds]);
    const taken = await rows<{ room_id: string; beds: number[] }>(db, `SELECT room_id, array_agg(bed_no) AS beds FROM dorm_allocation WHERE room_id = ANY($1::uuid[]) GROUP BY room_id`, [roomIds]);
    const takenOf = new Map(taken.map((t) => [t.room_id, t.beds]));
    const byId = new Map(found.map((r) => [r.id, r]));
    // in the order chosen: the plan fills them in that order
    return roomIds.flatMap((id) => {
      const r = byId.get(id);
      return r ? [{ roomId: r.id, roomCode: r.code, buildingName: r.building_name, gender: r.gender, enabled: r.enabled, bedsEffective: r.beds_effective, takenBeds: takenOf.get(r.id) ?? [] }] : [];
    });
  }

  /** Boarders of a grade and gender, enrolled, without a bed. */
  waiting(db: Db, grade: string, gender: 'M' | 'F'): Promise<WaitingStudent[]> {
    return rows<WaitingStudent>(
      db,
      `SELECT s.id AS "studentId", s.name, s.student_no AS "studentNo", c.name AS "className", s.class_id AS "classId"
         FROM student s JOIN admin_class c ON c.id = s.class_id
        WHERE c.grade::text = $1 AND s.gender = $2 AND s.status = 'enrolled' AND s.boarding = 'boarding' AND c.in_school
          AND NOT EXISTS (SELECT 1 FROM dorm_allocation a WHERE a.student_id = s.id)
        ORDER BY s.student_no`,
      [grade, gender],
    );
  }

  /** Puts a student in a bed and writes the history's line, in the caller's transaction. */
  async attach(tx: Db, studentId: string, roomId: string, bedNo: number, actorId: string | null, reason = ''): Promise<void> {
    await tx.query(`INSERT INTO dorm_allocation (student_id, room_id, bed_no) VALUES ($1, $2, $3)`, [studentId, roomId, bedNo]);
    await tx.query(`INSERT INTO dorm_allocation_log (student_id, room_id, bed_no, kind, actor_id, reason) VALUES ($1, $2, $3, 'attached', $4, $5)`, [studentId, roomId, bedNo, actorId, reason]);
  }

  /** Takes a student out of their bed (unassigned or removed) with the history's line; false when they had none. */
  async release(tx: Db, studentId: string, kind: Exclude<AllocationKind, 'attached'>, actorId: string | null, reason: string): Promise<boolean> {
    const gone = await rows<{ room_id: string; bed_no: number }>(tx, `DELETE FROM dorm_allocation WHERE student_id = $1 RETURNING room_id, bed_no`, [studentId]);
    const bed = gone[0];
    if (!bed) return false;
    await tx.query(`INSERT INTO dorm_allocation_log (student_id, room_id, bed_no, kind, actor_id, reason) VALUES ($1, $2, $3, $4, $5, $6)`, [studentId, bed.room_id, bed.bed_no, kind, actorId, reason]);
    return true;
  }

  history(db: Db, of: { roomId?: string; studentId?: string }): Promise<HistoryRecord[]> {
    return rows<HistoryRecord>(
      db,
      `SELECT l.kind, s.name AS student_name, s.student_no, b.name AS building_name, r.code AS room_code, l.bed_no, u.name AS actor_name, l.reason, l.at
         FROM dorm_allocation_log l JOIN student s ON s.id = l.student_id JOIN dorm_room r ON r.id = l.room_id JOIN dorm_building b ON b.id = r.building_id
         LEFT JOIN sys_user u ON u.id = l.actor_id
        WHERE ($1::uuid IS NULL OR l.room_id = $1) AND ($2::uuid IS NULL OR l.student_id = $2)
        ORDER BY l.id DESC LIMIT 500`,
      [of.roomId ?? null, of.studentId ?? null],
    );
  }

  async insertInspection(tx: Db, v: InspectionValues, inspectorId: string): Promise<string> {
    const [row] = await rows<{ id: string }>(tx, `INSERT INTO dorm_inspection (room_id, inspected_on, score, remark, photos, inspector_id) VALUES ($1, $2, $3, $4, $5::uuid[], $6) RETURNING id`, [v.roomId, v.inspectedOn, v.score, v.remark, v.photos, inspectorId]);
    const id = (row as { id: string }).id;
    // linked: the sweep keeps them, and those who record inspections may open them (FileStore.visible)
    if (v.photos.length > 0) await tx.query(`INSERT INTO sys_file_link (res_id, ref_type, ref_id) SELECT unnest($1::uuid[]), 'dorm_inspection', $2 ON CONFLICT DO NOTHING`, [v.photos, id]);
    return id;
  }

  async inspections(db: Db, q: InspectionListQuery & { id?: string }): Promise<{ total: number; list: InspectionRecord[] }> {
    const where = `($1::uuid IS NULL OR i.room_id = $1) AND ($2::uuid IS NULL OR r.building_id = $2) AND ($3::uuid IS NULL OR i.id = $3)`;
    const from = `dorm_inspection i JOIN dorm_room r ON r.id = i.room_id JOIN dorm_building b ON b.id = r.building_id LEFT JOIN sys_user u ON u.id = i.inspector_id`;
    const args = [q.roomId ?? null, q.buildingId ?? null, q.id ?? null];
    const [count] = await rows<{ total: number }>(db, `SELECT count(*)::int AS total FROM ${from} WHERE ${where}`, args);
    const list = await rows<InspectionRecord>(
      db,
      `SELECT i.id, i.room_id, b.name AS building_name, r.code AS room_code, to_char(i.inspected_on, 'YYYY-MM-DD') AS inspected_on, i.score, i.remark, i.photos, u.name AS inspector_name
         FROM ${from} WHERE ${where} ORDER BY i.inspected_on DESC, i.created_at DESC LIMIT $4 OFFSET $5`,
      [...args, q.size, (q.current - 1) * q.size],
    );
    return { total: count?.total ?? 0, list };
  }

  async insertNight(tx: Db, v: NightRecordValues, bed: string, headTeacherId: string | null, recorderId: string): Promise<string> {
    const [row] = await rows<{ id: string }>(
      tx,
      `INSERT INTO dorm_night_record (student_id, kind, on_date, at_time, note, bed, head_teacher_id, recorder_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [v.studentId, v.kind, v.date, v.time ?? null, v.note, bed, headTeacherId, recorderId],
    );
    return (row as { id: string }).id;
  }

  /** Night records, newest first; `headTeacherId`: only the students of that head teacher's classes (now). */
  async nights(db: Db, q: NightRecordListQuery & { id?: string }, headTeacherId: string | null): Promise<{ total: number; list: NightRecord[] }> {
    const from = `dorm_night_record n JOIN student s ON s.id = n.student_id JOIN admin_class c ON c.id = s.class_id LEFT JOIN sys_user u ON u.id = n.recorder_id`;
    const where = `($1::text IS NULL OR n.kind = $1) AND ($2::date IS NULL OR n.on_date >= $2) AND ($3::date IS NULL OR n.on_date <= $3)
      AND ($4::uuid IS NULL OR c.head_teacher_id = $4) AND ($5::uuid IS NULL OR n.id = $5)`;
    const args = [q.kind ?? null, q.from ?? null, q.to ?? null, headTeacherId, q.id ?? null];
    const [count] = await rows<{ total: number }>(db, `SELECT count(*)::int AS total FROM ${from} WHERE ${where}`, args);
    const list = await rows<NightRecord>(
      db,
      `SELECT n.id, n.kind, s.name AS student_name, s.student_no, c.name AS class_name, n.bed, to_char(n.on_date, 'YYYY-MM-DD') AS on_date, n.at_time, n.note, u.name AS recorder_name, n.head_teacher_id
         FROM ${from} WHERE ${where} ORDER BY n.on_date DESC, n.created_at DESC LIMIT $6 OFFSET $7`,
      [...args, q.size, (q.current - 1) * q.size],
    );
    return { total: count?.total ?? 0, list };
  }

  /** The uploader's own files among `ids`, not removed: what they may attach. */
  ownFiles(db: Db, ids: readonly string[], ownerId: string): Promise<{ res_id: string; mime: string; size: number }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return rows(db, `SELECT res_id, mime, size FROM sys_file WHERE res_id = ANY($1::uuid[]) AND owner_id = $2 AND removed_at IS NULL`, [ids, ownerId]);
  }

  fileNames(db: Db, ids: readonly string[]): Promise<{ res_id: string; res_name: string; res_suffix: string }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return rows(db, `SELECT res_id, res_name, res_suffix FROM sys_file WHERE res_id = ANY($1::uuid[])`, [ids]);
  }
}
