import { GRADES_BASE } from '../grades-api.js';
import { GRADES } from './classes.resource.js';
import { at, computed, date, decimal, defineResource, flag, int, oneOf, ref, text } from './resource-kit.js';

interface BatchValues {
  start?: unknown;
  end?: unknown;
  courses?: { courseId?: unknown; weight?: unknown }[];
}

/**
 * 成绩录入批次 (docs/product/grades.md#entry-batches): an exam of one grade in one semester at one exam node, with
 * the courses examined — each with its full marks, its weight in the grade's total (course weights within one
 * grade at most 100) and the scale its scores are read by. Opening it starts one grade-confirmation per (class,
 * course); publishing it (`published`, read-only here) tells students and parents. An opened batch keeps its grade,
 * semester and courses (the grades module refuses changing them).
 */
export const gradeBatches = defineResource({
  name: 'batches',
  base: GRADES_BASE,
  table: 'grade_batch',
  fields: {
    name: text({ max: 50, required: true }),
    semesterId: ref('semesters', { required: true }),
    examNodeId: ref('exam-nodes', { required: true }),
    grade: oneOf('grade', GRADES, { required: true }),
    start: at('start_date', date({ required: true })),
    end: at('end_date', date({ required: true })),
    enabled: flag(true),
    opened: computed('bool', 'opened'),
    published: computed('bool', 'published'),
  },
  children: {
    courses: {
      table: 'grade_batch_course',
      parentColumn: 'batch_id',
      positionColumn: 'position',
      max: 30,
      excelItems: 0,
      fields: {
        courseId: ref('courses', { required: true }),
        fullMarks: decimal({ min: 1, max: 300, scale: 1, required: true }),
        weight: int({ min: 0, max: 100, fallback: 0 }),
        scaleId: ref('scales'),
      },
    },
  },
  rules: [
    { path: 'end', message: 'validation.endBeforeStart', holds: (v: BatchValues) => typeof v.start !== 'string' || typeof v.end !== 'string' || v.end >= v.start },
    { path: 'courses', message: 'validation.batchNeedsCourse', holds: (v: BatchValues) => (v.courses ?? []).length > 0 },
    { path: 'courses', message: 'validation.courseRepeated', holds: (v: BatchValues) => new Set((v.courses ?? []).map((c) => c.courseId)).size === (v.courses ?? []).length },
    { path: 'courses', message: 'validation.courseWeightsTotal', holds: (v: BatchValues) => (v.courses ?? []).reduce((sum, c) => sum + (typeof c.weight === 'number' ? c.weight : 0), 0) <= 100 },
  ] as const,
  unique: { grade_batch_name_key: { fields: ['semesterId', 'name'], message: 'resource.messages.nameUsed' } },
  inUse: { grade_sheet_batch_id_fkey: 'resource.messages.batchOpened', grade_score_item_batch_id_fkey: 'resource.messages.batchHasItems' },
  refuseDelete: [{ field: 'opened', message: 'resource.messages.batchOpened' }],
  label: 'name',
  optionsOpen: true,
  key: 'name',
  list: { columns: ['name', 'semesterId', 'examNodeId', 'grade', 'start', 'end', 'opened', 'published', 'enabled'], filters: ['semesterId', 'examNodeId', 'grade', 'published'], keyword: ['name'], sort: [['start', 'DESC'], ['name', 'ASC']] },
  permissions: { read: 'grades:batches:list', write: 'grades:batches:edit' },
  grants: { read: ['principal'], write: ['office', 'gradeleader'] },
  menu: { group: 'grades', sort: 5, icon: 'clipboard list' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'export'],
});

