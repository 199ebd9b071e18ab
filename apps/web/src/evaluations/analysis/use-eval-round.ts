import { useQuery } from '@tanstack/react-query';
import { evaluationKeys, evaluationsClient } from '../evaluations-client.js';

/** One round with its classes (a head teacher: theirs). */
export function useEvalRound(id: string) {
  return useQuery({ queryKey: evaluationKeys.round(id), queryFn: ({ signal }) => evaluationsClient.round(id, signal), enabled: id !== '' });
}
