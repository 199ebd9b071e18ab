import { TIMETABLE_BASE } from '../timetable-api.js';
import { at, date, defineResource, flag, oneOf, text } from './resource-kit.js';
import { CLOCK_TIME } from './lesson-periods.resource.js';

/** 作息季节: a school keeps a summer and a winter timetable of its day (夏令时 / 冬令时 作息). */
export const SCHEDULE_SEASONS = ['summer', 'winter'] as const;
/** What a moment of the school day is: arrival, morning reading, breaks, lunch, evening study, lights out for boarders … */
export const SCHEDULE_ITEM_KINDS = ['arrival', 'morningReading', 'exercise', 'break', 'lunch', 'nap', 'dismissal', 'dinner', 'eveningStudy', 'lightsOut', 'other'] as const;
/** 作息时间管理 (`zxqgl`): today's schedule and the schedules, under 课表管理 beside the lesson periods. */
export const DAILY_SCHEDULE_PAGE = { url: '/zxqgl', sort: 4, icon: 'clock' } as const;

const clock = (required: boolean) => text({ max: 5, required, pattern: CLOCK_TIME, patternMessage: 'validation.clockTime' });

/**
 * 作息时间 (docs/product/base-data.md#daily-schedule, docs/adr/0065-interface-languages.md#daily-schedule): the school's
 * day beside its lesson periods — a named schedule for a season, in force from its date, with its moments (arrival,
 * morning reading, breaks, lunch, evening study, lights out; some for boarders only). The day's schedule is the
 * enabled one with the latest date not after it: a summer schedule from May, a winter one from October.
 */
export const dailySchedules = defineResource({
  name: 'daily-schedules',
  base: TIMETABLE_BASE,
  table: 'daily_schedule',
  fields: {
    name: text({ max: 30, required: true }),
    season: oneOf('scheduleSeason', SCHEDULE_SEASONS, { fallback: 'summer' }),
    effectiveFrom: date({ required: true }),
    enabled: flag(true),
    remark: text({ max: 200 }),
  },
  children: {
    items: {
      table: 'daily_schedule_item',
      parentColumn: 'schedule_id',
      positionColumn: 'position',
      max: 30,
      excelItems: 0,
      fields: {
        kind: oneOf('scheduleItem', SCHEDULE_ITEM_KINDS, { fallback: 'other' }),
        name: text({ max: 30, required: true }),
        start: at('start_time', clock(true)),
        end: at('end_time', clock(false)),
        boardersOnly: flag(false),
      },
    },
  },
  rules: [
    {
      path: 'items',
      message: 'validation.endBeforeStart',
      holds: (v: { items?: unknown }) => !Array.isArray(v.items) || v.items.every((i: { start?: unknown; end?: unknown }) => typeof i.end !== 'string' || i.end === '' || typeof i.start !== 'string' || i.end > i.start),
    },
  ] as const,
  unique: {
    daily_schedule_name_key: { fields: ['name'], message: 'resource.messages.nameUsed' },
    daily_schedule_effective_key: { fields: ['effectiveFrom'], message: 'resource.messages.scheduleDateUsed' },
  },
  inUse: {},
  checks: { daily_schedule_item_end_after_start: { field: 'items', message: 'validation.endBeforeStart' } },
  label: 'name',
  optionsOpen: true,
  key: 'name',
  list: { columns: ['name', 'season', 'effectiveFrom', 'enabled', 'remark'], filters: ['season', 'enabled'], keyword: ['name'], sort: [['effectiveFrom', 'DESC']] },
  permissions: { read: 'timetable:daily_schedules:list', write: 'timetable:daily_schedules:edit' },
  grants: { read: ['principal', 'headteacher', 'gradeleader', 'teacher', 'student', 'parent', 'repairman', 'doctor'], write: ['office'] },
  actions: ['list', 'read', 'create', 'update', 'delete'],
});

