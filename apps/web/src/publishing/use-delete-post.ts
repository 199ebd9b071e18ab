import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postsKeys, publishingClient } from './publishing-client.js';

/** 删除 (a permission of the kind's, checked by the server). */
export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => publishingClient.remove(id),
    onSettled: () => client.invalidateQueries({ queryKey: postsKeys.all }),
  });
}
