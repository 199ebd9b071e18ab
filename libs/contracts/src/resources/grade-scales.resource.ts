import { GRADES_BASE } from '../grades-api.js';
import { at, decimal, defineResource, flag, int, text } from './resource-kit.js';

interface ScaleLines {
  fullScore?: unknown;
  passLine?: unknown;
  excellentLine?: unknown;
  ranks?: { min?: unknown; max?: unknown; convertedScore?: unknown }[];
}
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const notAbove = (a: unknown, b: unknown): boolean => num(a) === null || num(b) === null || (num(a) as number) <= (num(b) as number);

/**
 * 评分体系 (docs/product/grades.md#grade-scales: ranks with name, converted score, minimum and maximum; excellent and pass lines).
 * Its lines are on its own score system (`fullScore`, e.g. 100) and apply to an exam of other full marks in proportion.
 * The pass line is not above the score system; a scale with ranks cannot be deleted (its ranks' foreign key
 * has no cascade: `grade_scale_rank_scale_id_fkey`).
 */
export const gradeScales = defineResource({
  name: 'scales',
  base: GRADES_BASE,
  table: 'grade_scale',
  fields: {
    name: text({ max: 30, required: true }),
    fullScore: int({ min: 1, max: 200, required: true }),
    passLine: decimal({ min: 0, max: 200, scale: 1, required: true }),
    excellentLine: decimal({ min: 0, max: 200, scale: 1, required: true }),
    enabled: flag(true),
    sort: int({ min: 0, max: 999, fallback: 0 }),
  },
  children: {
    ranks: {
      table: 'grade_scale_rank',
      parentColumn: 'scale_id',
      positionColumn: 'position',
      max: 20,
      excelItems: 0,
      fields: {
        name: text({ max: 10, required: true }),
        convertedScore: decimal({ min: 0, max: 200, scale: 2, required: true }),
        min: at('min_score', decimal({ min: 0, max: 200, scale: 2, required: true })),
        max: at('max_score', decimal({ min: 0, max: 200, scale: 2, required: true })),
      },
    },
  },
  rules: [
    { path: 'passLine', message: 'validation.passLineAboveScale', holds: (v: ScaleLines) => notAbove(v.passLine, v.fullScore) },
    { path: 'excellentLine', message: 'validation.excellentLineOutside', holds: (v: ScaleLines) => notAbove(v.passLine, v.excellentLine) && notAbove(v.excellentLine, v.fullScore) },
    { path: 'ranks', message: 'validation.rankRangeInvalid', holds: (v: ScaleLines) => (v.ranks ?? []).every((r) => notAbove(r.min, r.max) && notAbove(r.max, v.fullScore)) },
  ] as const,
  unique: { grade_scale_name_key: { fields: ['name'], message: 'resource.messages.nameUsed' } },
  inUse: {
    grade_scale_rank_scale_id_fkey: 'resource.messages.scaleHasRanks',
    grade_batch_course_scale_id_fkey: 'resource.messages.scaleInUse',
  },
  label: 'name',
  optionsOpen: true,
  key: 'name',
  list: { columns: ['name', 'fullScore', 'passLine', 'excellentLine', 'enabled', 'sort'], filters: ['enabled'], keyword: ['name'], sort: [['sort', 'ASC'], ['name', 'ASC']] },
  permissions: { read: 'grades:settings:list', write: 'grades:settings:edit' },
  grants: { read: ['office', 'gradeleader'] },
  menu: { group: 'grades', sort: 3, icon: 'sliders horizontal' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'export'],
});

