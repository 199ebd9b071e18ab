import { RoleCode } from '@schoolflow/contracts';
import { defineFlow } from '../kit/define-flow.js';
import { reviewCommands } from '../kit/shared.js';
import { awardReviewFields, awardReviewFormSchema } from './award-review.form.js';
import { awardReviewChain } from './award-review.machine.js';

/** 奖项申报, declared once: the kit's review chain (head teacher → office), its commands, its form and who reports. */
export const awardReviewFlow = defineFlow({
  ...awardReviewChain.declaration,
  flow: 'award-review',
  commands: reviewCommands,
  form: { schema: awardReviewFormSchema, fields: awardReviewFields },
  apply: { roles: [RoleCode.student, RoleCode.teacher], icon: 'trophy', sort: 9 },
  formView: (d) => ({
    kind: d.kind,
    contestId: d.contestName ?? d.contestId ?? undefined,
    title: d.title ?? undefined,
    level: d.level,
    prize: d.prize,
    awardedOn: d.awardedOn,
    certificates: d.certificates,
    remark: d.remark ?? undefined,
  }),
});
