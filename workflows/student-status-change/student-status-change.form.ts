import { calendarDate, pictureIds, requiredText } from '@schoolflow/contracts';
import { z } from 'zod';
import type { FormField } from '../engine/flow.js';

export const STATUS_CHANGE_KINDS = ['transferIn', 'transferOut', 'suspension', 'return'] as const;
export type StatusChangeKind = (typeof STATUS_CHANGE_KINDS)[number];
/** The kinds that put the student into a class (which one the form says). */
export const INTO_A_CLASS: readonly StatusChangeKind[] = ['transferIn', 'return'];
export const STATUS_CHANGE_REASON_MAX = 500;

/** 学籍异动 (docs/product/workflows.md#student-status-change): `{studentId, kind, effectiveDate, reason, toClassId?, attachments?}`. */
export const statusChangeFormSchema = z
  .object({
    studentId: z.string({ error: 'validation.studentRequired' }).min(1, 'validation.studentRequired').max(64, 'validation.studentInvalid'),
    kind: z.enum(STATUS_CHANGE_KINDS, { error: 'validation.statusKindRequired' }),
    effectiveDate: calendarDate(),
    reason: requiredText('validation.statusReasonRequired', STATUS_CHANGE_REASON_MAX, 'validation.statusReasonTooLong'),
    toClassId: z.string().uuid('validation.toClassRequired').optional(),
    attachments: pictureIds(),
  })
  .refine((f) => !INTO_A_CLASS.includes(f.kind) || Boolean(f.toClassId), { message: 'validation.toClassRequired', path: ['toClassId'] });

export const statusChangeFields: readonly FormField[] = [
  { name: 'studentId', kind: 'select', source: true },
  { name: 'kind', kind: 'select', options: STATUS_CHANGE_KINDS },
  { name: 'effectiveDate', kind: 'date' },
  { name: 'toClassId', kind: 'select', source: true, optional: true },
  { name: 'reason', kind: 'textarea', max: STATUS_CHANGE_REASON_MAX },
  { name: 'attachments', kind: 'pictures', optional: true },
];
