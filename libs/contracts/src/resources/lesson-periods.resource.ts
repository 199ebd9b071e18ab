import { DAY_PARTS, MAX_PERIODS_A_DAY, TIMETABLE_BASE } from '../timetable-api.js';
import { at, defineResource, int, oneOf, text } from './resource-kit.js';

/** 'HH:mm' on a 24-hour clock. */
export const CLOCK_TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/**
 * 节次 (issue 9): the periods of a school day — how many, when each begins and ends, and which part of the day it is in
 * (the scheduler keeps main subjects in the morning, and a teacher's run of periods breaks at lunch). Every school day
 * has the same periods. Two periods cannot overlap (an exclusion constraint); a period a timetable uses cannot be
 * deleted.
 */
export const lessonPeriods = defineResource({
  name: 'lesson-periods',
  base: TIMETABLE_BASE,
  table: 'lesson_period',
  fields: {
    no: int({ min: 1, max: MAX_PERIODS_A_DAY, required: true }),
    name: text({ max: 20, required: true }),
    start: at('start_time', text({ max: 5, required: true, pattern: CLOCK_TIME, patternMessage: 'validation.clockTime' })),
    end: at('end_time', text({ max: 5, required: true, pattern: CLOCK_TIME, patternMessage: 'validation.clockTime' })),
    part: oneOf('dayPart', DAY_PARTS, { fallback: 'morning' }),
  },
  rules: [
    { path: 'end', message: 'validation.endBeforeStart', holds: (v: { start?: unknown; end?: unknown }) => typeof v.start !== 'string' || typeof v.end !== 'string' || v.start === '' || v.end === '' || v.end > v.start },
  ] as const,
  unique: {
    lesson_period_no_key: { fields: ['no'], message: 'resource.messages.periodNoUsed' },
    lesson_period_no_overlap: { fields: ['start'], message: 'resource.messages.periodOverlaps' },
  },
  inUse: {
    timetable_lesson_period_fkey: 'resource.messages.periodInUse',
    teacher_unavailable_period_fkey: 'resource.messages.periodInUse',
    lesson_change_period_fkey: 'resource.messages.periodInUse',
  },
  label: 'name',
  optionsOpen: true,
  key: 'no',
  list: { columns: ['no', 'name', 'start', 'end', 'part'], filters: ['part'], keyword: ['name'], sort: [['no', 'ASC']] },
  permissions: { read: 'timetable:lesson_periods:list', write: 'timetable:lesson_periods:edit' },
  grants: { write: ['office'] },
  menu: { group: 'timetable', sort: 3, icon: 'clock outline' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'export'],
});
