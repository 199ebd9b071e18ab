import { useQuery } from '@tanstack/react-query';
import { channelsClient, channelsKeys } from './channels-client.js';

/** The official account's followers, with the accounts they are mapped to. */
export function useWechatUsers(enabled = true) {
  return useQuery({ queryKey: channelsKeys.wechatUsers, queryFn: ({ signal }) => channelsClient.wechatUsers(signal), enabled, retry: false });
}
