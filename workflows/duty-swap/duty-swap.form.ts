import { DUTY_LIMITS, dutySwapFormSchema as schema } from '@schoolflow/contracts';
import type { FormField } from '../engine/flow.js';

/**
 * 调岗 (docs/product/office.md#duty-rosters): `{assignmentId, withTeacherId, withAssignmentId?, reason}` — my duty, the
 * colleague who takes it, and their duty that comes to me (none: they cover mine). The schema is the contracts' (the
 * duty pages validate with it too).
 */
export const dutySwapFormSchema = schema;

export const dutySwapFields: readonly FormField[] = [
  { name: 'assignmentId', kind: 'select', source: true },
  { name: 'withTeacherId', kind: 'select', source: true },
  { name: 'withAssignmentId', kind: 'select', source: true, optional: true },
  { name: 'reason', kind: 'textarea', max: DUTY_LIMITS.reasonMax },
];
