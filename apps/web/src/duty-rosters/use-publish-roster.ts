import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dutyClient, dutyKeys } from './duty-client.js';

/** 发布: the lists read again. */
export function usePublishRoster() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => dutyClient.publish(id), onSuccess: () => void client.invalidateQueries({ queryKey: dutyKeys.all }) });
}
