import { chosenId, requiredText } from '@schoolflow/contracts';
import { z } from 'zod';
import type { FormField } from '../engine/flow.js';

export const ZOUBAN_CHANGE_REASON_MAX = 200;

/**
 * 走班选科变更 (docs/product/class-walking-and-registrations.md#change-requests): after a class-walking window ends a
 * student asks for another combination — the window (of their grade), the new combination's courses, why.
 */
export const zoubanChangeFormSchema = z.object({
  windowId: chosenId('class-walking.validation.choiceRequired'),
  courseIds: z.array(chosenId('class-walking.validation.choiceRequired'), { error: 'class-walking.validation.choiceRequired' }).min(1, 'class-walking.validation.choiceRequired').max(48, 'class-walking.validation.choiceRequired'),
  reason: requiredText('class-walking.validation.reasonRequired', ZOUBAN_CHANGE_REASON_MAX, 'class-walking.validation.reasonTooLong'),
});
export type ZoubanChangeForm = z.infer<typeof zoubanChangeFormSchema>;

export const zoubanChangeFields: readonly FormField[] = [
  { name: 'windowId', kind: 'select', source: true },
  { name: 'courseIds', kind: 'multiselect', source: true },
  { name: 'reason', kind: 'textarea', max: ZOUBAN_CHANGE_REASON_MAX },
];
