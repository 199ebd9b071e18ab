import { ELECTIVE_LIMITS, optionalChosenId, requiredText, SLOT_TEXT, wordCount } from '@schoolflow/contracts';
import { z } from 'zod';
import type { FormField } from '../engine/flow.js';

/** The grades a course may be declared for (the demo school's 高一–高三). */
export const ELECTIVE_GRADE_OPTIONS = ['10', '11', '12'] as const;
const count = (key: string, min: number) => z.coerce.number({ error: key }).int(key).min(min, key).max(ELECTIVE_LIMITS.capacityMax, key);

/**
 * 选修课申报 (docs/product/electives.md#declaring): `{name, description, grades, capacity, minSize, slots, classroomId?}`;
 * the teacher is the applicant. The description is within 300 words (the validation rules); the minimum size not above the capacity;
 * slots are "weekday-period" (which lesson periods exist, and the room, the server reads).
 */
export const electiveCourseFormSchema = z
  .object({
    name: requiredText('validation.electiveNameRequired', ELECTIVE_LIMITS.nameMax, 'validation.electiveNameTooLong'),
    description: z
      .string({ error: 'validation.electiveDescriptionRequired' })
      .trim()
      .min(1, 'validation.electiveDescriptionRequired')
      .max(3000, 'validation.electiveDescriptionTooLong')
      .refine((d) => wordCount(d) <= ELECTIVE_LIMITS.descriptionWords, 'validation.electiveDescriptionTooLong'),
    grades: z
      .array(z.enum(ELECTIVE_GRADE_OPTIONS, { error: 'validation.electiveGradesRequired' }), { error: 'validation.electiveGradesRequired' })
      .min(1, 'validation.electiveGradesRequired')
      .transform((gs) => [...new Set(gs)].sort()),
    capacity: count('validation.electiveCapacityInvalid', 1),
    minSize: count('validation.electiveMinSizeInvalid', 0),
    slots: z
      .array(z.string().regex(SLOT_TEXT, 'validation.electiveSlotsRequired'), { error: 'validation.electiveSlotsRequired' })
      .min(1, 'validation.electiveSlotsRequired')
      .max(8, 'validation.electiveSlotsRequired')
      .transform((ss) => [...new Set(ss)].sort()),
    classroomId: optionalChosenId('validation.classroomRequired'),
  })
  .refine((f) => f.minSize <= f.capacity, { message: 'validation.electiveMinSizeInvalid', path: ['minSize'] });
export type ElectiveCourseForm = z.infer<typeof electiveCourseFormSchema>;

export const electiveCourseFields: readonly FormField[] = [
  { name: 'name', kind: 'text', max: ELECTIVE_LIMITS.nameMax },
  { name: 'description', kind: 'textarea', max: 3000 },
  { name: 'grades', kind: 'multiselect', options: ELECTIVE_GRADE_OPTIONS },
  { name: 'capacity', kind: 'text' },
  { name: 'minSize', kind: 'text' },
  { name: 'slots', kind: 'multiselect', source: true },
  { name: 'classroomId', kind: 'select', source: true, optional: true },
];
