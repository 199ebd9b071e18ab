import type { JobProgress } from '@schoolflow/contracts';
import type { UpgradeProgress } from '@schoolflow/workflows/semester-upgrade/semester-upgrade.views.js';
import { useJobProgress } from '../jobs/use-job-progress.js';
import { UPGRADE_FLOW, upgradeClient, upgradeKeys } from './upgrade-client.js';

const isUpgradePush = (p: JobProgress): p is UpgradeProgress => (p as Partial<UpgradeProgress>).flow === UPGRADE_FLOW;

/**
 * A running upgrade's bar (every administrator gets its pushes), its record polled as the fallback; when it ends the
 * page reads everything again.
 */
export function useUpgradeProgress(id: string | null): UpgradeProgress | null {
  return useJobProgress(id, {
    accept: isUpgradePush,
    poll: { queryKey: upgradeKeys.progress(id ?? ''), queryFn: (signal) => upgradeClient.progress(id ?? '', signal) },
    invalidateOnEnd: upgradeKeys.all,
  });
}
