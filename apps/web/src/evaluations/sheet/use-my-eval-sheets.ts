import { useQuery } from '@tanstack/react-query';
import { evaluationKeys, evaluationsClient } from '../evaluations-client.js';

/** The sheets the caller fills: every open round, class and evaluator role. */
export function useMyEvalSheets(enabled: boolean) {
  return useQuery({ queryKey: evaluationKeys.mySheets, queryFn: ({ signal }) => evaluationsClient.mySheets(signal), enabled });
}
