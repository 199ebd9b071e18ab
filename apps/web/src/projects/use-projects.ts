import { useQuery } from '@tanstack/react-query';
import { projectKeys, projectsClient } from './projects-client.js';

/** My projects (or the archived ones), read while shown; kept current by `project.changed` (useProjectChanges). */
export function useProjects(archived: boolean, active: boolean) {
  return useQuery({ queryKey: projectKeys.list(archived), queryFn: ({ signal }) => projectsClient.list(archived, signal), enabled: active });
}
