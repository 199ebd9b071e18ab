import { z } from 'zod';
import { isCalendarDate } from './flow-forms.js';
import { RoleCode } from './permissions.js';
import { DORMITORIES_BASE, DORMITORY_EDIT_PERMISSION, DORMITORY_READ_PERMISSION, ROOM_BEDS_MAX } from './resources/dormitories.resource.js';
import { GRADES } from './resources/classes.resource.js';
import { GENDERS } from './resources/students.resource.js';
import { pageNumber } from './schemas.js';

/**
 * 宿舍管理 (docs/product/campus-life.md#dormitories, docs/adr/0053-dormitories.md): buildings and rooms (the resource kit,
 * `dormitories.resource.ts`), beds and who sleeps in them — attached, unassigned, removed, every step kept in an
 * append-only history — a bulk allocation by grade and gender previewed before it is applied, hygiene inspections
 * with scores and photos, and late-return and absence-at-night records that tell the student's head teacher.
 */
export const dormitoryPath = {
  /** `GET` → `DormitoryRoomBeds`: a room's beds and who sleeps in each (dormitories:list). */
  beds: (roomId: string): string => `${DORMITORIES_BASE}/rooms/${roomId}/beds`,
  /** `GET` `dormitoryHistoryQuerySchema` → `DormitoryHistoryEntry[]`: a room's or a student's allocation history (dormitories:list). */
  history: `${DORMITORIES_BASE}/allocations/history`,
  /** `GET` `dormitoryStudentQuerySchema` → `DormitoryStudent[]`: students by name or number with their bed, to pick from (dormitories:list). */
  students: `${DORMITORIES_BASE}/allocations/students`,
  /** `POST` `attachBedSchema` → `DormitoryRoomBeds`: put a student in a free bed (dormitories:edit). */
  attach: `${DORMITORIES_BASE}/allocations`,
  /** `POST` `releaseBedSchema`: take a student out of their bed, still a boarder waiting for one (dormitories:edit). */
  unassign: (studentId: string): string => `${DORMITORIES_BASE}/allocations/${studentId}/unassign`,
  /** `POST` `releaseBedSchema`: take a student out of the dormitory (dormitories:edit). */
  remove: (studentId: string): string => `${DORMITORIES_BASE}/allocations/${studentId}/remove`,
  /** `POST` `bulkAllocationSchema` → `BulkAllocationPlan`: what a bulk allocation would do; writes nothing (dormitories:edit). */
  bulkPreview: `${DORMITORIES_BASE}/allocations/bulk/preview`,
  /** `POST` `bulkAllocationSchema` → `BulkAllocationPlan`: the same, planned again on the locked rooms and written (dormitories:edit). */
  bulkApply: `${DORMITORIES_BASE}/allocations/bulk/apply`,
  /** `GET` `inspectionListQuerySchema` → `InspectionPage`; `POST` `inspectionInputSchema` → `InspectionRow` (dormitories:records). */
  inspections: `${DORMITORIES_BASE}/inspections`,
  /** `GET` `nightRecordListQuerySchema` → `NightRecordPage` (dormitories:records, or a head teacher's own classes); `POST` `nightRecordInputSchema` → `NightRecordRow` (dormitories:records). */
  nightRecords: `${DORMITORIES_BASE}/night-records`,
} as const;

export { DORMITORY_EDIT_PERMISSION, DORMITORY_READ_PERMISSION };
/** Hygiene inspections and night records: recording them and reading them all (life teachers' work; the office and administrators here). */
export const DORMITORY_RECORDS_PERMISSION = 'dormitories:records';
/** A head teacher reads the night records of their own classes (the page of 晚归记录, scoped by the API). */
export const DORMITORY_NIGHT_READ_PERMISSION = 'dormitories:night:list';

const MANAGERS = [RoleCode.office];

/**
 * 宿舍管理's pages (docs/adr/0053-dormitories.md#routes), registered at start under the group's heading like the
 * resource kit's: `/ssgl/…` (宿舍管理's initials, as 报修管理 is `/bxgl`).
 */
export const DORMITORY_PAGES = [
  { url: '/ssgl/ssl', key: 'buildings', sort: 1, icon: 'building', permission: DORMITORY_READ_PERMISSION, write: DORMITORY_EDIT_PERMISSION, roles: MANAGERS, writers: MANAGERS },
  { url: '/ssgl/fj', key: 'rooms', sort: 2, icon: 'home', permission: DORMITORY_READ_PERMISSION, write: DORMITORY_EDIT_PERMISSION, roles: MANAGERS, writers: MANAGERS },
  { url: '/ssgl/cwfp', key: 'allocation', sort: 3, icon: 'bed', permission: DORMITORY_READ_PERMISSION, write: DORMITORY_EDIT_PERMISSION, roles: MANAGERS, writers: MANAGERS },
  { url: '/ssgl/wsjc', key: 'inspections', sort: 4, icon: 'clipboard check', permission: DORMITORY_RECORDS_PERMISSION, write: null, roles: MANAGERS, writers: [] },
  { url: '/ssgl/wgjl', key: 'night', sort: 5, icon: 'moon', permission: DORMITORY_NIGHT_READ_PERMISSION, write: DORMITORY_RECORDS_PERMISSION, roles: [RoleCode.office, RoleCode.headTeacher], writers: MANAGERS },
] as const satisfies readonly { url: string; key: string; sort: number; icon: string; permission: string; write: string | null; roles: readonly string[]; writers: readonly string[] }[];

export const DORMITORY_LIMITS = { reasonMax: 200, remarkMax: 200, noteMax: 200, photos: 4, bulkRooms: 200, scoreMax: 100 } as const;

const uuid = (key: string) => z.string({ error: key }).uuid(key);
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const date = z.string({ error: 'validation.dateInvalid' }).refine(isCalendarDate, 'validation.dateInvalid');

export const attachBedSchema = z.object({
  studentId: uuid('dormitories.validation.studentRequired'),
  roomId: uuid('dormitories.validation.roomRequired'),
  bedNo: z.number({ error: 'dormitories.validation.bedInvalid' }).int('dormitories.validation.bedInvalid').min(1, 'dormitories.validation.bedInvalid').max(ROOM_BEDS_MAX, 'dormitories.validation.bedInvalid'),
});
export type AttachBedInput = z.infer<typeof attachBedSchema>;

export const releaseBedSchema = z.object({ reason: z.string({ error: 'dormitories.validation.reasonTooLong' }).trim().max(DORMITORY_LIMITS.reasonMax, 'dormitories.validation.reasonTooLong').default('') });
export type ReleaseBedInput = z.input<typeof releaseBedSchema>;

/** A bulk allocation: a grade's boarders of one gender without a bed, into the chosen rooms. */
export const bulkAllocationSchema = z.object({
  grade: z.enum(GRADES, { error: 'dormitories.validation.gradeRequired' }),
  gender: z.enum(GENDERS, { error: 'dormitories.validation.genderRequired' }),
  roomIds: z.array(uuid('dormitories.validation.roomRequired'), { error: 'dormitories.validation.roomsRequired' }).min(1, 'dormitories.validation.roomsRequired').max(DORMITORY_LIMITS.bulkRooms, 'dormitories.validation.roomsRequired'),
});
export type BulkAllocationInput = z.infer<typeof bulkAllocationSchema>;

export const dormitoryHistoryQuerySchema = z
  .object({ roomId: z.preprocess(blank, uuid('dormitories.validation.roomRequired').optional()), studentId: z.preprocess(blank, uuid('dormitories.validation.studentRequired').optional()) })
  .refine((v) => Boolean(v.roomId) !== Boolean(v.studentId), { message: 'dormitories.validation.historyOf', path: ['roomId'] });
export type DormitoryHistoryQuery = z.infer<typeof dormitoryHistoryQuerySchema>;

export const dormitoryStudentQuerySchema = z.object({ q: z.string({ error: 'validation.tooLong' }).trim().min(1, 'dormitories.validation.studentRequired').max(50, 'validation.tooLong') });

const size = z.coerce.number().int('validation.pageSizeInvalid').min(1, 'validation.pageSizeInvalid').max(100, 'validation.pageSizeInvalid').default(20);

export const inspectionInputSchema = z.object({
  roomId: uuid('dormitories.validation.roomRequired'),
  inspectedOn: date,
  score: z.number({ error: 'dormitories.validation.scoreInvalid' }).int('dormitories.validation.scoreInvalid').min(0, 'dormitories.validation.scoreInvalid').max(DORMITORY_LIMITS.scoreMax, 'dormitories.validation.scoreInvalid'),
  remark: z.string({ error: 'dormitories.validation.remarkTooLong' }).trim().max(DORMITORY_LIMITS.remarkMax, 'dormitories.validation.remarkTooLong').default(''),
  photos: z.array(z.string().uuid('validation.attachmentInvalid')).max(DORMITORY_LIMITS.photos, 'dormitories.validation.tooManyPhotos').default([]),
});
export type InspectionInput = z.input<typeof inspectionInputSchema>;
export type InspectionValues = z.output<typeof inspectionInputSchema>;

export const inspectionListQuerySchema = z.object({ current: pageNumber().default(1), size, roomId: z.preprocess(blank, uuid('dormitories.validation.roomRequired').optional()), buildingId: z.preprocess(blank, uuid('dormitories.validation.roomRequired').optional()) });
export type InspectionListQuery = z.infer<typeof inspectionListQuerySchema>;

export const NIGHT_RECORD_KINDS = ['late', 'absent'] as const;
export type NightRecordKind = (typeof NIGHT_RECORD_KINDS)[number];
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A late return (at what time) or a night away; the time is required for a late return. */
export const nightRecordInputSchema = z
  .object({
    studentId: uuid('dormitories.validation.studentRequired'),
    kind: z.enum(NIGHT_RECORD_KINDS, { error: 'dormitories.validation.kindRequired' }),
    date,
    time: z.preprocess(blank, z.string({ error: 'dormitories.validation.timeInvalid' }).regex(CLOCK, 'dormitories.validation.timeInvalid').optional()),
    note: z.string({ error: 'dormitories.validation.noteTooLong' }).trim().max(DORMITORY_LIMITS.noteMax, 'dormitories.validation.noteTooLong').default(''),
  })
  .refine((v) => v.kind !== 'late' || Boolean(v.time), { message: 'dormitories.validation.timeRequired', path: ['time'] });
export type NightRecordInput = z.input<typeof nightRecordInputSchema>;
export type NightRecordValues = z.output<typeof nightRecordInputSchema>;

export const nightRecordListQuerySchema = z.object({
  current: pageNumber().default(1),
  size,
  kind: z.preprocess(blank, z.enum(NIGHT_RECORD_KINDS, { error: 'dormitories.validation.kindRequired' }).optional()),
  from: z.preprocess(blank, date.optional()),
  to: z.preprocess(blank, date.optional()),
});
export type NightRecordListQuery = z.infer<typeof nightRecordListQuerySchema>;

export interface DormitoryOccupant {
  studentId: string;
  name: string;
  studentNo: string;
  className: string;
}

export interface DormitoryBed {
  bedNo: number;
  /** Above the room's effective beds: out of use, takes nobody. */
  inUse: boolean;
  occupant: DormitoryOccupant | null;
}

export interface DormitoryRoomBeds {
  roomId: string;
  buildingName: string;
  code: string;
  gender: 'M' | 'F';
  bedsTotal: number;
  bedsEffective: number;
  beds: DormitoryBed[];
}

/** A student as the allocation page finds them: their bed, if any. */
export interface DormitoryStudent extends DormitoryOccupant {
  gender: 'M' | 'F';
  boarding: 'boarding' | 'day';
  bed: { roomId: string; buildingName: string; roomCode: string; bedNo: number } | null;
}

export const ALLOCATION_KINDS = ['attached', 'unassigned', 'removed'] as const;
export type AllocationKind = (typeof ALLOCATION_KINDS)[number];

export interface DormitoryHistoryEntry {
  kind: AllocationKind;
  studentName: string;
  studentNo: string;
  buildingName: string;
  roomCode: string;
  bedNo: number;
  /** null: the day-reading flow's effect, no person. */
  actorName: string | null;
  reason: string;
  /** School time `YYYY-MM-DD HH:mm`. */
  at: string;
}

export interface BulkPlacement extends DormitoryOccupant {
  roomId: string;
  roomCode: string;
  buildingName: string;
  bedNo: number;
}

export interface BulkAllocationPlan {
  placements: BulkPlacement[];
  /** Who is left without a bed: more students than free beds. */
  unplaced: DormitoryOccupant[];
  /** Chosen rooms that take none of them (the other gender, or not in use). */
  skippedRooms: { roomId: string; roomCode: string; reason: 'gender' | 'disabled' }[];
  freeBedsLeft: number;
}

export interface InspectionRow {
  id: string;
  roomId: string;
  buildingName: string;
  roomCode: string;
  inspectedOn: string;
  score: number;
  remark: string;
  inspectorName: string;
  photos: { resId: string; resName: string; resSuffix: string }[];
}

export interface InspectionPage {
  total: number;
  list: InspectionRow[];
}

export interface NightRecordRow {
  id: string;
  kind: NightRecordKind;
  studentName: string;
  studentNo: string;
  className: string;
  /** The bed they had when it was recorded, as `楼 房间-床`; empty when they had none. */
  bed: string;
  date: string;
  time: string | null;
  note: string;
  recorderName: string;
  /** Whether a head teacher was told (the class has one). */
  headTeacherTold: boolean;
}

export interface NightRecordPage {
  total: number;
  list: NightRecordRow[];
}
