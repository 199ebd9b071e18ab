import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postsKeys, publishingClient } from './publishing-client.js';

/** 置顶 / 取消置顶. */
export function usePinPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; pinned: boolean }) => publishingClient.pin(v.id, v.pinned),
    onSettled: () => client.invalidateQueries({ queryKey: postsKeys.all }),
  });
}
