import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePostBody } from '@schoolflow/contracts';
import { postsKeys, publishingClient } from './publishing-client.js';

/** 发布 / 定时发布 / 存草稿: a new post (its state follows `publish` and `publishAt`); the lists are read again. */
export function useCreatePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePostBody) => publishingClient.create(body),
    onSettled: () => client.invalidateQueries({ queryKey: postsKeys.all }),
  });
}
