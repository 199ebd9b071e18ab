import type { EvalRoundInput } from '@schoolflow/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { evaluationKeys, evaluationsClient } from '../evaluations-client.js';

/** Makes a round (POST /evaluations/rounds); the rounds and the templates (their round counts) are read again. */
export function useCreateEvalRound() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EvalRoundInput) => evaluationsClient.createRound(body),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: evaluationKeys.rounds }), client.invalidateQueries({ queryKey: evaluationKeys.templates })]),
  });
}
