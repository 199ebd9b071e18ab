import { useQueryClient } from '@tanstack/react-query';
import type { SurveyStats } from '@schoolflow/contracts';
import { useRealtime } from '../../realtime/use-realtime.js';
import { resultsKeys } from './results-client.js';

/**
 * Keeps a questionnaire's results live while they are open: `survey.answered` (to the author) writes the pushed
 * respondent count into the unfiltered statistics at once — the count rises without waiting — and marks this
 * questionnaire's statistics and texts stale, so the charts follow with the server's counts. A resync reads them again.
 */
export function useSurveyResultsLive(id: string): void {
  const client = useQueryClient();
  useRealtime(
    'survey.answered',
    (p) => {
      if (p.id !== id) return;
      client.setQueriesData<SurveyStats>({ queryKey: [...resultsKeys.of(id), 'stats', '', ''] }, (old) => (old ? { ...old, respondents: Math.max(old.respondents, p.count) } : old));
      void client.invalidateQueries({ queryKey: resultsKeys.of(id) });
    },
    () => void client.invalidateQueries({ queryKey: resultsKeys.of(id) }),
  );
}
