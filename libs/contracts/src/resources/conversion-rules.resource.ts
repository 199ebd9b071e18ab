import { GRADES_BASE } from '../grades-api.js';
import { decimal, defineResource, flag, int, ref, text } from './resource-kit.js';

interface RuleScores {
  lowest?: unknown;
  highest?: unknown;
  conversionScore?: unknown;
}
const n = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const ordered = (...vs: unknown[]): boolean => {
  const ns = vs.map(n);
  return ns.some((x) => x === null) || ns.every((x, i) => i === 0 || (ns[i - 1] as number) <= (x as number));
};

/**
 * 学年换算规则 (docs/product/grades.md#conversion-rules: level, lowest, highest, conversion score, colour, enabled,
 * classification rate; scores integers 0–200, highest not below lowest, the conversion score between them). A school
 * year's rules turn a raw score into its level, converted score and colour (the final report, the conversion of a
 * sheet).
 */
export const conversionRules = defineResource({
  name: 'conversion-rules',
  base: GRADES_BASE,
  table: 'grade_conversion_rule',
  fields: {
    schoolYearId: ref('school-years', { required: true }),
    level: text({ max: 10, required: true }),
    lowest: int({ min: 0, max: 200, required: true }),
    highest: int({ min: 0, max: 200, required: true }),
    conversionScore: int({ min: 0, max: 200, required: true }),
    colour: text({ max: 7, pattern: /^#[0-9A-Fa-f]{6}$/, patternMessage: 'validation.colourInvalid' }),
    classificationRate: decimal({ min: 0, max: 100, scale: 2 }),
    enabled: flag(true),
  },
  rules: [
    { path: 'highest', message: 'validation.highestBelowLowest', holds: (v: RuleScores) => ordered(v.lowest, v.highest) },
    { path: 'conversionScore', message: 'validation.conversionOutside', holds: (v: RuleScores) => ordered(v.lowest, v.conversionScore, v.highest) },
  ] as const,
  unique: { grade_conversion_rule_level_key: { fields: ['schoolYearId', 'level'], message: 'resource.messages.levelUsed' } },
  inUse: {},
  label: 'level',
  key: 'level',
  list: { columns: ['schoolYearId', 'level', 'lowest', 'highest', 'conversionScore', 'colour', 'classificationRate', 'enabled'], filters: ['schoolYearId', 'enabled'], keyword: ['level'], sort: [['schoolYearId', 'ASC'], ['highest', 'DESC']] },
  excel: { columns: ['schoolYearId', 'level', 'lowest', 'highest', 'conversionScore', 'colour', 'classificationRate', 'enabled'], importMaxKb: 500 },
  permissions: { read: 'grades:settings:list', write: 'grades:settings:edit' },
  grants: { read: ['office', 'gradeleader'] },
  menu: { group: 'grades', sort: 4, icon: 'exchange' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});
