import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newActionKey } from '../api/workflow-api.js';
import { upgradeClient, upgradeKeys } from './upgrade-client.js';

/** 设置为当前学期: starts an upgrade (its plan recorded by the server); the page reads everything again. */
export function useStartUpgrade() {
  const client = useQueryClient();
  return useMutation({
    // one key per press: a double click or a retry starts one upgrade
    mutationFn: (semesterId: string) => upgradeClient.start(semesterId, newActionKey()),
    onSettled: () => client.invalidateQueries({ queryKey: upgradeKeys.all }),
  });
}
