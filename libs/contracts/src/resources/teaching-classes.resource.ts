import { defineResource, flag, ref, text } from './resource-kit.js';

/**
 * 教学班 (docs/product/base-data.md#teaching-classes: layered teaching): a course taught to students gathered from several classes in one
 * semester, optionally at a layer (分层: A/B/C). Students are attached and detached one by one or saved as a list.
 */
export const teachingClasses = defineResource({
  name: 'teaching-classes',
  table: 'teaching_class',
  fields: {
    name: text({ max: 50, required: true }),
    courseId: ref('courses', { required: true }),
    semesterId: ref('semesters', { required: true }),
    teacherId: ref('teachers', { required: true }),
    layer: text({ max: 20 }),
    closed: flag(false),
  },
  links: { studentIds: { table: 'teaching_class_student', parentColumn: 'teaching_class_id', otherColumn: 'student_id', ref: 'students', max: 200 } },
  unique: { teaching_class_name_key: { fields: ['semesterId', 'name'], message: 'resource.messages.nameUsed' } },
  inUse: {
    timetable_lesson_teaching_class_id_fkey: 'resource.messages.teachingClassInUse',
    lesson_change_teaching_class_id_fkey: 'resource.messages.teachingClassInUse',
  },
  scopedReaders: ['teacher'],
  label: 'name',
  optionsOpen: true,
  key: 'name',
  list: { columns: ['name', 'courseId', 'semesterId', 'teacherId', 'layer', 'closed'], filters: ['courseId', 'semesterId', 'teacherId', 'closed'], keyword: ['name', 'layer'], sort: [['name', 'ASC']] },
  excel: { columns: ['name', 'courseId', 'semesterId', 'teacherId', 'layer'], importMaxKb: 500 },
  permissions: { read: 'academic:teaching_classes:list', write: 'academic:teaching_classes:edit' },
  menu: { group: 'classes', sort: 2, icon: 'object group outline' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});
