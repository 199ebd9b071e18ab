import { useWorkflowInstance } from '../workflow/use-workflow-instance.js';
import { UPGRADE_FLOW } from './upgrade-client.js';

/** One upgrade as the engine shows it (its recorded plan, its state and version), while `id` is given. */
export function useUpgradeInstance(id: string | null) {
  return useWorkflowInstance(UPGRADE_FLOW, id);
}
