import type { EvalRole } from '@schoolflow/contracts';
import { useQuery } from '@tanstack/react-query';
import { evaluationKeys, evaluationsClient } from '../evaluations-client.js';

/** One evaluator role's grid of a class (read once: the page's form holds what is typed and saved after). */
export function useEvalSheet(roundId: string, classId: string, evaluator: EvalRole | null) {
  return useQuery({
    queryKey: evaluationKeys.sheet(roundId, classId, evaluator ?? 'self'),
    queryFn: ({ signal }) => evaluationsClient.sheet(roundId, classId, evaluator ?? 'self', signal),
    enabled: evaluator !== null && roundId !== '' && classId !== '',
    staleTime: Infinity,
  });
}
