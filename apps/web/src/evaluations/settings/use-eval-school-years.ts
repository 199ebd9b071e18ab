import { useQuery } from '@tanstack/react-query';
import { useT } from '../../i18n/use-t.js';
import { evaluationKeys, evaluationsClient } from '../evaluations-client.js';

/** The school years with their semesters, the current marked (评价设置's year picker and the round form's semesters). */
export function useEvalSchoolYears(enabled: boolean) {
  const { lang } = useT();
  return useQuery({ queryKey: evaluationKeys.schoolYears(lang), queryFn: ({ signal }) => evaluationsClient.schoolYears(signal), enabled, staleTime: 5 * 60_000 });
}
