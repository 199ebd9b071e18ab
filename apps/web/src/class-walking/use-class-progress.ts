import { useQuery } from '@tanstack/react-query';
import { zoubanClient, zoubanKeys } from './class-walking-client.js';

/** A class's progress (its head teacher's; the class they head when none is chosen). */
export function useClassProgress(id: string, classId: string, enabled: boolean) {
  return useQuery({ queryKey: zoubanKeys.progress(id, classId), queryFn: ({ signal }) => zoubanClient.progress(id, classId, signal), enabled: enabled && id !== '', retry: false });
}
