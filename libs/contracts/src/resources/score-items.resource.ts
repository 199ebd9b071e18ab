import { GRADES_BASE } from '../grades-api.js';
import { decimal, defineResource, int, ref, text } from './resource-kit.js';

/**
 * 小分设置 (docs/product/grades.md#score-items): the questions (or parts) of one course's paper in a batch, each with its
 * full marks and weight. A sheet of that course is then typed question by question (the score is their sum), and the
 * question score rate analysis reads them. Weights total at most 100 per paper (kept by the database across
 * rows: `grade_score_item_weight_total`).
 */
export const scoreItems = defineResource({
  name: 'score-items',
  base: GRADES_BASE,
  table: 'grade_score_item',
  fields: {
    batchId: ref('batches', { required: true }),
    courseId: ref('courses', { required: true }),
    name: text({ max: 30, required: true }),
    fullMarks: decimal({ min: 0.5, max: 200, scale: 1, required: true }),
    weight: int({ min: 0, max: 100, fallback: 0 }),
    sort: int({ min: 0, max: 999, fallback: 0 }),
  },
  unique: { grade_score_item_name_key: { fields: ['batchId', 'courseId', 'name'], message: 'resource.messages.nameUsed' } },
  checks: {
    grade_score_item_weight_total: { field: 'weight', message: 'validation.itemWeightsTotal' },
    grade_score_item_marks_total: { field: 'fullMarks', message: 'validation.itemMarksTotal' },
    grade_score_item_course_check: { field: 'courseId', message: 'validation.itemCourseNotInBatch' },
    grade_score_item_sheet_check: { field: 'batchId', message: 'validation.itemsAfterEntry' },
  },
  inUse: {},
  label: 'name',
  key: 'name',
  list: { columns: ['batchId', 'courseId', 'name', 'fullMarks', 'weight', 'sort'], filters: ['batchId', 'courseId'], keyword: ['name'], sort: [['batchId', 'ASC'], ['courseId', 'ASC'], ['sort', 'ASC']] },
  permissions: { read: 'grades:settings:list', write: 'grades:settings:edit' },
  grants: { write: ['office', 'gradeleader'] },
  menu: { group: 'grades', sort: 2, icon: 'list ol' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'export'],
});
