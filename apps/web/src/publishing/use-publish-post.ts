import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postsKeys, publishingClient } from './publishing-client.js';

/** A draft published now (or at `publishAt`, scheduled). */
export function usePublishPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; publishAt?: string }) => publishingClient.publish(v.id, v.publishAt),
    onSettled: () => client.invalidateQueries({ queryKey: postsKeys.all }),
  });
}
