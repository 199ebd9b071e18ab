import { ABOVE_SCHOOL_LEVELS, AWARD_KINDS, calendarDate, optionalChosenId, optionalText, pictureIds, requiredText } from '@schoolflow/contracts';
import { z } from 'zod';
import type { FormField } from '../engine/flow.js';

export const AWARD_TITLE_MAX = 100;
export const AWARD_PRIZE_MAX = 50;
export const AWARD_REMARK_MAX = 300;

/**
 * 奖项申报 (docs/product/awards.md#reporting): a student or a teacher reports their own award above the school's level —
 * a contest of the contest setting or a free title, its kind, level, prize, date and certificate images (JPG or PNG, at
 * most 2 MB each, checked on the stored files by the server).
 */
export const awardReviewFormSchema = z
  .object({
    kind: z.enum(AWARD_KINDS, { error: 'validation.awardKindInvalid' }),
    contestId: optionalChosenId('validation.awardContestInvalid'),
    title: optionalText(AWARD_TITLE_MAX, 'validation.awardTitleTooLong'),
    level: z.enum(ABOVE_SCHOOL_LEVELS as unknown as [string, ...string[]], { error: 'validation.awardLevelAboveSchool' }),
    prize: requiredText('validation.awardPrizeRequired', AWARD_PRIZE_MAX, 'validation.awardPrizeTooLong'),
    awardedOn: calendarDate(),
    certificates: pictureIds(),
    remark: optionalText(AWARD_REMARK_MAX, 'validation.awardRemarkTooLong'),
  })
  .refine((f) => Boolean(f.contestId) || Boolean(f.title), { message: 'validation.awardTitleRequired', path: ['title'] })
  .refine((f) => (f.certificates ?? []).length > 0, { message: 'validation.awardCertificateRequired', path: ['certificates'] });
export type AwardReviewForm = z.infer<typeof awardReviewFormSchema>;

export const awardReviewFields: readonly FormField[] = [
  { name: 'kind', kind: 'select', options: AWARD_KINDS },
  { name: 'contestId', kind: 'select', source: true, optional: true },
  { name: 'title', kind: 'text', max: AWARD_TITLE_MAX, optional: true },
  { name: 'level', kind: 'select', options: ABOVE_SCHOOL_LEVELS },
  { name: 'prize', kind: 'text', max: AWARD_PRIZE_MAX },
  { name: 'awardedOn', kind: 'date' },
  { name: 'certificates', kind: 'pictures' },
  { name: 'remark', kind: 'textarea', max: AWARD_REMARK_MAX, optional: true },
];
