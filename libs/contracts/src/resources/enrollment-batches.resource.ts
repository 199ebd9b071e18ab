import { at, date, defineResource, flag, int, ref, text } from './resource-kit.js';

const notBefore = (a: unknown, b: unknown): boolean => typeof a !== 'string' || typeof b !== 'string' || a >= b;

/**
 * 招生批次 (docs/product/base-data.md#enrollment-batches): new students enter through a batch (招生管理) and are numbered by the template
 * {YYYY}{XB}{XQ}{LSH} — the batch's year, gender (1 male, 2 female), the batch's campus code, a 3-digit serial.
 */
export const enrollmentBatches = defineResource({
  name: 'enrollment-batches',
  table: 'enrollment_batch',
  fields: {
    name: text({ max: 50, required: true }),
    year: int({ min: 2001, max: 9998, required: true }),
    campusId: ref('campuses', { required: true }),
    startTime: at('start_at', date({ required: true })),
    endTime: at('end_at', date({ required: true })),
    enabled: flag(true),
  },
  rules: [{ path: 'endTime', message: 'validation.endBeforeStart', holds: (v: { startTime?: unknown; endTime?: unknown }) => notBefore(v.endTime, v.startTime) }] as const,
  unique: { enrollment_batch_name_key: { fields: ['name'], message: 'resource.messages.nameUsed' } },
  inUse: { student_enrollment_batch_id_fkey: 'resource.messages.batchInUse' },
  label: 'name',
  optionsOpen: true,
  key: 'name',
  list: { columns: ['name', 'year', 'campusId', 'startTime', 'endTime', 'enabled'], filters: ['year', 'enabled'], keyword: ['name'], sort: [['year', 'DESC'], ['name', 'ASC']] },
  permissions: { read: 'academic:enrollment_batches:list', write: 'academic:enrollment_batches:edit' },
  menu: { group: 'admission', sort: 1, icon: 'calendar check outline' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'export'],
});
