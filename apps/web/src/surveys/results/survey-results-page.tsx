import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Form, Icon, Input, Label, Segment, Statistic } from 'semantic-ui-react';
import type { MatrixRowStat, OptionStat, QuestionStat, SurveyBreakdownRow, SurveyTextPage, TeacherSummary, TextAnswer, ValueStat } from '@schoolflow/contracts';
import { errorMessage } from '../../api/http.js';
import { EmptyState } from '../../components/empty-state.js';
import { CardHead, type Column, FilterSelect, ListTable, RefreshButton } from '../../components/list-page.js';
import { PageLoader } from '../../components/page-loader.js';
import { textParam, useViewParam } from '../../router/use-view-param.js';
import { formatDateTime } from '../../util/date.js';
import { useDebounced } from '../../util/use-debounced.js';
import { surveyLink } from '../manage/survey-links.js';
import { useSurveysT } from '../manage/use-manage-t.js';
import { ResultsChart } from './results-chart.js';
import { chartHeight, questionChart } from './results-charts.js';
import type { ResultsFilter } from './results-client.js';
import { useExportSurvey } from './use-export-survey.js';
import { useSurveyResultsLive } from './use-survey-results-live.js';
import { useSurveyStats } from './use-survey-stats.js';
import { useSurveyTexts } from './use-survey-texts.js';
import './results.css';

/** Text answers per page beyond the first (which comes with the statistics). */
const TEXT_PAGE = 10;
const NONE: ResultsFilter = { classId: '', grade: '' };

/**
 * A questionnaire's results (问卷管理 `?id=…&view=results`, docs/product/questionnaires.md#results): the respondent
 * count kept live by `survey.answered`, a chart and a table of counts and shares per question (ECharts fetched only
 * here), text answers paged and searchable, respondents per class with a class or grade filter, the per-teacher
 * teaching-quality summary, and the Excel export of every response. The server counts everything.
 */
export default function SurveyResultsPage({ id, onBack }: { id: string; onBack?: () => void }) {
  const { s } = useSurveysT();
  const navigate = useNavigate();
  // the class or grade chosen (`?class=…&grade=…`); neither is the one unfiltered value the breakdown below tests for
  const [classId, setClassId] = useViewParam('class', '', textParam);
  const [grade, setGrade] = useViewParam('grade', '', textParam);
  const filter = useMemo<ResultsFilter>(() => (classId === '' && grade === '' ? NONE : { classId, grade }), [classId, grade]);
  const stats = useSurveyStats(id, filter);
  const exporting = useExportSurvey();
  useSurveyResultsLive(id);
  // the filter's choices come from the unfiltered breakdown (a filtered one lists only the chosen class)
  const whole = useSurveyStats(id, NONE, filter !== NONE);
  const breakdown = (filter === NONE ? stats.data : whole.data)?.breakdown ?? [];

  const back = (
    <Button basic size="small" onClick={() => (onBack ? onBack() : void navigate(surveyLink.list()))} data-testid="results-back">
      <Icon name="arrow left" /> {s('results.page.back')}
    </Button>
  );
  if (stats.isPending) return <PageLoader text={s('results.page.loading')} />;
  const data = stats.data;
  if (!data) {
    return (
      <div className="sf-page sf-survey-results">
        <Segment className="sf-card">
          {back}
          <EmptyState icon="chart bar outline" text={errorMessage(stats.error)} testId="results-failed" />
        </Segment>
      </div>
    );
  }

  const className = (b: SurveyBreakdownRow) => b.className || s('results.page.noClass');
  const classOptions = breakdown.filter((b) => b.classId).map((b) => ({ value: b.classId as string, text: className(b) }));
  const grades = [...new Set(breakdown.map((b) => b.grade).filter((g): g is number => g !== null))].sort((a, b) => a - b);
  const gradeOptions = grades.map((g) => ({ value: String(g), text: s('results.page.gradeN', { n: g }) }));

  return (
    <div className="sf-page sf-survey-results" data-testid="survey-results" data-id={id}>
      <Segment className="sf-card">
        <CardHead
          icon="chart bar outline"
          title={s('results.page.title', { name: data.name })}
          tools={
            <>
              {back}
              <Button
                color="green"
                size="small"
                loading={exporting.isPending}
                disabled={exporting.isPending}
                onClick={() => exporting.mutate({ id, filter, fileName: s('results.export.file', { name: data.name }) })}
                data-testid="results-export"
              >
                <Icon name="file excel outline" /> {exporting.isPending ? s('results.page.exporting') : s('results.page.export')}
              </Button>
              <RefreshButton onClick={() => void stats.refetch()} testId="results-refresh" />
            </>
          }
        />
        <div className="sf-survey-results-head">
          <Statistic size="small" color="blue" data-testid="results-respondents" data-value={data.respondents}>
            <Statistic.Value>{data.respondents}</Statistic.Value>
            <Statistic.Label>
              {s('results.page.respondents')}{' '}
              <Label size="mini" color="green" basic>
                <Icon name="circle" /> {s('results.page.live')}
              </Label>
            </Statistic.Label>
          </Statistic>
          {classOptions.length > 0 || gradeOptions.length > 0 ? (
            <Form className="sf-survey-results-filters">
              <FilterSelect id="results-filter-class" label={s('results.page.filterClass')} value={filter.classId} all={s('results.page.allClasses')} options={classOptions} onValue={setClassId} />
              <FilterSelect id="results-filter-grade" label={s('results.page.filterGrade')} value={filter.grade} all={s('results.page.allGrades')} options={gradeOptions} onValue={setGrade} />
            </Form>
          ) : null}
        </div>
        {data.respondents === 0 ? <EmptyState icon="chart bar outline" text={s('results.page.noAnswers')} testId="results-empty" /> : null}
      </Segment>

      {data.teachers.length > 0 ? <TeachersCard teachers={data.teachers} /> : null}
      {data.questions.map((q) => (
        <QuestionCard key={q.questionId} id={id} q={q} filter={filter} />
      ))}
      {data.breakdown.length > 0 ? (
        <Segment className="sf-card" data-testid="results-breakdown-card">
          <h4 className="sf-survey-results-subhead">{s('results.page.breakdown')}</h4>
          <ListTable
            testId="results-breakdown"
            columns={[
              { title: s('results.page.className'), cell: (b: SurveyBreakdownRow) => className(b) },
              { title: s('results.page.filterGrade'), narrow: true, cell: (b: SurveyBreakdownRow) => (b.grade === null ? '—' : s('results.page.gradeN', { n: b.grade })) },
              { title: s('results.page.respondents'), narrow: true, props: { 'data-testid': 'results-breakdown-count' }, cell: (b: SurveyBreakdownRow) => b.respondents },
            ]}
            rows={data.breakdown}
            rowKey={(b) => `${b.classId ?? ''}:${b.grade ?? ''}`}
            rowProps={(b) => ({ 'data-testid': 'results-breakdown-row', 'data-class': className(b) })}
            empty={{ text: s('results.page.noAnswers'), testId: 'results-breakdown-empty' }}
          />
        </Segment>
      ) : null}
    </div>
  );
}

/** One question: its chart (none for text), and its numbers as a table (or its text answers, paged and searched). */
function QuestionCard({ id, q, filter }: { id: string; q: QuestionStat; filter: ResultsFilter }) {
  const { s } = useSurveysT();
  const option = useMemo(() => questionChart(q), [q]);
  return (
    <Segment className="sf-card sf-survey-question-result" data-testid="results-question" data-type={q.type} data-position={q.position}>
      <div className="sf-survey-question-result-head">
        <h4>
          {q.position + 1}. {q.title}
        </h4>
        <Label size="tiny">{s(`types.${q.type}`)}</Label>
        <span className="sf-hint" data-testid="results-question-answered" data-value={q.answered}>
          {s('results.page.answered', { n: q.answered })}
        </span>
        {q.type === 'rating' && q.average !== null ? (
          <Label size="tiny" color="blue" data-testid="results-rating-average" data-value={q.average}>
            {s('results.page.averageOf', { value: q.average })}
          </Label>
        ) : null}
      </div>
      {option && q.answered > 0 ? <ResultsChart option={option} testId={`results-chart-${q.position}`} height={chartHeight(q)} /> : null}
      {q.type === 'single' || q.type === 'multiple' ? <OptionTable options={q.options} /> : null}
      {q.type === 'rating' ? <RatingTable values={q.values} /> : null}
      {q.type === 'matrix' ? <MatrixTable rows={q.rows} /> : null}
      {q.type === 'date' ? (
        <ListTable
          testId="results-dates"
          columns={[
            { title: s('results.page.date'), cell: (d: { date: string; count: number }) => d.date },
            { title: s('results.page.count'), narrow: true, cell: (d: { date: string; count: number }) => d.count },
          ]}
          rows={q.dates}
          rowKey={(d) => d.date}
          empty={{ text: s('results.page.noAnswers'), testId: 'results-dates-empty' }}
        />
      ) : null}
      {q.type === 'text' ? <TextAnswers id={id} questionId={q.questionId} first={q.texts} filter={filter} /> : null}
    </Segment>
  );
}

function OptionTable({ options }: { options: OptionStat[] }) {
  const { s } = useSurveysT();
  const columns: Column<OptionStat>[] = [
    { title: s('results.page.option'), cell: (o) => o.label },
    { title: s('results.page.count'), narrow: true, props: { 'data-testid': 'results-option-count' }, cell: (o) => o.count },
    { title: s('results.page.percent'), narrow: true, props: { 'data-testid': 'results-option-percent' }, cell: (o) => `${o.percent}%` },
  ];
  return <ListTable testId="results-options" columns={columns} rows={options} rowKey={(o) => String(o.index)} rowProps={(o) => ({ 'data-testid': 'results-option', 'data-label': o.label, 'data-count': o.count, 'data-percent': o.percent })} empty={{ text: '', testId: 'results-options-empty' }} />;
}

function RatingTable({ values }: { values: ValueStat[] }) {
  const { s } = useSurveysT();
  const columns: Column<ValueStat>[] = [
    { title: s('results.page.score'), narrow: true, cell: (v) => v.value },
    { title: s('results.page.count'), narrow: true, cell: (v) => v.count },
    { title: s('results.page.percent'), narrow: true, cell: (v) => `${v.percent}%` },
  ];
  return <ListTable testId="results-values" columns={columns} rows={values} rowKey={(v) => String(v.value)} rowProps={(v) => ({ 'data-testid': 'results-value', 'data-value': v.value, 'data-count': v.count })} empty={{ text: '', testId: 'results-values-empty' }} />;
}

function MatrixTable({ rows }: { rows: MatrixRowStat[] }) {
  const { s } = useSurveysT();
  const labels = rows[0]?.columns.map((c) => c.label) ?? [];
  const columns: Column<MatrixRowStat>[] = [
    { title: s('results.page.row'), cell: (r) => r.label },
    ...labels.map((label, i) => ({ title: label, narrow: true, props: { singleLine: true }, cell: (r: MatrixRowStat) => `${r.columns[i]?.count ?? 0} (${r.columns[i]?.percent ?? 0}%)` })),
    { title: s('results.page.average'), narrow: true, cell: (r) => r.average ?? '—' },
  ];
  return <ListTable testId="results-matrix" columns={columns} rows={rows} rowKey={(r) => r.key} rowProps={(r) => ({ 'data-testid': 'results-matrix-row', 'data-label': r.label, 'data-average': r.average ?? '' })} empty={{ text: s('results.page.noAnswers'), testId: 'results-matrix-empty' }} />;
}

/** The teaching-quality summary: each teacher's mean per item and overall, and how many rated them. */
function TeachersCard({ teachers }: { teachers: TeacherSummary[] }) {
  const { s } = useSurveysT();
  const items = teachers[0]?.items ?? [];
  const columns: Column<TeacherSummary>[] = [
    { title: s('results.page.teacher'), cell: (t) => <span data-testid="results-teacher-name">{t.name}</span> },
    ...items.map((item, i) => ({ title: item.title, narrow: true, cell: (t: TeacherSummary) => t.items[i]?.average ?? '—' })),
    { title: s('results.page.overall'), narrow: true, props: { 'data-testid': 'results-teacher-average' }, cell: (t) => t.average ?? '—' },
    { title: s('results.page.raters'), narrow: true, cell: (t) => t.answered },
  ];
  return (
    <Segment className="sf-card" data-testid="results-teachers-card">
      <h4 className="sf-survey-results-subhead">{s('results.page.teachers')}</h4>
      <ListTable testId="results-teachers" columns={columns} rows={teachers} rowKey={(t) => t.teacherId} rowProps={(t) => ({ 'data-testid': 'results-teacher', 'data-average': t.average ?? '' })} empty={{ text: '', testId: 'results-teachers-empty' }} />
    </Segment>
  );
}

/** A text question's answers: the first page as counted with the statistics; a search or another page asks the server. */
function TextAnswers({ id, questionId, first, filter }: { id: string; questionId: string; first: SurveyTextPage; filter: ResultsFilter }) {
  const { s } = useSurveysT();
  const [q, setQ] = useState('');
  const [current, setCurrent] = useState(1);
  const search = useDebounced(q, 300);
  const own = search.trim() !== '' || current > 1;
  const texts = useSurveyTexts(id, { ...filter, questionId, q: search, current, size: TEXT_PAGE }, own);
  const page = own ? (texts.data ?? { records: [], total: 0, current, size: TEXT_PAGE }) : first;
  const pages = Math.max(1, Math.ceil(page.total / TEXT_PAGE));
  const columns: Column<TextAnswer>[] = [
    { title: s('results.page.textAnswer'), cell: (t) => <span className="sf-survey-text-answer">{t.text}</span> },
    { title: s('results.page.textTime'), narrow: true, props: { singleLine: true }, cell: (t) => formatDateTime(t.createdAt) },
  ];
  return (
    <div className="sf-survey-texts" data-testid="results-texts" data-total={page.total}>
      <div className="sf-survey-texts-tools">
        <Input
          size="small"
          icon="search"
          placeholder={s('results.page.textSearch')}
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setCurrent(1);
          }}
          data-testid="results-text-search"
        />
        <span className="sf-hint" data-testid="results-text-total">
          {s('results.page.textTotal', { n: page.total })}
        </span>
      </div>
      <ListTable testId="results-text-list" columns={columns} rows={page.records} rowKey={(t) => `${t.createdAt}:${t.text}`} rowProps={() => ({ 'data-testid': 'results-text' })} empty={{ text: s('results.page.textEmpty'), testId: 'results-text-empty' }} />
      {pages > 1 ? (
        <div className="sf-survey-texts-pager">
          <Button size="mini" basic disabled={current <= 1} onClick={() => setCurrent((c) => c - 1)} data-testid="results-text-prev">
            {s('results.page.prev')}
          </Button>
          <span data-testid="results-text-page">{s('results.page.pageOf', { current, pages })}</span>
          <Button size="mini" basic disabled={current >= pages} onClick={() => setCurrent((c) => c + 1)} data-testid="results-text-next">
            {s('results.page.next')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
