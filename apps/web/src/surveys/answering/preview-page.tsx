import { useSearchParams } from 'react-router-dom';
import { Message } from 'semantic-ui-react';
import { errorMessage } from '../../api/http.js';
import { PageLoader } from '../../components/page-loader.js';
import { SurveyPaperView } from '../paper/survey-paper.js';
import { PublicSurveyFrame } from './public-frame.js';
import { useSurveysT } from './use-answer-t.js';
import { useSurveyPaper } from './use-survey-paper.js';

function Preview({ id }: { id: string }) {
  const paper = useSurveyPaper(id, true);
  if (paper.isPending) return <PageLoader />;
  if (paper.isError) return <Message negative content={errorMessage(paper.error)} data-testid="paper-refused" />;
  return <SurveyPaperView paper={paper.data} readOnly />;
}

/**
 * 预览 (/survey/cjwj/perviewWJ?id=): the paper read-only, nothing to submit. The route renders without a session; the
 * server shows a draft only to its author (their token rides along when they are signed in), anything else as it
 * would to anyone.
 */
export default function PreviewSurveyPage() {
  const { s } = useSurveysT();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return (
    <PublicSurveyFrame testId="survey-preview-page" title={() => s('answer.paper.previewOnly')}>
      {() => <Preview key={id} id={id} />}
    </PublicSurveyFrame>
  );
}
