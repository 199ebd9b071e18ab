import { at, computed, defineResource, flag, int, oneOf, ref, text } from './resource-kit.js';

/** Grades across the school's stages: 1–6 primary, 7–9 junior (初一–初三), 10–12 senior (高一–高三). */
export const GRADES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export const CLASS_USAGE = ['active', 'closed'] as const;

/**
 * 行政班 (docs/product/base-data.md#administrative-classes: name and number required; number at most 30 digits; short name at most 10
 * characters, no illegal characters, not only digits; sort at most two digits). Headcount, boys and girls are counted
 * by the `admin_class_list` view, never stored.
 */
export const classes = defineResource({
  name: 'classes',
  table: 'admin_class',
  view: 'admin_class_list',
  fields: {
    name: text({ max: 30, required: true }),
    englishName: at('name_en', text({ max: 100 })),
    // "Number max 30 digits" (docs/product/base-data.md#administrative-classes) is one rule with one message, whichever part is broken.
    code: text({ max: 100, required: true, pattern: /^\d{1,30}$/, patternMessage: 'validation.classCodeDigits' }),
    shortName: text({
      max: 10,
      checks: [
        [(s) => /^[\p{L}\p{N}()（）·\-_ ]+$/u.test(s), 'validation.shortNameIllegal'],
        [(s) => !/^\d+$/.test(s), 'validation.shortNameDigits'],
      ],
    }),
    grade: oneOf('grade', GRADES, { required: true }),
    enrollmentYear: int({ min: 2001, max: 9998, required: true }),
    majorId: ref('majors'),
    specialtyGroup: text({ max: 50 }),
    headTeacherId: ref('teachers', { required: true }),
    lifeTeacherId: ref('teachers'),
    classroomId: ref('classrooms'),
    headcount: computed('int', 'headcount', { viewOnly: true }),
    boys: computed('int', 'boys', { viewOnly: true }),
    girls: computed('int', 'girls', { viewOnly: true }),
    sort: int({ min: 0, max: 99, fallback: 0 }),
    inSchool: flag(true),
    usageState: oneOf('classUsage', CLASS_USAGE, { fallback: 'active' }),
  },
  unique: { admin_class_code_key: { fields: ['code'], message: 'resource.messages.classCodeUsed' }, admin_class_name_key: { fields: ['name'], message: 'resource.messages.nameUsed' } },
  inUse: {
    student_class_id_fkey: 'resource.messages.classInUse',
    teaching_assignment_class_id_fkey: 'resource.messages.classInUse',
    timetable_lesson_class_id_fkey: 'resource.messages.classInUse',
    lesson_change_class_id_fkey: 'resource.messages.classInUse',
  },
  scopedReaders: ['headteacher'],
  label: 'name',
  optionsOpen: true,
  labelEn: 'englishName',
  key: 'code',
  list: {
    columns: ['code', 'name', 'grade', 'enrollmentYear', 'headTeacherId', 'classroomId', 'headcount', 'boys', 'girls', 'inSchool'],
    filters: ['grade', 'enrollmentYear', 'majorId', 'inSchool'],
    keyword: ['code', 'name', 'shortName'],
    sort: [['grade', 'ASC'], ['sort', 'ASC'], ['code', 'ASC']],
  },
  excel: { columns: ['code', 'name', 'shortName', 'grade', 'enrollmentYear', 'majorId', 'specialtyGroup', 'headTeacherId', 'lifeTeacherId', 'classroomId', 'sort', 'inSchool'], importMaxKb: 500 },
  permissions: { read: 'academic:classes:list', write: 'academic:classes:edit' },
  menu: { group: 'classes', sort: 1, icon: 'users' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});
