import { useQuery } from '@tanstack/react-query';
import { projectKeys, projectsClient } from './projects-client.js';

/** Staff matching the words typed, for the member picker. */
export function useProjectCandidates(q: string, enabled: boolean) {
  return useQuery({ queryKey: projectKeys.candidates(q), queryFn: ({ signal }) => projectsClient.candidates(q, signal), enabled, staleTime: 30_000 });
}
