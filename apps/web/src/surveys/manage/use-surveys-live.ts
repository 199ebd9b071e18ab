import { useQueryClient } from '@tanstack/react-query';
import type { SurveyPage } from '@schoolflow/contracts';
import { useRealtime } from '../../realtime/use-realtime.js';
import { surveysKeys } from './manage-client.js';

/**
 * Keeps 问卷管理 live: `survey.answered` (to the author) writes the pushed respondent count into the rows that show
 * it at once, and marks the lists stale (a first answer also locks the questionnaire: the list's actions follow).
 * A resync reads everything again.
 */
export function useSurveysLive(): void {
  const client = useQueryClient();
  useRealtime(
    'survey.answered',
    (p) => {
      client.setQueriesData<SurveyPage>({ queryKey: surveysKeys.lists }, (old) =>
        old ? { ...old, records: old.records.map((r) => (r.id === p.id ? { ...r, respondents: Math.max(r.respondents, p.count), answered: true } : r)) } : old,
      );
      void client.invalidateQueries({ queryKey: surveysKeys.lists });
    },
    () => void client.invalidateQueries({ queryKey: surveysKeys.all }),
  );
}
