import { useQuery } from '@tanstack/react-query';
import { useT } from '../../i18n/use-t.js';
import { answeringClient, surveyAnswerKeys } from './answering-client.js';

/** 问卷答题 (signed in): the questionnaires addressed to me, answered or not, a page at a time. */
export function useMySurveys(current: number, size: number) {
  const { lang } = useT();
  return useQuery({ queryKey: surveyAnswerKeys.mine(current, size, lang), queryFn: ({ signal }) => answeringClient.mine(current, size, signal) });
}
