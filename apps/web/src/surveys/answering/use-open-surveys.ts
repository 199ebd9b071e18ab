import { useQuery } from '@tanstack/react-query';
import { useT } from '../../i18n/use-t.js';
import { answeringClient, surveyAnswerKeys } from './answering-client.js';

/** 问卷调查 (no sign-in): the public questionnaires open now. */
export function useOpenSurveys() {
  const { lang } = useT();
  return useQuery({ queryKey: surveyAnswerKeys.open(lang), queryFn: ({ signal }) => answeringClient.open(signal) });
}
