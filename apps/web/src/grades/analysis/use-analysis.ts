import { useQuery } from '@tanstack/react-query';
import type { AnalysisKind } from '@schoolflow/contracts';
import { useT } from '../../i18n/use-t.js';
import { analysisClient, analysisKeys, type AnalysisParams } from './analysis-client.js';

/**
 * One kind's answer for the chosen batch, course and class. Nothing loads without a batch, nor for a kind that needs a course before one is chosen.
 */
export function useAnalysis<K extends AnalysisKind>(kind: K, params: AnalysisParams, enabled: boolean) {
  const { lang } = useT();
  const needsCourse = kind === 'subject' || kind === 'question-rate';
  return useQuery({
    queryKey: analysisKeys.answer(kind, params, lang),
    queryFn: ({ signal }) => analysisClient.answer(kind, params, signal),
    enabled: enabled && params.batchId !== '' && (!needsCourse || params.courseId !== ''),
    // the previous answer of the same kind stays while the next loads (another kind's has another shape)
    placeholderData: (previous) => (previous?.kind === kind ? previous : undefined),
  });
}
