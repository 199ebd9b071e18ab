import { useMutation, useQueryClient } from '@tanstack/react-query';
import { channelsClient, channelsKeys } from './channels-client.js';

/** 重试: a failed delivery queued again; answers the server's message. */
export function useRetryDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => channelsClient.retry(id),
    onSettled: () => client.invalidateQueries({ queryKey: channelsKeys.deliveries }),
  });
}
