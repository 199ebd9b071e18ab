import { useQuery } from '@tanstack/react-query';
import { zoubanClient, zoubanKeys } from './class-walking-client.js';

/** The signed-in student's combination in a window. */
export function useMyChoice(id: string, enabled: boolean) {
  return useQuery({ queryKey: zoubanKeys.choice(id), queryFn: ({ signal }) => zoubanClient.myChoice(id, signal), enabled: enabled && id !== '' });
}
