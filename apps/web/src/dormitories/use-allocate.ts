import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AttachBedInput, BulkAllocationInput } from '@schoolflow/contracts';
import { resourceKeys } from '../resources/resource-client.js';
import { dormitoriesClient, dormitoryKeys } from './dormitories-client.js';

/** After any allocation: beds, histories, found students and the rooms' occupancy read again. */
function useStale() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: dormitoryKeys.all });
    void client.invalidateQueries({ queryKey: [...resourceKeys.all, 'dormitory-rooms'] });
  };
}

/** 入住: a student into a free bed. */
export function useAttachBed() {
  const stale = useStale();
  return useMutation({ mutationFn: (body: AttachBedInput) => dormitoriesClient.attach(body), onSuccess: stale });
}

/** 调出 (unassign) or 退宿 (remove). */
export function useReleaseBed() {
  const stale = useStale();
  return useMutation({ mutationFn: (v: { studentId: string; kind: 'unassign' | 'remove'; reason: string }) => dormitoriesClient.release(v.studentId, v.kind, v.reason), onSuccess: stale });
}

/** 批量分配's preview: writes nothing, so nothing goes stale. */
export function useBulkPreview() {
  return useMutation({ mutationFn: (body: BulkAllocationInput) => dormitoriesClient.preview(body) });
}

/** 批量分配's apply. */
export function useBulkApply() {
  const stale = useStale();
  return useMutation({ mutationFn: (body: BulkAllocationInput) => dormitoriesClient.apply(body), onSuccess: stale });
}
