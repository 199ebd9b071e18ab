import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newActionKey } from '../api/workflow-api.js';
import { upgradeClient, upgradeKeys } from './upgrade-client.js';

export interface UpgradeCommand {
  id: string;
  type: 'CONFIRM' | 'WITHDRAW';
  /** The version the administrator saw: someone else's action in between answers 409. */
  version: number;
}

/** A confirmation or the withdrawal of an upgrade; the page reads everything again. */
export function useUpgradeCommand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (c: UpgradeCommand) => upgradeClient.send(c.id, c.type, c.version, newActionKey()),
    onSettled: () => client.invalidateQueries({ queryKey: upgradeKeys.all }),
  });
}
