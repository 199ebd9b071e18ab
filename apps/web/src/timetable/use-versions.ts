import { useQuery } from '@tanstack/react-query';
import { timetableClient, timetableKeys } from './timetable-client.js';

/** How often the list is read again while one of its timetables is being made by the scheduler. */
const RUNNING_POLL_MS = 3000;

/**
 * A semester's timetables ('' = the current semester): the published one first, then drafts and archived ones. While
 * a run of the scheduler is under way (its draft is listed with its job's state) the list is read again, so its
 * lessons and score appear when it ends — also for an administrator who did not start it.
 */
export function useVersions(semesterId: string, enabled: boolean) {
  return useQuery({
    queryKey: timetableKeys.versions(semesterId),
    queryFn: ({ signal }) => timetableClient.versions(semesterId, signal),
    enabled,
    refetchInterval: (q) => (enabled && (q.state.data ?? []).some((v) => v.jobState === 'queued' || v.jobState === 'running') ? RUNNING_POLL_MS : false),
  });
}
