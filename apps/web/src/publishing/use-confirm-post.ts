import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postsKeys, publishingClient } from './publishing-client.js';

/** 确认: the reader (or a parent for their child) confirms a post that asks for it. */
export function useConfirmPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; studentId?: string }) => publishingClient.confirm(v.id, v.studentId),
    onSettled: () => client.invalidateQueries({ queryKey: postsKeys.all }),
  });
}
