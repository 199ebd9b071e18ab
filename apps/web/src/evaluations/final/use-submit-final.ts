import { useMutation, useQueryClient } from '@tanstack/react-query';
import { finalClient, finalKeys } from './final-client.js';

/** The head teacher submits a class (the first time: the flow's start; again after a return: its SUBMIT). */
export function useSubmitFinal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { roundId: string; classId: string; instance: { id: string; version: number } | null }) =>
      v.instance ? finalClient.resubmit(v.instance.id, v.instance.version) : finalClient.submit(v.roundId, v.classId),
    onSettled: () => client.invalidateQueries({ queryKey: finalKeys.all }),
  });
}
