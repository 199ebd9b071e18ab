import { ErrorCode } from '@schoolflow/contracts';
import { useRef } from 'react';
import { Message } from 'semantic-ui-react';
import { ApiError, errorMessage } from '../../api/http.js';
import { PageLoader } from '../../components/page-loader.js';
import { SurveyPaperView } from '../paper/survey-paper.js';
import { useAnswerSurvey } from './use-answer-survey.js';
import { useSurveyPaper } from './use-survey-paper.js';

const isConflict = (err: unknown): boolean => err instanceof ApiError && (err.code === ErrorCode.CONFLICT || err.code === 409);

/**
 * Answering one questionnaire: its paper, the submit (off while in flight), then the thanks — or, when the server says
 * this account or device has answered already (now or at the paper's opening), the spec's "already submitted".
 * Refusals of the paper itself (not started or expired, does not exist, no access) take its place.
 */
export function AnswerPanel({ id }: { id: string }) {
  const paper = useSurveyPaper(id);
  const answer = useAnswerSurvey(id);
  // a double click runs the form's (asynchronous) submit twice before the button turns off: the first send holds this
  const sending = useRef(false);
  if (paper.isPending) return <PageLoader />;
  if (paper.isError)
    return (
      <Message negative data-testid="paper-refused">
        {errorMessage(paper.error)}
      </Message>
    );
  const conflict = answer.isError && isConflict(answer.error);
  const done = answer.isSuccess ? 'thanks' : conflict || paper.data.submitted ? 'already' : null;
  return (
    <SurveyPaperView
      paper={paper.data}
      submitting={answer.isPending}
      done={done}
      serverError={answer.isError && !conflict ? errorMessage(answer.error) : null}
      onSubmit={(body) => {
        if (sending.current) return;
        sending.current = true;
        answer.mutate(body, { onSettled: () => (sending.current = false) });
      }}
    />
  );
}
