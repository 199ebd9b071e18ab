import { useQuery } from '@tanstack/react-query';
import { resourceClient, resourceKeys } from './resource-client.js';

/** One record to edit, read afresh each time the form opens (another user may have changed it since the list loaded). */
export function useResourceRecord(name: string, id: string | null) {
  return useQuery({
    queryKey: resourceKeys.one(name, id ?? ''),
    queryFn: ({ signal }) => resourceClient.one(name, id ?? '', signal),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
