import { useQuery } from '@tanstack/react-query';
import { zoubanClient, zoubanKeys } from './class-walking-client.js';

/** The windows the caller may see (managers all; students and head teachers their grade's). */
export function useZoubanWindows(enabled: boolean) {
  return useQuery({ queryKey: zoubanKeys.windows, queryFn: ({ signal }) => zoubanClient.windows(signal), enabled });
}
