import { useQuery } from '@tanstack/react-query';
import { useT } from '../../i18n/use-t.js';
import { analysisClient, analysisKeys } from './analysis-client.js';

/** The batches the analysis offers (entry begun), newest first. */
export function useAnalysisBatches(enabled: boolean) {
  const { lang } = useT();
  return useQuery({
    queryKey: analysisKeys.batches(lang),
    queryFn: ({ signal }) => analysisClient.batches(signal),
    enabled,
  });
}
