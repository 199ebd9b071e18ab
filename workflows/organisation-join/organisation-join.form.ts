import { chosenId, ORGANISATION_LIMITS, requiredText } from '@schoolflow/contracts';
import { z } from 'zod';
import type { FormField } from '../engine/flow.js';

/**
 * 入会申请 (docs/product/campus-life.md#joining): `{organisationId, reason}` — the body one asks to join (a student a
 * student body, a parent the parent committee: the server checks it) and why, at most 200 characters.
 */
export const organisationJoinFormSchema = z.object({
  organisationId: chosenId('validation.organisationRequired'),
  reason: requiredText('validation.joinReasonRequired', ORGANISATION_LIMITS.reasonMax, 'validation.joinReasonTooLong'),
});
export type OrganisationJoinForm = z.infer<typeof organisationJoinFormSchema>;

export const organisationJoinFields: readonly FormField[] = [
  { name: 'organisationId', kind: 'select', source: true },
  { name: 'reason', kind: 'textarea', max: ORGANISATION_LIMITS.reasonMax },
];
