import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { LangSwitch } from '../../components/lang-switch.js';
import { PageLoader } from '../../components/page-loader.js';
import '../paper/survey-paper.css';
import { useSurveysNamespace } from './use-surveys-namespace.js';

/**
 * The frame of the questionnaire pages anyone may open (platform shell §2.1's routes outside the shell): a top line
 * with a way back and the language switch, the page below — no menu, nothing of a signed-in user's.
 */
export function PublicSurveyFrame({ title, back, children, testId }: { title: () => string; back?: { to: string; label: () => string }; children: () => ReactNode; testId: string }) {
  const ready = useSurveysNamespace();
  const text = ready ? title() : '';
  useEffect(() => {
    if (text) document.title = text;
  }, [text]);
  if (!ready) return <PageLoader />;
  return (
    <div className="sf-survey-public" data-testid={testId}>
      <div className="sf-survey-public-top">
        {back ? (
          <Link to={back.to} data-testid="survey-back">
            {back.label()}
          </Link>
        ) : (
          <strong>{text}</strong>
        )}
        <LangSwitch />
      </div>
      {children()}
    </div>
  );
}
