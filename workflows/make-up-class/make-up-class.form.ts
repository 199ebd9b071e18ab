import { calendarDate, chosenId, MAX_PERIODS_A_DAY, optionalChosenId, requiredText } from '@schoolflow/contracts';
import { z } from 'zod';
import type { FormField } from '../engine/flow.js';

export const MAKE_UP_REASON_MAX = 500;

/** A period number as a form sends it (a select's text or a number). */
export const periodNo = (key: string) => z.coerce.number({ error: key }).int(key).min(1, key).max(MAX_PERIODS_A_DAY, key);

/**
 * 补课 (docs/product/workflows.md#make-up-class): `{classId, courseId, date, periods: number[], classroomId?, reason}`. The periods come back
 * once each, in order; which exist, and whether the class, the teacher and the room are free then, the server reads.
 */
export const makeUpClassFormSchema = z.object({
  classId: chosenId('validation.classRequired'),
  courseId: chosenId('validation.courseRequired'),
  date: calendarDate(),
  periods: z
    .array(periodNo('validation.periodInvalid'), { error: 'validation.periodsRequired' })
    .min(1, 'validation.periodsRequired')
    .max(MAX_PERIODS_A_DAY, 'validation.periodsRequired')
    .transform((ps) => [...new Set(ps)].sort((a, b) => a - b)),
  // absent: the class's own room
  classroomId: optionalChosenId('validation.classroomRequired'),
  reason: requiredText('validation.makeUpReasonRequired', MAKE_UP_REASON_MAX, 'validation.makeUpReasonTooLong'),
});
export type MakeUpClassForm = z.infer<typeof makeUpClassFormSchema>;

export const makeUpClassFields: readonly FormField[] = [
  { name: 'classId', kind: 'select', source: true },
  { name: 'courseId', kind: 'select', source: true },
  { name: 'date', kind: 'date' },
  { name: 'periods', kind: 'multiselect', source: true },
  { name: 'classroomId', kind: 'select', source: true, optional: true },
  { name: 'reason', kind: 'textarea', max: MAKE_UP_REASON_MAX },
];
