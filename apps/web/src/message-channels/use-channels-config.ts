import { useQuery } from '@tanstack/react-query';
import { channelsClient, channelsKeys } from './channels-client.js';

/** The push configuration, SMTP and the WeChat account as the configuration pages show them. */
export function useChannelsConfig(enabled = true) {
  return useQuery({ queryKey: channelsKeys.config, queryFn: ({ signal }) => channelsClient.config(signal), enabled });
}
