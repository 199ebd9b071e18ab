import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportError } from '../../api/http.js';
import { consultClient, consultKeys } from '../consult-client.js';

/** 结束咨询 with a note. */
export function useCloseConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; note: string }) => consultClient.close(v.id, v.note),
    onError: (err) => reportError(err),
    onSettled: () => void client.invalidateQueries({ queryKey: consultKeys.all }),
  });
}
