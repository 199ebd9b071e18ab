import type { AnonSurveyItem } from '@schoolflow/contracts';
import { Link } from 'react-router-dom';
import { Icon, Label } from 'semantic-ui-react';
import { useSurveysT } from './use-answer-t.js';

/** One questionnaire of a list: name, category, window, respondents; the whole card opens it. */
export function SurveyCard({ item, to }: { item: AnonSurveyItem; to: string }) {
  const { s } = useSurveysT();
  return (
    <Link className="sf-survey-card" to={to} data-testid="survey-card" data-id={item.id} data-name={item.name}>
      <div className="sf-survey-card-name">{item.name}</div>
      <div className="sf-survey-card-meta">
        <span>{item.categoryName}</span>
        <span>
          <Icon name="clock outline" />
          {s('answer.item.ends', { time: item.end })}
        </span>
        <span>{s('answer.item.respondents', { count: item.respondents })}</span>
        {item.answered === undefined ? null : item.answered ? (
          <Label size="mini" color="green" data-testid="survey-answered">
            {s('answer.mine.answered')}
          </Label>
        ) : item.open === false ? (
          <Label size="mini">{s('answer.mine.notStarted')}</Label>
        ) : (
          <Label size="mini" color="orange" data-testid="survey-not-answered">
            {s('answer.mine.notAnswered')}
          </Label>
        )}
      </div>
    </Link>
  );
}
