import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { upgradeClient, upgradeKeys } from './upgrade-client.js';

/** Every upgrade, newest first (the flow's instances), a page at a time. */
export function useUpgradeHistory(current: number, size: number, active: boolean) {
  return useQuery({
    queryKey: upgradeKeys.history(current, size),
    queryFn: ({ signal }) => upgradeClient.history(current, size, signal),
    enabled: active,
    placeholderData: keepPreviousData,
  });
}
