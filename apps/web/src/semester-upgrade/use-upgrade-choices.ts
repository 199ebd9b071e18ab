import { useQuery } from '@tanstack/react-query';
import { upgradeClient, upgradeKeys } from './upgrade-client.js';

/** How often the page asks again while open: another administrator may start, confirm or withdraw meanwhile. */
const REFRESH_MS = 5000;

/** The current semester, the later ones with what each would do, and the upgrade holding the lock. */
export function useUpgradeChoices(active: boolean) {
  return useQuery({
    queryKey: upgradeKeys.choices,
    queryFn: ({ signal }) => upgradeClient.choices(signal),
    enabled: active,
    refetchInterval: active ? REFRESH_MS : false,
  });
}
