import { z } from 'zod';

/** 学期升级's form (docs/product/workflows.md#semester-upgrade): `{semesterId}`, the semester that becomes the current one. */
export const semesterUpgradeFormSchema = z.object({
  semesterId: z.string({ error: 'validation.upgradeSemesterRequired' }).uuid('validation.upgradeSemesterRequired'),
});
export type SemesterUpgradeForm = z.infer<typeof semesterUpgradeFormSchema>;
