import { useMutation, useQueryClient } from '@tanstack/react-query';
import { finalClient, finalKeys } from './final-client.js';

/** The head teacher's answer to an objection. */
export function useAnswerFinal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; objection: number; comment: string }) => finalClient.answer(v.id, v.objection, v.comment),
    onSettled: () => client.invalidateQueries({ queryKey: finalKeys.all }),
  });
}
