import { useQuery } from '@tanstack/react-query';
import { evaluationKeys, evaluationsClient } from '../evaluations-client.js';

/** Filled cells per class and evaluator role of a round (the head teacher's class; refreshed on `evaluation.progress`). */
export function useEvalProgress(roundId: string, enabled: boolean) {
  return useQuery({ queryKey: evaluationKeys.progress(roundId), queryFn: ({ signal }) => evaluationsClient.progress(roundId, signal), enabled: enabled && roundId !== '' });
}
