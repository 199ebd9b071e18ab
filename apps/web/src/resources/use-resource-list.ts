import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { resourceClient, resourceKeys } from './resource-client.js';
import { listQuery } from './resource-format.js';

export interface ListParams {
  current: number;
  size: number;
  keyword: string;
  filters: Readonly<Record<string, string>>;
}

/**
 * One page of a resource's list. The previous page stays on screen while the next loads (no empty flash between
 * pages); nothing loads while the page sits in a background tab (`enabled`), and it refetches when shown if a write
 * made it stale meanwhile.
 */
export function useResourceList(name: string, params: ListParams, enabled: boolean) {
  const query = listQuery(params);
  return useQuery({
    queryKey: resourceKeys.list(name, query),
    queryFn: ({ signal }) => resourceClient.list(name, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
