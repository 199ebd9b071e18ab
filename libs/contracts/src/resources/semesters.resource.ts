import { at, computed, date, defineResource, flag, int, ref, text } from './resource-kit.js';

interface SemesterDates {
  workStart?: unknown;
  workEnd?: unknown;
  teachingStart?: unknown;
  teachingEnd?: unknown;
}
const notBefore = (a: unknown, b: unknown): boolean => typeof a !== 'string' || typeof b !== 'string' || a >= b;

/**
 * 学期 (docs/product/base-data.md#semesters: weeks up to 999). `current` is read-only: it changes only through the semester upgrade
 * (docs/product/workflows.md#semester-upgrade). The current semester cannot be deleted; one with teaching classes cannot either.
 */
export const semesters = defineResource({
  name: 'semesters',
  table: 'semester',
  fields: {
    code: text({ max: 30, required: true, pattern: /^[A-Za-z0-9-]+$/, patternMessage: 'validation.codeLettersDigits' }),
    name: text({ max: 50, required: true }),
    englishName: at('name_en', text({ max: 100 })),
    schoolYearId: ref('school-years', { required: true }),
    enabled: flag(true),
    sort: int({ min: 0, max: 998, fallback: 0 }),
    current: computed('bool', 'is_current'),
    workStart: date({ required: true }),
    workEnd: date({ required: true }),
    teachingStart: date({ required: true }),
    teachingEnd: date({ required: true }),
    workWeeks: at('work_weeks', int({ min: 0, max: 999, required: true })),
    teachingWeeks: int({ min: 0, max: 999, required: true }),
  },
  rules: [
    { path: 'workEnd', message: 'validation.workEndBeforeStart', holds: (v: SemesterDates) => notBefore(v.workEnd, v.workStart) },
    { path: 'teachingEnd', message: 'validation.teachingEndBeforeStart', holds: (v: SemesterDates) => notBefore(v.teachingEnd, v.teachingStart) },
  ] as const,
  unique: { semester_code_key: { fields: ['code'], message: 'resource.messages.codeUsed' }, semester_name_key: { fields: ['name'], message: 'resource.messages.nameUsed' } },
  inUse: {
    teaching_class_semester_id_fkey: 'resource.messages.semesterHasTeachingClasses',
    teaching_assignment_semester_id_fkey: 'resource.messages.semesterHasTeachingClasses',
    grade_course_hours_semester_id_fkey: 'resource.messages.semesterInUse',
    teacher_unavailable_semester_id_fkey: 'resource.messages.semesterInUse',
    timetable_semester_id_fkey: 'resource.messages.semesterInUse',
  },
  refuseDelete: [{ field: 'current', message: 'resource.messages.currentSemester' }],
  label: 'name',
  optionsOpen: true,
  labelEn: 'englishName',
  key: 'code',
  list: {
    columns: ['code', 'name', 'schoolYearId', 'current', 'workStart', 'workEnd', 'teachingWeeks', 'enabled'],
    filters: ['schoolYearId', 'enabled'],
    keyword: ['code', 'name'],
    sort: [['workStart', 'DESC']],
  },
  excel: { columns: ['code', 'name', 'schoolYearId', 'workStart', 'workEnd', 'teachingStart', 'teachingEnd', 'workWeeks', 'teachingWeeks', 'enabled', 'sort'], importMaxKb: 500 },
  permissions: { read: 'academic:semesters:list', write: 'academic:semesters:edit' },
  menu: { group: 'calendar', sort: 2, icon: 'calendar outline' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});
