import { useQuery } from '@tanstack/react-query';
import { evaluationKeys, evaluationsClient } from '../evaluations-client.js';

/** The evaluation templates (评价设置's list). */
export function useEvalTemplates(enabled: boolean) {
  return useQuery({ queryKey: evaluationKeys.templates, queryFn: ({ signal }) => evaluationsClient.templates(signal), enabled });
}
