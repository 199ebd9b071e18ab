import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ElectiveOffer } from '@schoolflow/contracts';
import { electivesClient, electivesKeys } from './electives-client.js';

/** 选课: the answer's remaining seats go into the list at once; my choices read again whatever the outcome. */
export function useSelectCourse(batchId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (courseId: string) => electivesClient.select(batchId, courseId),
    onSuccess: (r) => client.setQueryData<ElectiveOffer[]>(electivesKeys.offers(batchId), (old) => old?.map((o) => (o.courseId === r.courseId ? { ...o, remaining: r.remaining } : o))),
    onSettled: () => void client.invalidateQueries({ queryKey: electivesKeys.mine(batchId) }),
  });
}
