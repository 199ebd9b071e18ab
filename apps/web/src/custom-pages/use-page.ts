import { useQuery } from '@tanstack/react-query';
import { pageKeys, pagesClient } from './pages-client.js';

/** One page to show or edit (not found when the reader may not see it). */
export function usePage(id: string | undefined, enabled: boolean) {
  return useQuery({ queryKey: pageKeys.one(id ?? ''), queryFn: ({ signal }) => pagesClient.one(id as string, signal), enabled: enabled && !!id, retry: false });
}
