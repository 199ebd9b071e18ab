import { SCHEDULE_JOB } from '@schoolflow/contracts';
import { useJobProgress } from '../jobs/use-job-progress.js';
import { scheduleProgressOf, type ScheduleProgressView } from './schedule-model.js';
import { timetableKeys } from './timetable-client.js';

/**
 * A run of the automatic scheduler, live (the kit's job progress: pushes with the phase and the score so far, a poll
 * as the fallback), read as the page shows it. When it ends every timetable query is read again: the draft's lessons,
 * the versions' score.
 */
export function useScheduleProgress(jobId: string | null): ScheduleProgressView | null {
  const progress = useJobProgress(jobId, { kind: SCHEDULE_JOB, invalidateOnEnd: timetableKeys.all });
  return scheduleProgressOf(progress);
}
