import { Message, Segment } from 'semantic-ui-react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../api/http.js';
import { PageLoader } from '../../components/page-loader.js';
import { answerSurveyPage } from './survey-routes.js';
import { PublicSurveyFrame } from './public-frame.js';
import { SurveyCard } from './survey-cards.js';
import { useOpenSurveys } from './use-open-surveys.js';
import { useSurveysT } from './use-answer-t.js';

function OpenSurveys() {
  const { s } = useSurveysT();
  const open = useOpenSurveys();
  if (open.isPending) return <PageLoader />;
  if (open.isError) return <Message negative content={errorMessage(open.error)} />;
  return (
    <div className="sf-survey-list">
      <p className="sf-hint">{s('answer.publicList.intro')}</p>
      {open.data.records.length === 0 ? (
        <Segment placeholder textAlign="center" data-testid="survey-list-empty">
          {s('answer.publicList.empty')}
        </Segment>
      ) : (
        open.data.records.map((item) => <SurveyCard key={item.id} item={item} to={answerSurveyPage(item.id)} />)
      )}
      <p className="sf-hint">
        <Link to="/login">{s('answer.publicList.signIn')}</Link>
      </p>
    </div>
  );
}

/** 问卷调查 (/survey/wjdt/wjdtListNotLogin): the open public questionnaires, for anyone, no sign-in. */
export default function PublicSurveyListPage() {
  const { s } = useSurveysT();
  return (
    <PublicSurveyFrame testId="survey-public-list" title={() => s('answer.publicList.title')}>
      {() => (
        <>
          <h2 className="sf-survey-list">{s('answer.publicList.title')}</h2>
          <OpenSurveys />
        </>
      )}
    </PublicSurveyFrame>
  );
}
