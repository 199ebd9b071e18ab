import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SurveyAnswersBody, SurveyPaper } from '@schoolflow/contracts';
import { answeringClient, surveyAnswerKeys } from './answering-client.js';

/**
 * 提交: one answer sheet. Whatever the outcome the paper is marked submitted when the server says so (200, or 409
 * "already submitted"), and the lists are stale (the signed-in list's "answered", the respondent counts).
 */
export function useAnswerSurvey(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SurveyAnswersBody) => answeringClient.answer(id, body),
    onSettled: () => void client.invalidateQueries({ queryKey: surveyAnswerKeys.all, predicate: (q) => q.queryKey[2] !== 'paper' }),
    onSuccess: () => {
      client.setQueriesData<SurveyPaper>({ queryKey: surveyAnswerKeys.paperOf(id) }, (old) => (old ? { ...old, submitted: true } : old));
    },
  });
}
