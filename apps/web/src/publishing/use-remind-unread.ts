import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postsKeys, publishingClient } from './publishing-client.js';

/** 提醒未读: the unread of a post are reminded (a job); within the hour the server refuses with its message. */
export function useRemindUnread() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => publishingClient.remind(id),
    onSettled: (_d, _e, id) => client.invalidateQueries({ queryKey: postsKeys.receiptsOf(id) }),
  });
}
