import { useQuery } from '@tanstack/react-query';
import { useT } from '../../i18n/use-t.js';
import { reportClient, reportKeys } from './report-client.js';

/** A student's published scores (every semester, or the one given), in the reader's language. */
export function usePublishedScores(studentId: string, semesterId: string, enabled: boolean) {
  const { lang } = useT();
  return useQuery({
    queryKey: [...reportKeys.published(studentId, semesterId), lang],
    queryFn: ({ signal }) => reportClient.published(studentId, semesterId, signal),
    enabled: enabled && studentId !== '',
    // a refusal (another student's id in the address) is shown on the page, not retried
    retry: false,
  });
}
