import { MAX_PERIODS_A_DAY, TIMETABLE_BASE } from '../timetable-api.js';
import { defineResource, int, oneOf, ref, text } from './resource-kit.js';

export const WEEKDAY_VALUES = ['1', '2', '3', '4', '5', '6', '7'] as const;

/**
 * 教师不排课时间 (issue 9): periods a teacher cannot teach in a semester (a research-group meeting, a part-time day);
 * the scheduler never places their lessons there.
 */
export const unavailablePeriods = defineResource({
  name: 'unavailable-periods',
  base: TIMETABLE_BASE,
  table: 'teacher_unavailable',
  fields: {
    semesterId: ref('semesters', { required: true }),
    teacherId: ref('teachers', { required: true }),
    weekday: oneOf('weekday', WEEKDAY_VALUES, { required: true }),
    period: int({ min: 1, max: MAX_PERIODS_A_DAY, required: true }),
    reason: text({ max: 100 }),
  },
  unique: { teacher_unavailable_key: { fields: ['semesterId', 'teacherId', 'weekday', 'period'], message: 'resource.messages.unavailableSet' } },
  inUse: {},
  label: 'reason',
  key: 'id',
  list: { columns: ['semesterId', 'teacherId', 'weekday', 'period', 'reason'], filters: ['semesterId', 'teacherId', 'weekday'], keyword: ['reason'], sort: [['teacherId', 'ASC'], ['weekday', 'ASC'], ['period', 'ASC']] },
  excel: { columns: ['semesterId', 'teacherId', 'weekday', 'period', 'reason'], importMaxKb: 500 },
  permissions: { read: 'timetable:unavailable_periods:list', write: 'timetable:unavailable_periods:edit' },
  grants: { write: ['office'] },
  menu: { group: 'timetable', sort: 5, icon: 'calendar times outline' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});
