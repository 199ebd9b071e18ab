import { useQuery } from '@tanstack/react-query';
import { pageKeys, pagesClient } from './pages-client.js';

/** A page's kept layouts, newest first (the designer's revert list). */
export function usePageVersions(id: string, enabled: boolean) {
  return useQuery({ queryKey: pageKeys.versions(id), queryFn: ({ signal }) => pagesClient.versions(id, signal), enabled });
}
