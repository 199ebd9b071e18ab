import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportError } from '../../api/http.js';
import { consultClient, consultKeys } from '../consult-client.js';

/** 接待: the first agent wins; a 409 "taken" is shown and the queue read again. */
export function useAccept() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => consultClient.accept(id),
    onError: (err) => reportError(err),
    onSettled: () => void client.invalidateQueries({ queryKey: consultKeys.all }),
  });
}
