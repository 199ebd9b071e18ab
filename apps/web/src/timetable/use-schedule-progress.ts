import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SCHEDULE_JOB } from '@schoolflow/contracts';
import { jobFinished } from '../resources/resource-format.js';
import { useJobProgress } from '../resources/use-job-progress.js';
import { scheduleProgressOf, type ScheduleProgressView } from './schedule-model.js';
import { timetableKeys } from './timetable-client.js';

/**
 * A run of the automatic scheduler, live (the kit's job progress: pushes with the phase and the score so far, a poll
 * as the fallback), read as the page shows it. When it ends every timetable query is read again: the draft's lessons,
 * the versions' score.
 */
export function useScheduleProgress(jobId: string | null): ScheduleProgressView | null {
  const client = useQueryClient();
  const progress = useJobProgress(jobId, { kind: SCHEDULE_JOB });
  const done = jobFinished(progress);
  useEffect(() => {
    if (done) void client.invalidateQueries({ queryKey: timetableKeys.all });
  }, [done, client]);
  return scheduleProgressOf(progress);
}
