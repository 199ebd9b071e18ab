import { useMutation, useQueryClient } from '@tanstack/react-query';
import { channelsClient, channelsKeys } from './channels-client.js';

/** A new tag on the official account; answers the server's message. */
export function useCreateWechatTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => channelsClient.createTag(name),
    onSettled: () => client.invalidateQueries({ queryKey: channelsKeys.wechatTags }),
  });
}
