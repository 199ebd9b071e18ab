import { chosenId, pictureIds, requiredText } from '@schoolflow/contracts';
import { z } from 'zod';
import type { FormField } from '../engine/flow.js';

export const REPAIR_LOCATION_MAX = 100;
/** docs/product/repairs.md#reporting: the description is at most 500 characters. */
export const REPAIR_DESCRIPTION_MAX = 500;
export const REPAIR_URGENCIES = ['normal', 'urgent'] as const;
export type RepairUrgency = (typeof REPAIR_URGENCIES)[number];

/**
 * 报修申请 (docs/product/repairs.md#reporting): `{typeId, location, description, urgency, photos?}` — a repair type of
 * the list, where, what is broken, how urgent, and up to 4 photos (JPG or PNG of at most 2 MB each, checked on the
 * stored files by the server, as every flow's pictures are).
 */
export const repairFormSchema = z.object({
  typeId: chosenId('validation.repairTypeRequired'),
  location: requiredText('validation.repairLocationRequired', REPAIR_LOCATION_MAX, 'validation.repairLocationTooLong'),
  description: requiredText('validation.repairDescriptionRequired', REPAIR_DESCRIPTION_MAX, 'validation.repairDescriptionTooLong'),
  urgency: z.enum(REPAIR_URGENCIES, { error: 'validation.repairUrgencyInvalid' }).default('normal'),
  photos: pictureIds(),
});
export type RepairForm = z.infer<typeof repairFormSchema>;

export const repairFields: readonly FormField[] = [
  { name: 'typeId', kind: 'select', source: true },
  { name: 'location', kind: 'text', max: REPAIR_LOCATION_MAX },
  { name: 'description', kind: 'textarea', max: REPAIR_DESCRIPTION_MAX },
  { name: 'urgency', kind: 'select', options: REPAIR_URGENCIES },
  { name: 'photos', kind: 'pictures', optional: true },
];
