import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelsUpdate } from '@schoolflow/contracts';
import { channelsClient, channelsKeys } from './channels-client.js';

/** Saves a part of the channels' configuration; answers the server's message. */
export function useSaveChannels() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChannelsUpdate) => channelsClient.save(body),
    onSettled: () => client.invalidateQueries({ queryKey: channelsKeys.all }),
  });
}
