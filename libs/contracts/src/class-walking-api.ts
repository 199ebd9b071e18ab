import { z } from 'zod';
import { parseSchoolMoment } from './school-time.js';
import { momentText, uuidText } from './schemas.js';

/**
 * Class-walking (走班) subject selection (issue 27 part 4; docs/product/class-walking-and-registrations.md): a window
 * of a semester and grade carries its subject groups and their rules (choose N of these courses), students choose one
 * combination while it is open, head teachers follow their class, the office reads the counts per combination and
 * generates teaching classes within a capacity. Under `/server/api/zouban`.
 */
export const ZOUBAN_BASE = '/api/zouban';

export const zoubanPath = {
  /** `GET` → `ZoubanWindow[]` (managers: all; others: those of their grade); `POST` `zoubanWindowInputSchema` → `{id}`. */
  windows: `${ZOUBAN_BASE}/windows`,
  /** `PUT` `zoubanWindowInputSchema` → `{id}` (before any choice only); `DELETE` (never generated). */
  window: (id: string): string => `${ZOUBAN_BASE}/windows/${id}`,
  /** `PUT` `zoubanChoiceInputSchema` → `ZoubanMyChoice` (a student, while open); `GET` → `ZoubanMyChoice`. */
  myChoice: (id: string): string => `${ZOUBAN_BASE}/windows/${id}/choice`,
  /** `GET ?classId=` → `ZoubanProgress`: a class's students and what each chose (its head teacher, or a manager). */
  progress: (id: string): string => `${ZOUBAN_BASE}/windows/${id}/progress`,
  /** `GET` → `ZoubanCombinationCount[]` (managers). */
  combinations: (id: string): string => `${ZOUBAN_BASE}/windows/${id}/combinations`,
  /** `POST` → `ZoubanGenerated` (managers, after the window's end; again: the generated classes are made anew). */
  generate: (id: string): string => `${ZOUBAN_BASE}/windows/${id}/generate`,
  /** `GET` → `ZoubanTeachingClass[]`: the teaching classes the window generated, with their sizes and lessons placed. */
  classes: (id: string): string => `${ZOUBAN_BASE}/windows/${id}/classes`,
} as const;

/** Managing windows, reading counts and generating: granted to administrators and the school office. */
export const ZOUBAN_MANAGE_PERMISSION = 'zouban:manage';
/** The one page of 走班管理 (stem zouban/zbgl): managers, head teachers and students each see their part. */
export const CLASS_WALKING_PAGES = [
  { url: '/zouban/zbgl', key: 'manage', sort: 3, icon: 'random', permission: 'zouban:view', roles: ['admin', 'office', 'headteacher', 'student'] },
] as const satisfies readonly { url: string; key: string; sort: number; icon: string; permission: string; roles: readonly string[] }[];

export const ZOUBAN_LIMITS = {
  nameMax: 50,
  groupNameMax: 20,
  groups: 6,
  coursesPerGroup: 8,
  capacityMax: 99,
  weeklyPeriodsMax: 6,
} as const;

/** A subject group and its rule: choose exactly `choose` of its courses (physics/history: 1; the four others: 2). */
export const zoubanGroupSchema = z
  .object({
    name: z.string({ error: 'class-walking.validation.groupNameRequired' }).trim().min(1, 'class-walking.validation.groupNameRequired').max(ZOUBAN_LIMITS.groupNameMax, 'class-walking.validation.groupNameTooLong'),
    courseIds: z.array(uuidText(), { error: 'class-walking.validation.groupCourses' }).min(1, 'class-walking.validation.groupCourses').max(ZOUBAN_LIMITS.coursesPerGroup, 'class-walking.validation.groupCourses'),
    choose: z.number({ error: 'class-walking.validation.chooseInvalid' }).int('class-walking.validation.chooseInvalid').min(1, 'class-walking.validation.chooseInvalid'),
  })
  .refine((g) => g.choose <= g.courseIds.length, { message: 'class-walking.validation.chooseInvalid', path: ['choose'] })
  .refine((g) => new Set(g.courseIds).size === g.courseIds.length, { message: 'class-walking.validation.courseTwice', path: ['courseIds'] });
export type ZoubanGroup = z.infer<typeof zoubanGroupSchema>;

/** Whether a window's end is after its start (spec: class-walking sign-up end after start); null when either is unreadable. */
export function zoubanWindowRefusal(start: string, end: string): string | null {
  const s = parseSchoolMoment(start);
  const e = parseSchoolMoment(end);
  if (s === null || e === null) return 'validation.timeInvalid';
  return e > s ? null : 'class-walking.validation.endAfterStart';
}

export const zoubanWindowInputSchema = z
  .object({
    name: z.string({ error: 'class-walking.validation.nameRequired' }).trim().min(1, 'class-walking.validation.nameRequired').max(ZOUBAN_LIMITS.nameMax, 'class-walking.validation.nameTooLong'),
    semesterId: uuidText(),
    grade: z.number({ error: 'class-walking.validation.gradeInvalid' }).int('class-walking.validation.gradeInvalid').min(1, 'class-walking.validation.gradeInvalid').max(12, 'class-walking.validation.gradeInvalid'),
    start: momentText(),
    end: momentText(),
    groups: z.array(zoubanGroupSchema, { error: 'class-walking.validation.groupsRequired' }).min(1, 'class-walking.validation.groupsRequired').max(ZOUBAN_LIMITS.groups, 'class-walking.validation.groupsRequired'),
    capacity: z.number({ error: 'class-walking.validation.capacityInvalid' }).int('class-walking.validation.capacityInvalid').min(1, 'class-walking.validation.capacityInvalid').max(ZOUBAN_LIMITS.capacityMax, 'class-walking.validation.capacityInvalid'),
    weeklyPeriods: z.number({ error: 'class-walking.validation.periodsInvalid' }).int('class-walking.validation.periodsInvalid').min(0, 'class-walking.validation.periodsInvalid').max(ZOUBAN_LIMITS.weeklyPeriodsMax, 'class-walking.validation.periodsInvalid'),
  })
  .superRefine((w, ctx) => {
    const why = zoubanWindowRefusal(w.start, w.end);
    if (why) ctx.addIssue({ code: 'custom', message: why, path: ['end'] });
    const all = w.groups.flatMap((g) => g.courseIds);
    if (new Set(all).size !== all.length) ctx.addIssue({ code: 'custom', message: 'class-walking.validation.courseTwice', path: ['groups'] });
  });
export type ZoubanWindowInput = z.infer<typeof zoubanWindowInputSchema>;

export const zoubanChoiceInputSchema = z.object({
  courseIds: z.array(uuidText(), { error: 'class-walking.validation.choiceRequired' }).min(1, 'class-walking.validation.choiceRequired').max(ZOUBAN_LIMITS.groups * ZOUBAN_LIMITS.coursesPerGroup, 'class-walking.validation.choiceRequired'),
});
export type ZoubanChoiceInput = z.infer<typeof zoubanChoiceInputSchema>;

export const zoubanProgressQuerySchema = z.object({ classId: uuidText().optional() });
export type ZoubanProgressQuery = z.infer<typeof zoubanProgressQuerySchema>;

/** A refusal of a combination by a window's rules: a course outside the groups, or a group with the wrong count. */
export type ZoubanChoiceRefusal = { key: 'unknownCourse' } | { key: 'groupCount'; group: string; choose: number };

/**
 * Whether a chosen set of courses keeps the window's rules (pure; the server decides with it, the page checks with it
 * before sending): every course belongs to a group, and each group has exactly its `choose` courses.
 */
export function zoubanChoiceRefusal(groups: readonly ZoubanGroup[], courseIds: readonly string[]): ZoubanChoiceRefusal | null {
  const chosen = new Set(courseIds);
  const known = new Set(groups.flatMap((g) => g.courseIds));
  for (const id of chosen) if (!known.has(id)) return { key: 'unknownCourse' };
  for (const g of groups) {
    const n = g.courseIds.filter((id) => chosen.has(id)).length;
    if (n !== g.choose) return { key: 'groupCount', group: g.name, choose: g.choose };
  }
  return null;
}

/** The number of combinations a window's rules allow (the product of "n choose k" over its groups). */
export function zoubanCombinationCount(groups: readonly Pick<ZoubanGroup, 'courseIds' | 'choose'>[]): number {
  const binom = (n: number, k: number): number => {
    let r = 1;
    for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
    return Math.round(r);
  };
  return groups.reduce((acc, g) => acc * binom(g.courseIds.length, g.choose), 1);
}

export type ZoubanState = 'notStarted' | 'open' | 'ended';

export interface ZoubanCourse {
  id: string;
  code: string;
  name: string;
}

export interface ZoubanWindow {
  id: string;
  name: string;
  semesterId: string;
  semesterName: string;
  grade: number;
  start: string;
  end: string;
  state: ZoubanState;
  groups: (ZoubanGroup & { courses: ZoubanCourse[] })[];
  capacity: number;
  weeklyPeriods: number;
  /** How many students of the grade chose, and how many there are. */
  chosen: number;
  students: number;
  generatedAt: string | null;
}

export interface ZoubanMyChoice {
  windowId: string;
  courseIds: string[];
  /** The combination's name: the chosen courses' names joined, in the groups' order. */
  combination: string | null;
  chosenAt: string | null;
}

export interface ZoubanProgressRow {
  studentId: string;
  studentNo: string;
  name: string;
  combination: string | null;
  chosenAt: string | null;
}

export interface ZoubanProgress {
  classId: string;
  className: string;
  chosen: number;
  total: number;
  students: ZoubanProgressRow[];
}

export interface ZoubanCombinationCount {
  combination: string;
  courseIds: string[];
  count: number;
}

export interface ZoubanTeachingClass {
  id: string;
  name: string;
  courseId: string;
  courseName: string;
  teacherName: string;
  size: number;
  /** Lessons a week placed in the semester's published timetable. */
  lessons: number;
}

export interface ZoubanGenerated {
  classes: number;
  students: number;
  /** Lessons that found no free period (the office places them in course scheduling). */
  unplaced: number;
}

/** To the head teachers of a student's class (and the office's open pages) when the student chooses: their page reads again. */
export const ZOUBAN_CHOICE_PUSH = 'zouban.choice';
export interface ZoubanChoicePush {
  windowId: string;
  classId: string;
  chosen: number;
  total: number;
}
