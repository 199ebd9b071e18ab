import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ElectiveOffer } from '@schoolflow/contracts';
import { electivesClient, electivesKeys } from './electives-client.js';

/** 退选: the seat given back shows at once; my choices read again. */
export function useDropCourse(batchId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (courseId: string) => electivesClient.drop(batchId, courseId),
    onSuccess: (r) => client.setQueryData<ElectiveOffer[]>(electivesKeys.offers(batchId), (old) => old?.map((o) => (o.courseId === r.courseId ? { ...o, remaining: r.remaining } : o))),
    onSettled: () => void client.invalidateQueries({ queryKey: electivesKeys.mine(batchId) }),
  });
}
