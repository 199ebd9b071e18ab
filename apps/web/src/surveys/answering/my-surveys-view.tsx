import { Link, useSearchParams } from 'react-router-dom';
import { Message, Segment } from 'semantic-ui-react';
import { errorMessage } from '../../api/http.js';
import { PageLoader } from '../../components/page-loader.js';
import { Pager, usePaging } from '../../components/pager.js';
import type { ViewProps } from '../../router/view-props.js';
import '../paper/survey-paper.css';
import { AnswerPanel } from './answer-panel.js';
import { SurveyCard } from './survey-cards.js';
import { MY_SURVEYS_ROUTE, mySurveyPage } from './survey-routes.js';
import { useMySurveys } from './use-my-surveys.js';
import { useSurveysT } from './use-answer-t.js';

function MyList() {
  const { s } = useSurveysT();
  const { current, size, setCurrent, setSize } = usePaging(20);
  const list = useMySurveys(current, size);
  if (list.isPending) return <PageLoader />;
  if (list.isError) return <Message negative content={errorMessage(list.error)} />;
  return (
    <div className="sf-survey-list" data-testid="my-surveys">
      <p className="sf-hint">{s('answer.mine.intro')}</p>
      {list.data.records.length === 0 ? (
        <Segment placeholder textAlign="center">
          {s('answer.mine.empty')}
        </Segment>
      ) : (
        list.data.records.map((item) => <SurveyCard key={item.id} item={item} to={mySurveyPage(item.id)} />)
      )}
      <Pager current={current} size={size} total={list.data.total} onPage={setCurrent} onSize={setSize} />
    </div>
  );
}

/** 问卷答题 (/survey/wjdt): the questionnaires addressed to me; `?id=` answers one inside the shell. */
export default function MySurveysView(_props: ViewProps) {
  const { s } = useSurveysT();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  if (id)
    return (
      <div className="sf-page">
        <p>
          <Link to={MY_SURVEYS_ROUTE} data-testid="survey-back">
            {s('answer.paper.back')}
          </Link>
        </p>
        <AnswerPanel key={id} id={id} />
      </div>
    );
  return (
    <div className="sf-page">
      <h2>{s('answer.mine.title')}</h2>
      <MyList />
    </div>
  );
}
