import { useMutation, useQueryClient } from '@tanstack/react-query';
import { finalClient, finalKeys } from './final-client.js';

/** A family's objection during the public notice. */
export function useObjectFinal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; studentId: string; comment: string }) => finalClient.object(v.id, v.studentId, v.comment),
    onSettled: () => client.invalidateQueries({ queryKey: finalKeys.all }),
  });
}
