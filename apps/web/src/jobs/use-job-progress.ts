import { useEffect, useState } from 'react';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobProgress } from '@schoolflow/contracts';
import { realtime } from '../realtime/realtime-client.js';
import { resourceClient, resourceKeys } from '../resources/resource-client.js';
import { jobFinished, laterProgress } from './job-progress.js';

/** How often the job is asked for, in case its pushes do not arrive (no socket, another instance, Redis away). */
const POLL_MS = 2000;

export interface JobProgressOptions<P extends JobProgress> {
  /** Only pushes of this kind of job (`JobProgress.kind`, e.g. the scheduler's `timetable:schedule`) are read. */
  kind?: string;
  /** Only pushes this accepts (a flow's job pushes a shape of its own). */
  accept?: (p: JobProgress) => p is P;
  /** Where the job's record is polled; by default the kit's `GET /jobs/{id}`. */
  poll?: { queryKey: QueryKey; queryFn: (signal: AbortSignal) => Promise<P> };
  /** Queries read again once the job has ended (what it changed). */
  invalidateOnEnd?: QueryKey;
}

/**
 * A background job's progress, the one way every page follows a job: its `job.progress` pushes, and a poll of its record
 * every POLL_MS as the fallback, until either says it is finished. Answers the later of the two (jobs/job-progress.ts),
 * with the running `result` the job pushes (a phase, a score so far) where it pushes one.
 */
export function useJobProgress<P extends JobProgress = JobProgress>(jobId: string | null, options: JobProgressOptions<P> = {}): P | null {
  const { kind, accept, poll, invalidateOnEnd } = options;
  const client = useQueryClient();
  // the latest push, with the job it is of: a push of another job (the one followed before) counts as none
  const [push, setPush] = useState<{ jobId: string; progress: P | null } | null>(null);
  const pushed = push !== null && push.jobId === jobId ? push.progress : null;
  useEffect(() => {
    if (!jobId) return;
    return realtime.onJobProgress((p) => {
      if (p.id !== jobId || (kind !== undefined && p.kind !== kind) || (accept && !accept(p))) return;
      // pushes come in order: at the same count the newer wins, since a job may push again without counting further
      // (the scheduler improving its score once every lesson is placed); an earlier one wins only when further on or finished
      setPush((prev) => ({ jobId, progress: laterProgress(p, prev?.jobId === jobId ? prev.progress : null) as P | null }));
    });
  }, [jobId, kind, accept]);
  const polled = useQuery({
    queryKey: poll?.queryKey ?? resourceKeys.job(jobId ?? ''),
    queryFn: ({ signal }) => (poll ? poll.queryFn(signal) : (resourceClient.job(jobId ?? '', signal) as Promise<P>)),
    enabled: jobId !== null && !jobFinished(pushed),
    refetchInterval: (q) => (jobFinished(q.state.data) ? false : POLL_MS),
    // a failed poll is only a missed tick: the next one, or a push, answers
    meta: { silent: true },
    staleTime: 0,
    gcTime: 0,
  });
  // a push and a poll at one count: the push, which carries the running result (a poll's is only the final one)
  const progress = jobId ? (laterProgress(pushed, polled.data) as P | null) : null;
  const finished = jobFinished(progress);
  const endKey = JSON.stringify(invalidateOnEnd ?? null);
  useEffect(() => {
    if (finished && endKey !== 'null') void client.invalidateQueries({ queryKey: JSON.parse(endKey) as QueryKey });
  }, [finished, endKey, client]);
  return progress;
}
