import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyChannelsInput } from '@schoolflow/contracts';
import { channelsClient, channelsKeys } from './channels-client.js';

/** Saves the caller's own channels; answers the server's message. */
export function useSaveMyChannels() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MyChannelsInput) => channelsClient.saveMine(body),
    onSettled: () => client.invalidateQueries({ queryKey: channelsKeys.mine }),
  });
}
