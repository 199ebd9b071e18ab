import { useMutation, useQueryClient } from '@tanstack/react-query';
import { channelsClient, channelsKeys } from './channels-client.js';

/** Maps a follower to an account ('' removes the mapping); answers the server's message. */
export function useMapWechatUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ openid, account }: { openid: string; account: string }) => channelsClient.mapUser(openid, account),
    onSettled: () => client.invalidateQueries({ queryKey: channelsKeys.wechatUsers }),
  });
}
