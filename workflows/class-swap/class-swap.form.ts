import { calendarDate, chosenId, optionalChosenId, requiredText } from '@schoolflow/contracts';
import { z } from 'zod';
import type { FormField } from '../engine/flow.js';
import { periodNo } from '../make-up-class/make-up-class.form.js';

export const CLASS_SWAP_REASON_MAX = 500;

/**
 * 调课 (docs/product/workflows.md#class-swap): `{classId, fromDate, fromPeriod, toDate, toPeriod, withTeacherId?, reason}` — the applicant's
 * lesson of the class at (fromDate, fromPeriod) goes to (toDate, toPeriod); the lesson there, if any, comes the other way.
 */
export const classSwapFormSchema = z.object({
  classId: chosenId('validation.classRequired'),
  fromDate: calendarDate(),
  fromPeriod: periodNo('validation.periodRequired'),
  toDate: calendarDate(),
  toPeriod: periodNo('validation.periodRequired'),
  // absent: the target's teacher, whoever it is
  withTeacherId: optionalChosenId('validation.teacherInvalid'),
  reason: requiredText('validation.swapReasonRequired', CLASS_SWAP_REASON_MAX, 'validation.swapReasonTooLong'),
});
export type ClassSwapForm = z.infer<typeof classSwapFormSchema>;

export const classSwapFields: readonly FormField[] = [
  { name: 'classId', kind: 'select', source: true },
  { name: 'fromDate', kind: 'date' },
  { name: 'fromPeriod', kind: 'select', source: true },
  { name: 'toDate', kind: 'date' },
  { name: 'toPeriod', kind: 'select', source: true },
  { name: 'withTeacherId', kind: 'select', source: true, optional: true },
  { name: 'reason', kind: 'textarea', max: CLASS_SWAP_REASON_MAX },
];
