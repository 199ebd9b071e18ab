import { useQuery } from '@tanstack/react-query';
import { evaluationKeys, evaluationsClient } from '../evaluations-client.js';

/** The rounds the caller may read (all for managers and leaders, a head teacher's those reaching their classes). */
export function useEvalRounds(enabled: boolean) {
  return useQuery({ queryKey: evaluationKeys.rounds, queryFn: ({ signal }) => evaluationsClient.rounds(signal), enabled });
}
