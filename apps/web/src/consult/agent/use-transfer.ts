import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportError } from '../../api/http.js';
import { consultClient, consultKeys } from '../consult-client.js';

/** 转接: to another agent online. */
export function useTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; agentId: string }) => consultClient.transfer(v.id, v.agentId),
    onError: (err) => reportError(err),
    onSettled: () => void client.invalidateQueries({ queryKey: consultKeys.all }),
  });
}
