import { at, decimal, defineResource, flag, int, oneOf, text } from './resource-kit.js';
import { CODE } from './patterns.js';

export const COURSE_ASSESSMENTS = ['exam', 'assessment'] as const;
export const COURSE_TYPES = ['required', 'elective', 'optionalRequired'] as const;
export const COURSE_CATEGORIES = ['basic', 'expanded', 'research', 'practice'] as const;

/** 课程 (docs/product/base-data.md#courses: code letters and digits, unique; name required; sort 0–9999; description within 300). */
export const courses = defineResource({
  name: 'courses',
  table: 'course',
  fields: {
    code: text({ max: 30, required: true, pattern: CODE, patternMessage: 'validation.codeLettersDigits' }),
    name: text({ max: 30, required: true }),
    shortName: text({ max: 10 }),
    englishName: at('name_en', text({ max: 100 })),
    enabled: flag(true),
    sort: int({ min: 0, max: 9999, fallback: 0 }),
    assessment: oneOf('courseAssessment', COURSE_ASSESSMENTS, { fallback: 'exam' }),
    type: oneOf('courseType', COURSE_TYPES, { fallback: 'required' }),
    category: oneOf('courseCategory', COURSE_CATEGORIES, { fallback: 'basic' }),
    credits: decimal({ min: 0, max: 999.9, scale: 1 }),
    totalHours: int({ min: 0, max: 9999, fallback: 0 }),
    theoryHours: int({ min: 0, max: 9999, fallback: 0 }),
    computerHours: int({ min: 0, max: 9999, fallback: 0 }),
    experimentHours: int({ min: 0, max: 9999, fallback: 0 }),
    otherHours: int({ min: 0, max: 9999, fallback: 0 }),
    national: flag(false),
    colour: text({ max: 7, pattern: /^#[0-9A-Fa-f]{6}$/, patternMessage: 'validation.colourInvalid' }),
    description: text({ max: 300 }),
  },
  unique: { course_code_key: { fields: ['code'], message: 'resource.messages.codeUsed' }, course_name_key: { fields: ['name'], message: 'resource.messages.nameUsed' } },
  inUse: {
    teaching_class_course_id_fkey: 'resource.messages.courseInUse',
    teaching_assignment_course_id_fkey: 'resource.messages.courseInUse',
    research_group_course_id_fkey: 'resource.messages.courseInUse',
    grade_course_hours_course_id_fkey: 'resource.messages.courseInUse',
    timetable_lesson_course_id_fkey: 'resource.messages.courseInUse',
    lesson_change_course_id_fkey: 'resource.messages.courseInUse',
    award_contest_course_id_fkey: 'resource.messages.courseInUse',
  },
  label: 'name',
  optionsOpen: true,
  labelEn: 'englishName',
  key: 'code',
  list: {
    columns: ['code', 'name', 'shortName', 'type', 'category', 'credits', 'totalHours', 'enabled'],
    filters: ['type', 'category', 'enabled'],
    keyword: ['code', 'name', 'englishName'],
    sort: [['sort', 'ASC'], ['code', 'ASC']],
  },
  excel: {
    columns: ['code', 'name', 'shortName', 'englishName', 'assessment', 'type', 'category', 'credits', 'totalHours', 'theoryHours', 'computerHours', 'experimentHours', 'otherHours', 'national', 'colour', 'description', 'enabled', 'sort'],
    importMaxKb: 500,
  },
  permissions: { read: 'academic:courses:list', write: 'academic:courses:edit' },
  menu: { group: 'basic', sort: 4, icon: 'book' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});
