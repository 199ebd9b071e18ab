import { z } from 'zod';
import { calendarDate, chosenId } from './flow-forms.js';
import { Permission } from './permissions.js';

/**
 * 考勤 (docs/product/campus-life.md#attendance, docs/adr/0052-attendance.md): a class's roll of a date and period
 * (present, late, absent, on leave — approved leaves marked already), the school's absences of a day, statistics per
 * student, class and month; teachers' own check-in inside the configured windows and radius, with a monthly sheet.
 * Under `/server/api/attendance`.
 */
export const ATTENDANCE_BASE = '/api/attendance';

export const attendancePath = {
  /** `GET` `rollClassesQuerySchema` → `RollClasses`: the classes and periods of a date whose roll one may take or read. */
  classes: `${ATTENDANCE_BASE}/rolls/classes`,
  /** `GET` `rollQuerySchema` → `AttendanceRoll`; `PUT` `rollSaveSchema` → `AttendanceRoll` (the class's head teacher or the period's teacher). */
  roll: `${ATTENDANCE_BASE}/rolls`,
  /** `GET` `absencesQuerySchema` → `AbsenceList`: a day's absent and late marks across the school (attendance:view). */
  absences: `${ATTENDANCE_BASE}/absences`,
  /** `GET` `statisticsQuerySchema` → `AttendanceStatistics`: a month, per class, and per student of one class. */
  statistics: `${ATTENDANCE_BASE}/statistics`,
  /** `GET` → `CheckinSettings` (anyone who checks in); `PUT` `checkinSettingsSchema` (attendance:settings). */
  settings: `${ATTENDANCE_BASE}/settings`,
  /** `POST` `checkinSchema` → `CheckinRecord`: check in or out now, from where the browser says one is. */
  checkins: `${ATTENDANCE_BASE}/checkins`,
  /** `POST` multipart `file` (`faceCaptureQuerySchema`) → `CheckinRecord`: check in or out now by face, the capture compared on the server (docs/adr/0063-face-recognition.md#check-in). */
  faceCheckins: `${ATTENDANCE_BASE}/checkins/face`,
  /** `GET` `checkinSheetQuerySchema` → `CheckinSheet`: one's own check-ins of a month. */
  sheet: `${ATTENDANCE_BASE}/checkins/mine`,
} as const;

export const AttendancePermission = {
  /** Taking a roll: granted to teachers; the server also wants the class's head teacher or the period's teacher. */
  roll: Permission.attendanceRoll,
  /** Every class's rolls, the school's absences and statistics: the office, principal, administrators. */
  view: Permission.attendanceView,
  /** Checking in oneself (教师考勤). */
  checkin: Permission.attendanceCheckin,
  /** The check-in windows and place. */
  settings: Permission.attendanceSettings,
} as const;

/**
 * The pages (docs/adr/0052-attendance.md#routes): 考勤管理 (`/kqgl`) with 学生考勤 (roll, today's absences, statistics)
 * and 考勤设置; 教师考勤 the phone page `/qt_app/jskq` under 个人中心.
 */
export const ATTENDANCE_PAGES = {
  group: { url: '/kqgl', permission: 'menu:kqgl', icon: 'calendar check outline', sort: 55 },
  students: { url: '/kqgl/xskq', permission: 'menu:kqgl_xskq', icon: 'clipboard check', sort: 1 },
  settings: { url: '/kqgl/kqsz', permission: Permission.attendanceSettings, icon: 'cogs', sort: 2 },
  checkin: { url: '/qt_app/jskq', permission: Permission.attendanceCheckin, icon: 'map marker alternate', sort: 6 },
} as const;

export const ATTENDANCE_STATUSES = ['present', 'late', 'absent', 'leave'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** How a teacher checked in: by the browser's location, or by face (docs/adr/0063-face-recognition.md#check-in). */
export const CHECKIN_METHODS = ['location', 'face'] as const;
export type CheckinMethod = (typeof CHECKIN_METHODS)[number];
export type CheckinKind = 'in' | 'out';

/** A roll's note per student, and the place's name, at most. */
export const ATTENDANCE_LIMITS = { noteMax: 100, placeNameMax: 50, radiusMin: 10, radiusMax: 5000, studentsMax: 200 } as const;

/** Pushed to those who see the whole school when a roll is saved: the day's absences are read again. */
export const ATTENDANCE_CHANGED = 'attendance.changed';
export interface AttendanceChangedPush {
  date: string;
  classId: string;
}

const monthText = z.string({ error: 'attendance.validation.monthInvalid' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'attendance.validation.monthInvalid');
const period = z.coerce.number({ error: 'attendance.validation.periodInvalid' }).int('attendance.validation.periodInvalid').min(1, 'attendance.validation.periodInvalid').max(16, 'attendance.validation.periodInvalid');
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

export const rollClassesQuerySchema = z.object({ date: calendarDate() });
export type RollClassesQuery = z.infer<typeof rollClassesQuerySchema>;

export const rollQuerySchema = z.object({ classId: chosenId('attendance.validation.classRequired'), date: calendarDate(), period });
export type RollQuery = z.infer<typeof rollQuerySchema>;

export const rollSaveSchema = z.object({
  classId: chosenId('attendance.validation.classRequired'),
  date: calendarDate(),
  period,
  marks: z
    .array(
      z.object({
        studentId: chosenId('attendance.validation.studentInvalid'),
        status: z.enum(ATTENDANCE_STATUSES, { error: 'attendance.validation.statusInvalid' }),
        note: z.string({ error: 'attendance.validation.noteTooLong' }).trim().max(ATTENDANCE_LIMITS.noteMax, 'attendance.validation.noteTooLong').default(''),
      }),
      { error: 'attendance.validation.marksRequired' },
    )
    .min(1, 'attendance.validation.marksRequired')
    .max(ATTENDANCE_LIMITS.studentsMax, 'attendance.validation.marksRequired'),
});
export type RollSaveInput = z.input<typeof rollSaveSchema>;
export type RollSaveValues = z.output<typeof rollSaveSchema>;

export const absencesQuerySchema = z.object({ date: z.preprocess(blank, calendarDate().optional()) });
export type AbsencesQuery = z.infer<typeof absencesQuerySchema>;

export const statisticsQuerySchema = z.object({ month: monthText, classId: z.preprocess(blank, chosenId('attendance.validation.classRequired').optional()) });
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

export const checkinSheetQuerySchema = z.object({ month: monthText });
export type CheckinSheetQuery = z.infer<typeof checkinSheetQuerySchema>;

const hhmm = z.string({ error: 'attendance.validation.timeInvalid' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'attendance.validation.timeInvalid');
const coordinate = (min: number, max: number) =>
  z.coerce.number({ error: 'attendance.validation.locationInvalid' }).refine((n) => Number.isFinite(n) && n >= min && n <= max, 'attendance.validation.locationInvalid');

/** The administrators' check-in rules: the two windows in order (in, then out), the place and its radius in metres. */
export const checkinSettingsSchema = z
  .object({
    checkInStart: hhmm,
    checkInEnd: hhmm,
    checkOutStart: hhmm,
    checkOutEnd: hhmm,
    latitude: coordinate(-90, 90),
    longitude: coordinate(-180, 180),
    radiusMeters: z.coerce
      .number({ error: 'attendance.validation.radiusInvalid' })
      .int('attendance.validation.radiusInvalid')
      .min(ATTENDANCE_LIMITS.radiusMin, 'attendance.validation.radiusInvalid')
      .max(ATTENDANCE_LIMITS.radiusMax, 'attendance.validation.radiusInvalid'),
    placeName: z.string().trim().max(ATTENDANCE_LIMITS.placeNameMax, 'attendance.validation.placeNameTooLong').default(''),
  })
  .superRefine((v, ctx) => {
    if (v.checkInStart >= v.checkInEnd) ctx.addIssue({ code: 'custom', message: 'attendance.validation.windowOrder', path: ['checkInEnd'] });
    if (v.checkOutStart >= v.checkOutEnd) ctx.addIssue({ code: 'custom', message: 'attendance.validation.windowOrder', path: ['checkOutEnd'] });
    if (v.checkInEnd > v.checkOutStart) ctx.addIssue({ code: 'custom', message: 'attendance.validation.windowsOverlap', path: ['checkOutStart'] });
  });
export type CheckinSettingsInput = z.input<typeof checkinSettingsSchema>;
export type CheckinSettingsValues = z.output<typeof checkinSettingsSchema>;

/** Where the browser says one is (Geolocation API), and how sure it is (metres). */
export const checkinSchema = z.object({
  latitude: coordinate(-90, 90),
  longitude: coordinate(-180, 180),
  accuracy: z.preprocess(blank, z.coerce.number().min(0).optional()),
});
export type CheckinInput = z.infer<typeof checkinSchema>;

export interface CheckinSettings {
  checkInStart: string;
  checkInEnd: string;
  checkOutStart: string;
  checkOutEnd: string;
  /** Null until an administrator sets the place: nobody can check in before. */
  latitude: number | null;
  longitude: number | null;
  radiusMeters: number;
  placeName: string;
}

export interface RollLesson {
  period: number;
  periodName: string;
  start: string;
  end: string;
  courseName: string;
  teacherName: string;
  /** The caller teaches it. */
  mine: boolean;
  /** A roll of it was saved. */
  taken: boolean;
}

export interface RollClass {
  classId: string;
  className: string;
  /** The caller is its head teacher (takes any of its periods). */
  headTeacher: boolean;
  lessons: RollLesson[];
}

export interface RollClasses {
  date: string;
  /** The date's declared holiday's name: no roll that day (a make-up workday is no holiday). */
  holiday: string | null;
  classes: RollClass[];
}

export interface RollStudent {
  studentId: string;
  studentNo: string;
  name: string;
  status: AttendanceStatus;
  note: string;
  /** An approved leave covering the period: the student is marked on leave and that cannot be changed here. */
  leave: { id: string; start: string; end: string } | null;
}

export interface AttendanceRoll {
  classId: string;
  className: string;
  date: string;
  period: number;
  lesson: RollLesson;
  /** Null: not taken yet (the students answered with their defaults: present, or on leave). */
  takenBy: string | null;
  takenAt: string | null;
  /** Whether the caller may save it. */
  editable: boolean;
  students: RollStudent[];
  counts: Record<AttendanceStatus, number>;
}

export interface AbsenceRow {
  studentId: string;
  studentNo: string;
  studentName: string;
  classId: string;
  className: string;
  period: number;
  periodName: string;
  courseName: string;
  status: 'absent' | 'late';
  note: string;
  takenBy: string;
  /** School time `HH:mm` of the roll's last save. */
  at: string;
}

export interface AbsenceList {
  date: string;
  list: AbsenceRow[];
}

export type StatusCounts = Record<AttendanceStatus, number>;

export interface AttendanceStatistics {
  month: string;
  classes: ({ classId: string; className: string; rolls: number } & StatusCounts)[];
  /** Only when a class is asked for. */
  students: ({ studentId: string; studentNo: string; name: string } & StatusCounts)[];
}

export interface CheckinRecord {
  kind: CheckinKind;
  method: CheckinMethod;
  date: string;
  /** School time `HH:mm`. */
  time: string;
  distanceMeters: number | null;
  /** By face: the similarity the capture reached (0..1); null by location. */
  similarity: number | null;
}

export interface CheckinDay {
  date: string;
  weekday: number;
  holiday: string | null;
  in: string | null;
  out: string | null;
}

export interface CheckinSheet {
  month: string;
  settings: CheckinSettings;
  days: CheckinDay[];
  /** Days with both, with only one. */
  complete: number;
  partial: number;
}
