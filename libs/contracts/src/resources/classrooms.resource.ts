import { defineResource, flag, int, oneOf, ref, text } from './resource-kit.js';
import { CODE } from './patterns.js';

export const CLASSROOM_TYPES = ['ordinary', 'multimedia', 'laboratory', 'computer', 'music', 'art', 'gym', 'other'] as const;

/** 教室 (docs/product/base-data.md#classrooms: seats below 100, sort below 100). */
export const classrooms = defineResource({
  name: 'classrooms',
  table: 'classroom',
  fields: {
    code: text({ max: 30, required: true, pattern: CODE, patternMessage: 'validation.codeLettersDigits' }),
    name: text({ max: 50, required: true }),
    buildingId: ref('buildings', { required: true }),
    type: oneOf('classroomType', CLASSROOM_TYPES, { fallback: 'ordinary' }),
    seats: int({ min: 0, max: 99, fallback: 0 }),
    examSeats: int({ min: 0, max: 99, fallback: 0 }),
    forClasses: flag(true),
    forExams: flag(true),
    lendable: flag(false),
    enabled: flag(true),
    sort: int({ min: 0, max: 99, fallback: 0 }),
  },
  unique: { classroom_code_key: { fields: ['code'], message: 'resource.messages.codeUsed' } },
  inUse: {
    admin_class_classroom_id_fkey: 'resource.messages.classroomInUse',
    classroom_booking_classroom_id_fkey: 'resource.messages.classroomInUse',
    timetable_lesson_classroom_id_fkey: 'resource.messages.classroomInUse',
    lesson_change_classroom_id_fkey: 'resource.messages.classroomInUse',
  },
  label: 'name',
  optionsOpen: true,
  key: 'code',
  list: {
    columns: ['code', 'name', 'buildingId', 'type', 'seats', 'examSeats', 'lendable', 'enabled'],
    filters: ['buildingId', 'type', 'lendable', 'enabled'],
    keyword: ['code', 'name'],
    sort: [['sort', 'ASC'], ['code', 'ASC']],
  },
  excel: { columns: ['code', 'name', 'buildingId', 'type', 'seats', 'examSeats', 'forClasses', 'forExams', 'lendable', 'enabled', 'sort'], importMaxKb: 500 },
  permissions: { read: 'academic:classrooms:list', write: 'academic:classrooms:edit' },
  menu: { group: 'rooms', sort: 2, icon: 'square outline' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});
