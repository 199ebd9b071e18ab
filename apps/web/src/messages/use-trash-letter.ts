import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lettersClient, lettersKeys } from './letters-client.js';
import { messageKeys } from './message-keys.js';

export type TrashAction = 'trash' | 'restore' | 'purge';

/** 删除 / 还原 / 彻底删除 a message of mine: the answer is my counters; boxes, the bell and the inbox are read again. */
export function useTrashLetter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: TrashAction }) => (action === 'trash' ? lettersClient.trash(id) : action === 'restore' ? lettersClient.restore(id) : lettersClient.purge(id)),
    onSuccess: (counters) => client.setQueryData(lettersKeys.counters, counters),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: lettersKeys.all });
      void client.invalidateQueries({ queryKey: messageKeys.lists() });
      void client.invalidateQueries({ queryKey: messageKeys.unread() });
    },
  });
}
