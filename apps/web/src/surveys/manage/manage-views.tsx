import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader.js';
import { tabsStore } from '../../layout/tabs-store.js';
import type { ViewProps } from '../../router/view-props.js';
import { useStore } from '../../util/store.js';
import { SurveyFormPage } from './survey-form.js';
import { SurveyList } from './survey-list.js';
import { surveyLink } from './survey-links.js';
import './manage.css';

const SurveyResultsPage = lazy(() => import('../results/survey-results-page.js'));

/**
 * The query a page was last shown with. A page kept alive in a background tab must not follow another page's query
 * (the form would drop a half-written questionnaire): while hidden it keeps its tab's own query.
 */
export function usePageQuery(path: string, active: boolean): URLSearchParams {
  const location = useLocation();
  const tabs = useStore(tabsStore);
  const own = tabs.find((t) => t.path === path)?.search ?? '';
  return new URLSearchParams(active && location.pathname === path ? location.search : own);
}

/**
 * 问卷管理 (`/survey/wjlb`). Its results state (`?id=…&view=results`) is the results page's (docs/adr/0038-questionnaires.md#routes):
 * the list links to it; the results page (ECharts inside) is a chunk of its own, loaded when opened.
 */
export function SurveyListView({ active }: ViewProps) {
  const query = usePageQuery(surveyLink.list(), active);
  const id = query.get('id') ?? '';
  if (id && query.get('view') === 'results') {
    return (
      <Suspense fallback={<PageLoader />}>
        <SurveyResultsPage key={id} id={id} />
      </Suspense>
    );
  }
  return <SurveyList active={active} />;
}

/** 创建问卷 (`/survey/cjwj`): a new questionnaire, or `?id=` one to edit — the form remade when the id changes. */
export function SurveyFormView({ active }: ViewProps) {
  const query = usePageQuery(surveyLink.create(), active);
  const id = query.get('id') ?? '';
  return <SurveyFormPage key={id} id={id} />;
}

/**
 * 问卷填写 (`/survey/wjtx`): answering, which is the answer pages' (`/survey/wjdt`); the stem is kept so a menu
 * carrying it lands there (docs/adr/0038-questionnaires.md#management-pages).
 */
export function SurveyFillView() {
  return <Navigate to="/survey/wjdt" replace />;
}

/**
 * 字段属性验证 (`/survey/zdsxyz`): the answer rules of questions (required, how many chosen, the scale, the length,
 * conditions) are set per question in the designer, so the stem opens it (docs/adr/0038-questionnaires.md#management-pages).
 */
export function SurveyRulesView() {
  return <Navigate to={surveyLink.create()} replace />;
}
