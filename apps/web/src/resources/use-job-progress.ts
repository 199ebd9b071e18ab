import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { JobProgress } from '@schoolflow/contracts';
import { realtime } from '../realtime/realtime-client.js';
import { resourceClient, resourceKeys } from './resource-client.js';
import { jobFinished, laterProgress } from './resource-format.js';

/** How often the job is asked for, in case its pushes do not arrive (no socket, another instance, Redis away). */
const POLL_MS = 2000;

/**
 * A background job's progress: its `job.progress` pushes, and a poll of `GET /jobs/{id}` every POLL_MS as the
 * fallback, until either says it is finished. Answers the later of the two.
 */
export function useJobProgress(jobId: string | null): JobProgress | null {
  const [pushed, setPushed] = useState<JobProgress | null>(null);
  useEffect(() => {
    setPushed(null);
    if (!jobId) return;
    return realtime.onJobProgress((p) => {
      if (p.id === jobId) setPushed((prev) => laterProgress(prev, p));
    });
  }, [jobId]);
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
  return jobId ? laterProgress(pushed, polled.data) : null;
}
