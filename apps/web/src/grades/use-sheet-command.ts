import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workflowApi } from '../api/workflow-api.js';
import { gradesKeys, SHEET_FLOW } from './grades-client.js';

export interface SheetCommand {
  instanceId: string;
  type: string;
  comment?: string;
  /** The instance's version the user saw (If-Match): someone who acted first makes it a 409. */
  version: number;
  /** The action's Idempotency-Key, made when the action began: a double click or a retry acts once. */
  key: string;
}

/** Sends a command of the sheet's grade-confirmation (submit, approve, reject, withdraw…); answers the server's message. */
export function useSheetCommand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (c: SheetCommand) => (await workflowApi.send(SHEET_FLOW, c.instanceId, { type: c.type, comment: c.comment }, c.version, c.key)).msg,
    // whatever the answer (done, or someone acted first), every grades page on screen shows the sheet as it now is
    onSettled: () => client.invalidateQueries({ queryKey: gradesKeys.all }),
  });
}
