import { DEFAULT_SCHOOL_TZ, parseSchoolTime, pictureIds, requiredText, schoolTimeText, studentRef } from '@schoolflow/contracts';
import { z } from 'zod';
import type { FormField } from '../engine/flow.js';

export const TRAVEL_TRANSPORT = ['walk', 'bus', 'metro', 'train', 'plane', 'car', 'other'] as const;
export const TRAVEL_DESTINATION_MAX = 100;
export const TRAVEL_REASON_MAX = 500;

/**
 * 外出申请 (docs/product/workflows.md#travel): `{destination, start, end, reason, transport?, attachments?}`, a parent adds `studentId`.
 * The end may not be before the start (docs/product/workflows.md#travel; the same instant is allowed).
 */
export const travelFormSchema = z
  .object({
    destination: requiredText('validation.destinationRequired', TRAVEL_DESTINATION_MAX, 'validation.destinationTooLong'),
    start: schoolTimeText('validation.startRequired'),
    end: schoolTimeText('validation.endRequired'),
    reason: requiredText('validation.travelReasonRequired', TRAVEL_REASON_MAX, 'validation.travelReasonTooLong'),
    transport: z.enum(TRAVEL_TRANSPORT, { error: 'validation.transportInvalid' }).optional(),
    attachments: pictureIds(),
    studentId: studentRef(),
  })
  .refine(
    (f) => {
      // read in the default zone here (the browser's check); the server reads both in the school's own
      const start = parseSchoolTime(f.start, DEFAULT_SCHOOL_TZ);
      const end = parseSchoolTime(f.end, DEFAULT_SCHOOL_TZ);
      return start === null || end === null || end >= start;
    },
    { message: 'validation.endBeforeStart', path: ['end'] },
  );
export type TravelForm = z.infer<typeof travelFormSchema>;

export const travelFields: readonly FormField[] = [
  { name: 'studentId', kind: 'child' },
  { name: 'destination', kind: 'text', max: TRAVEL_DESTINATION_MAX },
  { name: 'start', kind: 'datetime' },
  { name: 'end', kind: 'datetime' },
  { name: 'transport', kind: 'select', options: TRAVEL_TRANSPORT, optional: true },
  { name: 'reason', kind: 'textarea', max: TRAVEL_REASON_MAX },
  { name: 'attachments', kind: 'pictures', optional: true },
];
