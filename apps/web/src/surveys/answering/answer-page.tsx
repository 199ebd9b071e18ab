import { useSearchParams } from 'react-router-dom';
import { AnswerPanel } from './answer-panel.js';
import { PublicSurveyFrame } from './public-frame.js';
import { PUBLIC_LIST_ROUTE } from './survey-routes.js';
import { useSurveysT } from './use-answer-t.js';

/** 答题 (/survey/wjdt/answerSurvey?id=): answering without signing in, laid out for a phone. */
export default function AnswerSurveyPage() {
  const { s } = useSurveysT();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return (
    <PublicSurveyFrame testId="survey-answer-page" title={() => s('answer.publicList.title')} back={{ to: PUBLIC_LIST_ROUTE, label: () => s('answer.paper.back') }}>
      {() => <AnswerPanel key={id} id={id} />}
    </PublicSurveyFrame>
  );
}
