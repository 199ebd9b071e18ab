import { useQuery } from '@tanstack/react-query';
import { channelsClient, channelsKeys } from './channels-client.js';

/** The caller's own channels: e-mail address, WeChat mapping, opt-outs per type. */
export function useMyChannels(enabled = true) {
  return useQuery({ queryKey: channelsKeys.mine, queryFn: ({ signal }) => channelsClient.mine(signal), enabled });
}
