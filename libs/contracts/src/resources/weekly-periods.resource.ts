import { TIMETABLE_BASE } from '../timetable-api.js';
import { CLASSROOM_TYPES } from './classrooms.resource.js';
import { GRADES } from './classes.resource.js';
import { defineResource, flag, int, oneOf, ref, text } from './resource-kit.js';

/**
 * 年级课程周课时 (docs/product/timetable.md#weekly-periods): how many periods a week each course has in
 * each grade of a semester — the automatic scheduler places exactly that many for every class of the grade — the room
 * type a course needs (PE in a gym; none: the class's own room) and whether it is a main subject (kept in the morning).
 */
export const weeklyPeriods = defineResource({
  name: 'weekly-periods',
  base: TIMETABLE_BASE,
  table: 'grade_course_hours',
  fields: {
    semesterId: ref('semesters', { required: true }),
    grade: oneOf('grade', GRADES, { required: true }),
    courseId: ref('courses', { required: true }),
    periods: int({ min: 1, max: 40, required: true }),
    roomType: oneOf('classroomType', CLASSROOM_TYPES),
    main: flag(false),
    remark: text({ max: 100 }),
  },
  unique: { grade_course_hours_key: { fields: ['semesterId', 'grade', 'courseId'], message: 'resource.messages.weeklyPeriodsSet' } },
  inUse: {},
  label: 'grade',
  key: 'id',
  list: { columns: ['semesterId', 'grade', 'courseId', 'periods', 'roomType', 'main', 'remark'], filters: ['semesterId', 'grade', 'courseId'], keyword: ['remark'], sort: [['grade', 'ASC'], ['courseId', 'ASC']] },
  excel: { columns: ['semesterId', 'grade', 'courseId', 'periods', 'roomType', 'main', 'remark'], importMaxKb: 500 },
  permissions: { read: 'timetable:weekly_periods:list', write: 'timetable:weekly_periods:edit' },
  grants: { write: ['office'] },
  menu: { group: 'resources', sort: 1, icon: 'calendar check outline' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});
