import type { JobProgress } from '@schoolflow/contracts';
import { z } from 'zod';
import type { SemesterRef, UpgradePlan } from './semester-upgrade.machine.js';

/**
 * What 学期升级's page reads beside its instances (the server answers, the page shows): the current semester, each
 * later semester with what choosing it would do, and the upgrade that holds the school's one at a time, if any.
 * `GET /api/workflows/semester-upgrade/views/choices`.
 */
export const choicesQuerySchema = z.object({});
export type ChoicesQuery = z.infer<typeof choicesQuerySchema>;

export interface UpgradeChoices {
  current: SemesterRef | null;
  choices: { semester: SemesterRef; plan: UpgradePlan }[];
  /** The upgrade waiting for its confirmations or running (one at a time), else null. */
  active: { id: string; state: string; version: number } | null;
}

/**
 * A running upgrade's progress, for a page that missed its `job.progress` pushes (another instance, Redis away): read
 * from the job's own record. `GET /api/workflows/semester-upgrade/views/progress?id=`.
 */
export const progressQuerySchema = z.object({ id: z.string({ error: 'validation.upgradeIdInvalid' }).uuid('validation.upgradeIdInvalid') });
export type ProgressQuery = z.infer<typeof progressQuerySchema>;

/**
 * The push `job.progress` of an upgrade (docs/architecture.md#real-time: `{flow, id, done, total}`), to every administrator: `id` is the
 * upgrade's instance (not its job's: every administrator's page knows the instance), `done`/`total` classes.
 */
export type UpgradeProgress = JobProgress & { flow: 'semester-upgrade' };
