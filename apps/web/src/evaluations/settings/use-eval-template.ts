import { useQuery } from '@tanstack/react-query';
import { evaluationKeys, evaluationsClient } from '../evaluations-client.js';

/** One template's whole tree, for its form. */
export function useEvalTemplate(id: string) {
  return useQuery({ queryKey: evaluationKeys.template(id), queryFn: ({ signal }) => evaluationsClient.template(id, signal), enabled: id !== '' });
}
