import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postsKeys, publishingClient } from './publishing-client.js';

/** 撤回: a published post leaves its readers' inboxes; the author keeps it as withdrawn. */
export function useWithdrawPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => publishingClient.withdraw(id),
    onSettled: () => client.invalidateQueries({ queryKey: postsKeys.all }),
  });
}
