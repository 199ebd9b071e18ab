import type { Page, WorkflowCommandResult, WorkflowInstanceView, WorkflowListItem } from '@schoolflow/contracts';
import type { UpgradeChoices, UpgradeProgress } from '@schoolflow/workflows/semester-upgrade/semester-upgrade.views.js';
import { workflowApi } from '../api/workflow-api.js';

/** The flow behind the page (docs/product/workflows.md#semester-upgrade). */
export const UPGRADE_FLOW = 'semester-upgrade';

/** Query keys of the page: everything under `semester-upgrade`, read again together after an action or a push. */
export const upgradeKeys = {
  all: [UPGRADE_FLOW] as const,
  choices: [UPGRADE_FLOW, 'choices'] as const,
  history: (current: number, size: number) => [UPGRADE_FLOW, 'history', current, size] as const,
  instance: (id: string) => [UPGRADE_FLOW, 'instance', id] as const,
  progress: (id: string) => [UPGRADE_FLOW, 'progress', id] as const,
};

/** The page's calls: the flow's views, its instances and its commands, through the one workflow API. */
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
  instance(id: string, signal?: AbortSignal): Promise<WorkflowInstanceView> {
    return workflowApi.one(UPGRADE_FLOW, id, signal);
  },
  async start(semesterId: string, actionKey: string): Promise<{ result: WorkflowCommandResult; msg: string }> {
    return workflowApi.start(UPGRADE_FLOW, { semesterId }, actionKey);
  },
  /** A confirmation or the withdrawal, at the version the administrator saw (If-Match). */
  async send(id: string, type: 'CONFIRM' | 'WITHDRAW', version: number, actionKey: string): Promise<{ result: WorkflowCommandResult | undefined; msg: string }> {
    return workflowApi.send(UPGRADE_FLOW, id, { type }, version, actionKey);
  },
};
