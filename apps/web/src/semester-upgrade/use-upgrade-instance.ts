import { useQuery } from '@tanstack/react-query';
import { upgradeClient, upgradeKeys } from './upgrade-client.js';

/** One upgrade as the engine shows it (its recorded plan, its state and version), while `id` is given. */
export function useUpgradeInstance(id: string | null) {
  return useQuery({
    queryKey: upgradeKeys.instance(id ?? ''),
    queryFn: ({ signal }) => upgradeClient.instance(id ?? '', signal),
    enabled: id !== null,
    staleTime: 0,
  });
}
