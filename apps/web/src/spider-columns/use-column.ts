import { useQuery } from '@tanstack/react-query';
import { spiderClient, spiderKeys } from './spider-client.js';

/** One column with its last runs. */
export function useColumn(id: string | null) {
  return useQuery({ queryKey: spiderKeys.column(id ?? ''), queryFn: ({ signal }) => spiderClient.column(id ?? '', signal), enabled: id !== null });
}
