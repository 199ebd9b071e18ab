import type { EvalRole, EvalSheetSaveInput } from '@schoolflow/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { evaluationKeys, evaluationsClient } from '../evaluations-client.js';

/** The autosave: the changed cells and comments of one sheet. The lists' counts go stale; the sheet is not read again. */
export function useSaveEvalSheet(roundId: string, classId: string, evaluator: EvalRole) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EvalSheetSaveInput) => evaluationsClient.saveSheet(roundId, classId, evaluator, body),
    onSuccess: () => client.invalidateQueries({ queryKey: evaluationKeys.mySheets }),
  });
}
