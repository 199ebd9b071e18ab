import type { Page, WorkflowCommandResult, WorkflowListItem } from '@schoolflow/contracts';
import type { UpgradeChoices, UpgradeProgress } from '@schoolflow/workflows/semester-upgrade/semester-upgrade.views.js';
import { workflowApi } from '../api/workflow-api.js';

/** The flow behind the page (docs/product/workflows.md#semester-upgrade). */
export const UPGRADE_FLOW = 'semester-upgrade';

/**
 * Query keys of the page: everything under `semester-upgrade`, read again together after an action or a push (an
 * upgrade's instance is the flow kit's query: workflowKeys.instance).
 */
export const upgradeKeys = {
  all: [UPGRADE_FLOW] as const,
  choices: [UPGRADE_FLOW, 'choices'] as const,
  history: (current: number, size: number) => [UPGRADE_FLOW, 'history', current, size] as const,
  progress: (id: string) => [UPGRADE_FLOW, 'progress', id] as const,
};

/**
 * The page's calls: the flow's views, its list and its start, through the one workflow API (an upgrade's instance and
 * its confirmations go through the flow kit's own hooks: workflow/use-workflow-instance.ts).
 */
export const upgradeClient = {
  choices(signal?: AbortSignal): Promise<UpgradeChoices> {
    return workflowApi.view<UpgradeChoices>(UPGRADE_FLOW, 'choices', {}, signal);
  },
  progress(id: string, signal?: AbortSignal): Promise<UpgradeProgress> {
    return workflowApi.view<UpgradeProgress>(UPGRADE_FLOW, 'progress', { id }, signal);
  },
  history(current: number, size: number, signal?: AbortSignal): Promise<Page<WorkflowListItem>> {
    return workflowApi.list(UPGRADE_FLOW, { scope: 'all', current, size }, signal);
  },
  async start(semesterId: string, actionKey: string): Promise<{ result: WorkflowCommandResult; msg: string }> {
    return workflowApi.start(UPGRADE_FLOW, { semesterId }, actionKey);
  },
};
