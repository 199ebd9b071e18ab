import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobProgress } from '@schoolflow/contracts';
import type { UpgradeProgress } from '@schoolflow/workflows/semester-upgrade/semester-upgrade.views.js';
import { realtime } from '../realtime/realtime-client.js';
import { jobFinished, laterProgress } from '../resources/resource-format.js';
import { UPGRADE_FLOW, upgradeClient, upgradeKeys } from './upgrade-client.js';

/** How often the job's record is asked for, in case its pushes do not arrive (another instance, Redis away). */
const POLL_MS = 2000;

const isUpgradePush = (p: JobProgress): p is UpgradeProgress => (p as Partial<UpgradeProgress>).flow === UPGRADE_FLOW;

/**
 * A running upgrade's bar: its `job.progress` pushes (every administrator gets them), and a poll of the job's record as
 * the fallback until either says it is finished — the later of the two. When it ends the page reads everything again.
 */
export function useUpgradeProgress(id: string | null): JobProgress | null {
  const client = useQueryClient();
  const [pushed, setPushed] = useState<JobProgress | null>(null);
  useEffect(() => {
    setPushed(null);
    if (!id) return;
    return realtime.onJobProgress((p) => {
      if (isUpgradePush(p) && p.id === id) setPushed((prev) => laterProgress(prev, p));
    });
  }, [id]);
  const polled = useQuery({
    queryKey: upgradeKeys.progress(id ?? ''),
    queryFn: ({ signal }) => upgradeClient.progress(id ?? '', signal),
    enabled: id !== null && !jobFinished(pushed),
    refetchInterval: (q) => (jobFinished(q.state.data) ? false : POLL_MS),
    meta: { silent: true },
    staleTime: 0,
    gcTime: 0,
  });
  const progress = id ? laterProgress(pushed, polled.data) : null;
  const finished = jobFinished(progress);
  useEffect(() => {
    if (finished) void client.invalidateQueries({ queryKey: upgradeKeys.all });
  }, [finished, client]);
  return progress;
}
