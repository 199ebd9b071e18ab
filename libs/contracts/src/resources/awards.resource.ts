import { date, defineResource, type FieldDef, oneOf, photo, ref, text } from './resource-kit.js';

/** Awards and contests live under their own base (docs/product/awards.md): `/api/awards/contests`, `/api/awards`. */
export const AWARDS_BASE = '/api/awards';

/** A contest's or an award's level (docs/product/awards.md#levels); everything above `school` is reviewed. */
export const AWARD_LEVELS = ['school', 'district', 'city', 'province', 'national', 'international'] as const;
export type AwardLevel = (typeof AWARD_LEVELS)[number];
/** The levels an award is reported at for review (the `award-review` flow): above the school's own. */
export const ABOVE_SCHOOL_LEVELS = AWARD_LEVELS.filter((l) => l !== 'school') as readonly Exclude<AwardLevel, 'school'>[];
/** 学科奖项, 竞赛奖项, 荣誉称号. */
export const AWARD_KINDS = ['subject', 'contest', 'honour'] as const;
export const AWARD_RECIPIENTS = ['student', 'teacher'] as const;
/** `recorded`: a school-level award entered by reward management; `passed`: an above-school award its review passed. */
export const AWARD_STATES = ['recorded', 'passed'] as const;
/** A certificate image: JPG or PNG of at most 2 MB (docs/product/awards.md#images). */
export const AWARD_IMAGE_RULES = { types: ['.jpg', '.jpeg', '.png'], maxSizeKb: 2048 } as const;

const state: FieldDef = { ...oneOf('awardState', AWARD_STATES), readOnly: true };

/** 竞赛设置 (docs/product/awards.md#contests): name, level, subject (course), dates — the end not before the start. */
export const contests = defineResource({
  name: 'contests',
  base: AWARDS_BASE,
  table: 'award_contest',
  fields: {
    name: text({ max: 100, required: true }),
    level: oneOf('awardLevel', AWARD_LEVELS, { required: true }),
    courseId: ref('courses'),
    startDate: date({ required: true }),
    endDate: date({ required: true }),
    remark: text({ max: 300 }),
  },
  rules: [{ message: 'validation.endBeforeStart', path: 'endDate', holds: (v) => typeof v.startDate !== 'string' || typeof v.endDate !== 'string' || v.endDate >= v.startDate }],
  unique: { award_contest_name_key: { fields: ['name'], message: 'resource.messages.nameUsed' } },
  inUse: { award_contest_id_fkey: 'resource.messages.contestInUse' },
  label: 'name',
  optionsOpen: true,
  key: 'name',
  list: { columns: ['name', 'level', 'courseId', 'startDate', 'endDate'], filters: ['level', 'courseId'], keyword: ['name'], sort: [['startDate', 'DESC'], ['name', 'ASC']] },
  excel: { columns: ['name', 'level', 'courseId', 'startDate', 'endDate', 'remark'], importMaxKb: 500 },
  permissions: { read: 'awards:contests:list', write: 'awards:contests:edit' },
  grants: { read: ['office'], write: ['office'] },
  menu: { group: 'rewards', sort: 2, icon: 'flag checkered' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});

/**
 * 奖励管理 (docs/product/awards.md#awards): a student's or a teacher's award — a contest's or a free title, its level,
 * prize, date and certificate image. Reward management records school-level awards directly; an award above the
 * school's level is reported on the `award-review` flow and written here by its effect once it passed, so the level
 * is set once (create only) and a new one here must be the school's.
 */
export const awards = defineResource({
  name: 'awards',
  base: '/api',
  table: 'award',
  fields: {
    recipient: oneOf('awardRecipient', AWARD_RECIPIENTS, { required: true }),
    studentId: ref('students'),
    teacherId: ref('teachers'),
    kind: oneOf('awardKind', AWARD_KINDS, { required: true }),
    contestId: ref('contests'),
    title: text({ max: 100 }),
    level: { ...oneOf('awardLevel', AWARD_LEVELS, { required: true }), createOnly: true },
    prize: text({ max: 50, required: true }),
    awardedOn: date({ required: true }),
    certificateId: photo({ types: AWARD_IMAGE_RULES.types, message: 'validation.awardImageInvalid' }),
    remark: text({ max: 300 }),
    state,
  },
  rules: [
    { message: 'validation.awardStudentRequired', path: 'studentId', holds: (v) => v.recipient !== 'student' || Boolean(v.studentId) },
    { message: 'validation.awardTeacherRequired', path: 'teacherId', holds: (v) => v.recipient !== 'teacher' || Boolean(v.teacherId) },
    { message: 'validation.awardTitleRequired', path: 'title', holds: (v) => Boolean(v.contestId) || (typeof v.title === 'string' && v.title !== '') },
    // above the school's level an award is reported and reviewed (the award-review flow), not entered here
    { message: 'validation.awardAboveSchoolReviewed', path: 'level', holds: (v) => v.level === undefined || v.level === 'school' },
  ],
  unique: {},
  inUse: {},
  label: 'prize',
  key: 'id',
  list: {
    columns: ['recipient', 'studentId', 'teacherId', 'kind', 'contestId', 'title', 'level', 'prize', 'awardedOn', 'state'],
    filters: ['level', 'kind', 'recipient', 'state', 'contestId'],
    keyword: ['title', 'prize'],
    sort: [['awardedOn', 'DESC']],
  },
  // no `excel`: nothing is imported here (awards above school level come from their reviews); the export writes the list's columns
  permissions: { read: 'awards:list', write: 'awards:edit' },
  grants: { read: ['office'], write: ['office'] },
  menu: { group: 'rewards', sort: 1, icon: 'trophy' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'export'],
});

