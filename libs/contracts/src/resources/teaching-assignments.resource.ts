import { TIMETABLE_BASE } from '../timetable-api.js';
import { defineResource, ref, text } from './resource-kit.js';

/**
 * 任课安排 (issue 9): who teaches which course to which class in a semester. A grade-confirmation sheet goes to this
 * teacher (docs/product/grades.md#opening-a-batch); the scheduler places the class's weekly periods of the course with them; a lesson placed by
 * hand, a make-up or a swap must be the assigned teacher's. One teacher per class and course.
 */
export const teachingAssignments = defineResource({
  name: 'teaching-assignments',
  base: TIMETABLE_BASE,
  table: 'teaching_assignment',
  fields: {
    semesterId: ref('semesters', { required: true }),
    classId: ref('classes', { required: true }),
    courseId: ref('courses', { required: true }),
    teacherId: ref('teachers', { required: true }),
    remark: text({ max: 100 }),
  },
  unique: { teaching_assignment_class_course_key: { fields: ['semesterId', 'classId', 'courseId'], message: 'resource.messages.assignmentSet' } },
  inUse: {},
  label: 'classId',
  key: 'id',
  list: { columns: ['semesterId', 'classId', 'courseId', 'teacherId', 'remark'], filters: ['semesterId', 'classId', 'courseId', 'teacherId'], keyword: ['remark'], sort: [['classId', 'ASC'], ['courseId', 'ASC']] },
  excel: { columns: ['semesterId', 'classId', 'courseId', 'teacherId', 'remark'], importMaxKb: 500 },
  permissions: { read: 'timetable:teaching_assignments:list', write: 'timetable:teaching_assignments:edit' },
  grants: { read: ['principal'], write: ['office'] },
  menu: { group: 'timetable', sort: 4, icon: 'user md' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});
