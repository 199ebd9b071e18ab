import { useQuery } from '@tanstack/react-query';
import { spiderClient, spiderKeys } from './spider-client.js';

/** The columns, each with its last run and its items waiting. */
export function useColumns(active: boolean) {
  return useQuery({ queryKey: spiderKeys.list, queryFn: ({ signal }) => spiderClient.list(signal), enabled: active });
}
