import { useQuery } from '@tanstack/react-query';
import type { SpiderItemState } from '@schoolflow/contracts';
import { spiderClient, spiderKeys } from './spider-client.js';

/** A column's collected items of a state, newest first. */
export function useItems(id: string | null, state: SpiderItemState | 'all') {
  return useQuery({ queryKey: spiderKeys.items(id ?? '', state), queryFn: ({ signal }) => spiderClient.items(id ?? '', state, signal), enabled: id !== null });
}
