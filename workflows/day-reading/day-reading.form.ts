import { calendarDate, requiredText, studentRef } from '@schoolflow/contracts';
import { z } from 'zod';
import type { FormField } from '../engine/flow.js';

export const DAY_READING_ADDRESS_MAX = 100;
export const DAY_READING_REASON_MAX = 500;

/** 走读申请 (docs/product/workflows.md#day-reading): `{start (date), address, guardianPhone, reason}`, a parent adds `studentId`. */
export const dayReadingFormSchema = z.object({
  start: calendarDate(),
  address: requiredText('validation.addressRequired', DAY_READING_ADDRESS_MAX, 'validation.addressTooLong'),
  // a mobile number, or a landline with its area code
  guardianPhone: z.string({ error: 'validation.guardianPhoneInvalid' }).trim().regex(/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/, 'validation.guardianPhoneInvalid'),
  reason: requiredText('validation.dayReadingReasonRequired', DAY_READING_REASON_MAX, 'validation.dayReadingReasonTooLong'),
  studentId: studentRef(),
});
export type DayReadingForm = z.infer<typeof dayReadingFormSchema>;

export const dayReadingFields: readonly FormField[] = [
  { name: 'studentId', kind: 'child' },
  { name: 'start', kind: 'date' },
  { name: 'address', kind: 'text', max: DAY_READING_ADDRESS_MAX },
  { name: 'guardianPhone', kind: 'text', max: 13 },
  { name: 'reason', kind: 'textarea', max: DAY_READING_REASON_MAX },
];
