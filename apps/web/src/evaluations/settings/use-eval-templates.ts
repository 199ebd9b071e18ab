import { useQuery } from '@tanstack/react-query';
import { evaluationKeys, evaluationsClient } from '../evaluations-client.js';

/** The evaluation templates of one school year (评价设置's list). */
export function useEvalTemplates(schoolYearId: string, enabled: boolean) {
  return useQuery({ queryKey: evaluationKeys.yearTemplates(schoolYearId), queryFn: ({ signal }) => evaluationsClient.templates(schoolYearId, signal), enabled: enabled && schoolYearId !== '' });
}
