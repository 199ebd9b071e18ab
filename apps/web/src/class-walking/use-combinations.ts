import { useQuery } from '@tanstack/react-query';
import { zoubanClient, zoubanKeys } from './class-walking-client.js';

/** Students per combination (managers). */
export function useCombinations(id: string, enabled: boolean) {
  return useQuery({ queryKey: zoubanKeys.combinations(id), queryFn: ({ signal }) => zoubanClient.combinations(id, signal), enabled: enabled && id !== '' });
}
