import { WORK_TASK_FLOW, type WorkAssignment } from '@schoolflow/contracts';
import { newActionKey } from '../api/workflow-api.js';
import { useWorkflowCommand } from '../workflow/use-workflow-instance.js';
import { workTaskKeys } from './work-tasks-client.js';

export type AssignmentCommand = 'REPORT' | 'SUBMIT' | 'APPROVE' | 'RETURN' | 'WITHDRAW';

/**
 * An assignment's step, sent as the flow kit's command on the version shown (a step someone took first is a 409 the
 * caller reports); the work-task lists are read again with the kit's.
 */
export function useAssignmentCommand() {
  const command = useWorkflowCommand(WORK_TASK_FLOW, workTaskKeys.all);
  return {
    pending: command.isPending,
    send: (a: Pick<WorkAssignment, 'instanceId' | 'version'>, type: AssignmentCommand, comment?: string, percent?: number) =>
      command.mutateAsync({ id: a.instanceId, type, comment, extra: percent === undefined ? {} : { percent }, version: a.version, key: newActionKey() }),
  };
}
