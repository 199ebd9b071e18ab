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

/**
 * The travel request's fields are declared once, by the schema above; everything else that names them derives from it:
 * the form's names (TRAVEL_FORM_KEYS), the start event's fields (TravelRequest, travelRequest), the fields users fill
 * in (travelFields: the compiler holds them to the schema's keys) and the form the detail page shows (the flow's
 * formView).
 */
export const TRAVEL_FORM_KEYS = Object.keys(travelFormSchema.shape) as readonly (keyof TravelForm)[];

/**
 * The form as the start event stores it, beside the chain's student and route: every field but `studentId` (the chain
 * keeps the student it resolved to), the times as instants (ISO), a transport left out as null, the pictures as a list
 * (each once). Stored events have had this shape from the first (they fold as they are).
 */
export type TravelRequest = Omit<TravelForm, 'studentId' | 'transport' | 'attachments'> & {
  transport: NonNullable<TravelForm['transport']> | null;
  attachments: string[];
};

/** The stored request of a checked form: `period` the times as the server read them, `attachments` the pictures checked. */
export function travelRequest(form: TravelForm, period: { start: string; end: string }, attachments: string[]): TravelRequest {
  const { studentId: _student, ...fields } = form;
  return { ...fields, start: period.start, end: period.end, transport: form.transport ?? null, attachments };
}

/** How users fill in each field of the schema (one entry per field, neither more nor fewer), in the order they see them. */
const TRAVEL_FIELD_INPUTS = {
  studentId: { kind: 'child' },
  destination: { kind: 'text', max: TRAVEL_DESTINATION_MAX },
  start: { kind: 'datetime' },
  end: { kind: 'datetime' },
  transport: { kind: 'select', options: TRAVEL_TRANSPORT, optional: true },
  reason: { kind: 'textarea', max: TRAVEL_REASON_MAX },
  attachments: { kind: 'pictures', optional: true },
} satisfies Record<keyof TravelForm, Omit<FormField, 'name'>>;

export const travelFields: readonly FormField[] = Object.entries(TRAVEL_FIELD_INPUTS).map(([name, input]): FormField => ({ name, ...input }));
