import { useQuery } from '@tanstack/react-query';
import { projectKeys, projectsClient } from './projects-client.js';

/** One project with its members and tasks (its board and timeline), read while shown; a 404 is not retried. */
export function useProject(id: string | null, active: boolean) {
  return useQuery({ queryKey: projectKeys.detail(id ?? ''), queryFn: ({ signal }) => projectsClient.detail(id ?? '', signal), enabled: active && id !== null, retry: false });
}
