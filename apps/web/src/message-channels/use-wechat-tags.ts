import { useQuery } from '@tanstack/react-query';
import { channelsClient, channelsKeys } from './channels-client.js';

/** The official account's tags, read from WeChat. */
export function useWechatTags(enabled = true) {
  return useQuery({ queryKey: channelsKeys.wechatTags, queryFn: ({ signal }) => channelsClient.wechatTags(signal), enabled, retry: false });
}
