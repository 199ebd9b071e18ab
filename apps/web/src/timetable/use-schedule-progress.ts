import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type JobProgress, SCHEDULE_JOB } from '@schoolflow/contracts';
import { realtime } from '../realtime/realtime-client.js';
import { laterScheduleProgress, scheduleProgressOf, type ScheduleProgressView } from './schedule-model.js';
import { timetableClient, timetableKeys } from './timetable-client.js';

/** How often the job's record is asked for, in case its pushes do not arrive (another instance, Redis away). */
const POLL_MS = 2000;

const finished = (p: JobProgress | null | undefined): boolean => p?.state === 'completed' || p?.state === 'failed';

/**
 * A run of the automatic scheduler, live: its `job.progress` pushes (placed of total, phase, the score so far) and a
 * poll of `GET /api/jobs/{id}` as the fallback until either says it is finished. When it ends, every timetable query
 * is read again (the draft's lessons, the versions' score).
 */
export function useScheduleProgress(jobId: string | null): ScheduleProgressView | null {
  const client = useQueryClient();
  const [pushed, setPushed] = useState<JobProgress | null>(null);
  useEffect(() => {
    setPushed(null);
    if (!jobId) return;
    return realtime.onJobProgress((p) => {
      // pushes come in order: the latest is the one to show (the count stays at the total while the score improves)
      if (p.id === jobId && p.kind === SCHEDULE_JOB) setPushed((prev) => (finished(prev) ? prev : p));
    });
  }, [jobId]);
  const polled = useQuery({
    queryKey: timetableKeys.job(jobId ?? ''),
    queryFn: ({ signal }) => timetableClient.job(jobId ?? '', signal),
    enabled: jobId !== null && !finished(pushed),
    refetchInterval: (q) => (finished(q.state.data) ? false : POLL_MS),
    // a failed poll is only a missed tick: the next one, or a push, answers
    meta: { silent: true },
    staleTime: 0,
    gcTime: 0,
  });
  const progress = jobId ? laterScheduleProgress(pushed, polled.data) : null;
  const done = finished(progress);
  useEffect(() => {
    if (done) void client.invalidateQueries({ queryKey: ['timetable'], predicate: (q) => q.queryKey[1] !== 'job' });
  }, [done, client]);
  return scheduleProgressOf(progress);
}
