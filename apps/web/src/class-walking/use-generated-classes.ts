import { useQuery } from '@tanstack/react-query';
import { zoubanClient, zoubanKeys } from './class-walking-client.js';

/** The teaching classes a window generated (managers). */
export function useGeneratedClasses(id: string, enabled: boolean) {
  return useQuery({ queryKey: zoubanKeys.classes(id), queryFn: ({ signal }) => zoubanClient.classes(id, signal), enabled: enabled && id !== '' });
}
