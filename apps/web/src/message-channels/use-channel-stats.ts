import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { channelsClient, channelsKeys } from './channels-client.js';

/** 统计分析 of a period: per day and type, sent, read and failed. */
export function useChannelStats(from: string, to: string, enabled = true) {
  return useQuery({ queryKey: channelsKeys.stats(from, to), queryFn: ({ signal }) => channelsClient.stats(from, to, signal), enabled, placeholderData: keepPreviousData });
}
