import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '../realtime/use-realtime.js';
import { projectKeys } from './projects-client.js';

/**
 * `project.changed` (docs/adr/0059-projects.md#live): a change by any member marks the lists, that project's board and
 * its tasks' details stale, so whatever is shown reads again without a reload; after a missed push, everything.
 */
export function useProjectChanges(): void {
  const client = useQueryClient();
  useRealtime(
    'project.changed',
    (p) => {
      void client.invalidateQueries({ queryKey: projectKeys.lists });
      void client.invalidateQueries({ queryKey: projectKeys.detail(p.projectId) });
      void client.invalidateQueries({ queryKey: projectKeys.tasks(p.projectId) });
    },
    () => void client.invalidateQueries({ queryKey: projectKeys.all }),
  );
}
