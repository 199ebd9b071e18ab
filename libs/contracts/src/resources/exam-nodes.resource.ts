import { GRADES_BASE } from '../grades-api.js';
import { defineResource, flag, int, text } from './resource-kit.js';

/**
 * 考试节点 (docs/product/grades.md#exam-nodes: the name at most 10 Chinese characters): the kinds of exam a semester
 * holds (期中, 期末, 月考 …). Its weight is the exam type's share of a course's semester total (docs/product/grades.md#exam-nodes: exam-type
 * weights at most 100 in all — kept by the database across rows, `grade_exam_node_weight_total`).
 */
export const examNodes = defineResource({
  name: 'exam-nodes',
  base: GRADES_BASE,
  table: 'grade_exam_node',
  fields: {
    code: text({ max: 30, required: true, pattern: /^[A-Za-z0-9]+$/, patternMessage: 'validation.codeLettersDigits' }),
    name: text({ max: 10, required: true }),
    englishName: text({ max: 50 }),
    weight: int({ min: 0, max: 100, fallback: 0 }),
    enabled: flag(true),
    sort: int({ min: 0, max: 999, fallback: 0 }),
  },
  unique: {
    grade_exam_node_code_key: { fields: ['code'], message: 'resource.messages.codeUsed' },
    grade_exam_node_name_key: { fields: ['name'], message: 'resource.messages.nameUsed' },
  },
  checks: { grade_exam_node_weight_total: { field: 'weight', message: 'validation.examWeightsTotal' } },
  inUse: { grade_batch_exam_node_id_fkey: 'resource.messages.examNodeInUse' },
  label: 'name',
  labelEn: 'englishName',
  optionsOpen: true,
  key: 'code',
  list: { columns: ['code', 'name', 'englishName', 'weight', 'enabled', 'sort'], filters: ['enabled'], keyword: ['code', 'name'], sort: [['sort', 'ASC'], ['code', 'ASC']] },
  excel: { columns: ['code', 'name', 'englishName', 'weight', 'enabled', 'sort'], importMaxKb: 500 },
  permissions: { read: 'grades:settings:list', write: 'grades:settings:edit' },
  grants: { read: ['office', 'gradeleader'] },
  menu: { group: 'grades', sort: 1, icon: 'flag outline' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});
