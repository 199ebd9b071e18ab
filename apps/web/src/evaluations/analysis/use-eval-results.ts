import { useQuery } from '@tanstack/react-query';
import { evaluationKeys, evaluationsClient } from '../evaluations-client.js';

/** A class's student × content results at the template's precision, with the distributions per content. */
export function useEvalResults(roundId: string, classId: string) {
  return useQuery({
    queryKey: evaluationKeys.results(roundId, classId),
    queryFn: ({ signal }) => evaluationsClient.results(roundId, classId, signal),
    enabled: roundId !== '' && classId !== '',
  });
}
