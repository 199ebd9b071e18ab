import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { JobProgress } from '@schoolflow/contracts';
import { realtime } from '../realtime/realtime-client.js';
import { resourceClient, resourceKeys } from './resource-client.js';
import { jobFinished, laterProgress } from './resource-format.js';

/** How often the job is asked for, in case its pushes do not arrive (no socket, another instance, Redis away). */
const POLL_MS = 2000;

export interface JobProgressOptions {
  /** Only pushes of this kind of job (`JobProgress.kind`, e.g. the scheduler's `timetable:schedule`) are read. */
  kind?: string;
}

/**
 * A background job's progress: its `job.progress` pushes, and a poll of `GET /jobs/{id}` every POLL_MS as the
 * fallback, until either says it is finished. Answers the later of the two, with the running `result` the job pushes
 * (a phase, a score so far) where it pushes one.
 */
export function useJobProgress(jobId: string | null, { kind }: JobProgressOptions = {}): JobProgress | null {
  const [pushed, setPushed] = useState<JobProgress | null>(null);
  useEffect(() => {
    setPushed(null);
    if (!jobId) return;
    return realtime.onJobProgress((p) => {
      // pushes come in order: at the same count the newer wins, since a job may push again without counting further
      // (the scheduler improving its score once every lesson is placed); an earlier one wins only when further on or finished
      if (p.id === jobId && (kind === undefined || p.kind === kind)) setPushed((prev) => laterProgress(p, prev));
    });
  }, [jobId, kind]);
  const polled = useQuery({
    queryKey: resourceKeys.job(jobId ?? ''),
    queryFn: ({ signal }) => resourceClient.job(jobId ?? '', signal),
    enabled: jobId !== null && !jobFinished(pushed),
    refetchInterval: (q) => (jobFinished(q.state.data) ? false : POLL_MS),
    // a failed poll is only a missed tick: the next one, or a push, answers
    meta: { silent: true },
    staleTime: 0,
    gcTime: 0,
  });
  // a push and a poll at one count: the push, which carries the running result (a poll's is only the final one)
  return jobId ? laterProgress(pushed, polled.data) : null;
}
