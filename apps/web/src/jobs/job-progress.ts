import type { JobProgress } from '@schoolflow/contracts';

/** A background job's state as the browser reads it (pushes and polls of `job.progress`): the rules in one place. */

export const jobFinished = (p: JobProgress | null | undefined): boolean => p?.state === 'completed' || p?.state === 'failed';

/**
 * Of two states of one job, the later: a finished one, else the one further on; at the same count, `a`. Callers pass
 * the newer state first — a new push before the one kept, a push before a poll (a push carries the running result).
 */
export function laterProgress(a: JobProgress | null | undefined, b: JobProgress | null | undefined): JobProgress | null {
  if (!a) return b ?? null;
  if (!b) return a;
  if (jobFinished(a) !== jobFinished(b)) return jobFinished(a) ? a : b;
  return b.done > a.done ? b : a;
}

/** How far a job is, 0…100. */
export const jobPercent = (p: { done: number; total: number }): number => (p.total > 0 ? Math.min(100, Math.round((p.done / p.total) * 100)) : 0);
