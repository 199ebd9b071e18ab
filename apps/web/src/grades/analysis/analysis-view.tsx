import { useMemo } from 'react';
import { Menu, Message, Segment } from 'semantic-ui-react';
import { ANALYSIS_KINDS, type AnalysisAnswer, type AnalysisCourse, type AnalysisKind } from '@schoolflow/contracts';
import { EmptyState } from '../../components/empty-state.js';
import { CardHead, RefreshButton, ToolButton } from '../../components/list-page.js';
import { oneOfParam, textParam, useViewParam } from '../../router/use-view-param.js';
import type { ViewProps } from '../../router/view-props.js';
import { type GradesKey, useGradesT } from '../use-grades-t.js';
import { AnalysisChart } from './analysis-chart.js';
import { type ChartSpec, classCharts, questionRateCharts, rankingCharts, subjectCharts } from './analysis-charts.js';
import { ClassTable, QuestionRateTable, RankingTable, SubjectTable } from './analysis-tables.js';
import { useAnalysis } from './use-analysis.js';
import { useAnalysisBatches } from './use-analysis-batches.js';
import { useAnalysisExport } from './use-analysis-export.js';
import './analysis.css';

/** A kind's key in `grades.analysis.kinds` (admin-class → adminClass). */
const kindKey = (kind: AnalysisKind): GradesKey => `analysis.kinds.${kind.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}` as GradesKey;
const kindParam = oneOfParam(ANALYSIS_KINDS);
/** Kinds about one course: the course picker has no "all courses". */
const needsCourse = (kind: AnalysisKind): boolean => kind === 'subject' || kind === 'question-rate';

function chartsOf(a: AnalysisAnswer): ChartSpec[] {
  switch (a.kind) {
    case 'admin-class':
    case 'teaching-class':
      return classCharts(a);
    case 'ranking':
      return rankingCharts(a);
    case 'subject':
      return subjectCharts(a);
    case 'question-rate':
      return questionRateCharts(a);
  }
}

function AnswerTable({ answer }: { answer: AnalysisAnswer }) {
  switch (answer.kind) {
    case 'admin-class':
    case 'teaching-class':
      return <ClassTable answer={answer} />;
    case 'ranking':
      return <RankingTable key={`${answer.batch.id}:${answer.rows.length}`} answer={answer} />;
    case 'subject':
      return <SubjectTable answer={answer} />;
    case 'question-rate':
      return <QuestionRateTable answer={answer} />;
  }
}

/**
 * 成绩分析 (grades/analysis): a batch's scores by administrative class, by teaching class, as a ranking, one subject
 * across classes, and per question — each a chart (ECharts, loaded by this page only) and a table, each exportable to
 * Excel as the table shows it. The pickers come from the batch list; a course without a scale shows the spec's
 * "该课程未设置评分体系" where its rates would be.
 */
export default function AnalysisView({ active }: ViewProps) {
  const { t, g } = useGradesT();
  const batches = useAnalysisBatches(active);
  const [kind, setKind] = useViewParam<AnalysisKind>('kind', 'admin-class', kindParam);
  const [batchId, setBatchId] = useViewParam('batch', '', textParam);
  const [courseId, setCourseId] = useViewParam('course', '', textParam);
  const [classId, setClassId] = useViewParam('class', '', textParam);

  const list = batches.data ?? [];
  const batch = list.find((b) => b.id === batchId) ?? list[0];
  const chosenCourse = batch?.courses.find((c) => c.id === courseId)?.id ?? '';
  const params = {
    batchId: batch?.id ?? '',
    // ranking is over every course; subject and question-rate need one (the first until one is chosen)
    courseId: kind === 'ranking' ? '' : chosenCourse || (needsCourse(kind) ? (batch?.courses[0]?.id ?? '') : ''),
    // a teaching class is not an administrative class: that kind lists every teaching class
    classId: kind === 'teaching-class' ? '' : (batch?.classes.find((c) => c.id === classId)?.id ?? ''),
  };
  const answer = useAnalysis(kind, params, active);
  const data = answer.data?.kind === kind ? answer.data : undefined;
  const charts = useMemo(() => (data ? chartsOf(data) : []), [data]);
  const exporter = useAnalysisExport();
  const kindTitle = g(kindKey(kind));

  const chooseBatch = (id: string) => {
    setBatchId(id);
    setCourseId('');
    setClassId('');
  };
  const exportTable = () => {
    if (!batch) return;
    exporter.mutate({ kind, params, fileName: g('analysis.file', { batch: batch.name, kind: kindTitle }) });
  };

  const covered: AnalysisCourse[] = data ? (params.courseId ? data.courses.filter((c) => c.id === params.courseId) : data.courses) : [];
  const lines = kind === 'ranking' || kind === 'question-rate' ? [] : covered.filter((c) => c.scaled);

  return (
    <div className="sf-page sf-grades-analysis" data-testid="grades-analysis" data-kind={kind} data-batch={params.batchId}>
      <Segment className="sf-card">
        <CardHead icon="chart bar" title={g('analysis.title')} />
        {list.length === 0 && !batches.isFetching ? (
          <EmptyState icon="chart bar" text={g('analysis.noBatches')} testId="analysis-no-batches" />
        ) : (
          <div className="sf-analysis-bar">
            <label htmlFor="analysis-batch">{g('analysis.batch')}</label>
            <select id="analysis-batch" className="ui dropdown" value={batch?.id ?? ''} data-testid="analysis-batch" onChange={(e) => chooseBatch(e.target.value)}>
              {batch ? null : <option value="">{g('analysis.chooseBatch')}</option>}
              {list.map((b) => (
                <option key={b.id} value={b.id}>
                  {g('analysis.batchOption', { name: b.name, semester: b.semesterName })}
                </option>
              ))}
            </select>
            {kind === 'ranking' ? null : (
              <>
                <label htmlFor="analysis-course">{g('analysis.course')}</label>
                <select id="analysis-course" className="ui dropdown" value={params.courseId} data-testid="analysis-course" onChange={(e) => setCourseId(e.target.value)}>
                  {needsCourse(kind) ? null : <option value="">{g('analysis.allCourses')}</option>}
                  {(batch?.courses ?? []).map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </>
            )}
            {kind === 'teaching-class' ? null : (
              <>
                <label htmlFor="analysis-class">{g('analysis.class')}</label>
                <select id="analysis-class" className="ui dropdown" value={params.classId} data-testid="analysis-class" onChange={(e) => setClassId(e.target.value)}>
                  <option value="">{g('analysis.allClasses')}</option>
                  {(batch?.classes ?? []).map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </>
            )}
          </div>
        )}
        <Menu pointing secondary className="sf-analysis-kinds" data-testid="analysis-kinds">
          {ANALYSIS_KINDS.map((k) => (
            <Menu.Item key={k} active={k === kind} onClick={() => setKind(k)} data-testid={`analysis-kind-${k}`}>
              {g(kindKey(k))}
            </Menu.Item>
          ))}
        </Menu>
      </Segment>

      {batch ? (
        <>
          {data ? (
            <div className="sf-analysis-notes" data-testid="analysis-notes">
              {data.noGradingSystem ? (
                <Message warning size="small" data-testid="analysis-no-scale">
                  {covered.length > 1 ? g('analysis.noScaleCourses', { courses: covered.filter((c) => !c.scaled).map((c) => c.name).join(', ') }) : g('errors.noGradingSystem')}
                </Message>
              ) : null}
              {data.kind === 'ranking' ? (
                <div className="sf-analysis-note" data-testid="analysis-weighted" data-weighted={data.weighted ? 'true' : 'false'}>
                  {g(data.weighted ? 'analysis.weighted' : 'analysis.unweighted')}
                </div>
              ) : null}
              {lines.length > 0 && lines.length <= 3
                ? lines.map((c) => (
                    <div key={c.id} className="sf-analysis-note" data-testid="analysis-lines">
                      {g('analysis.lines', { course: c.name, full: c.fullMarks, pass: c.passLine ?? '', excellent: c.excellentLine ?? '' })}
                    </div>
                  ))
                : null}
            </div>
          ) : null}

          {data && charts.length > 0 && !(data.kind === 'question-rate' && data.items.length === 0) ? (
            <div className={charts.length > 1 ? 'sf-analysis-charts two' : 'sf-analysis-charts'}>
              {charts.map((c) => (
                <Segment key={c.key} className="sf-card">
                  <AnalysisChart option={c.option} testId={`analysis-chart-${c.key}`} />
                </Segment>
              ))}
            </div>
          ) : null}

          <Segment className="sf-card" loading={answer.isFetching && !data}>
            <CardHead
              icon="table"
              title={kindTitle}
              sub={data?.kind === 'ranking' ? <span className="sf-card-sub">{g('analysis.rows', { count: data.rows.length })}</span> : undefined}
              tools={
                <>
                  <ToolButton icon="file excel outline" text={g('analysis.export')} disabled={!data || exporter.isPending} loading={exporter.isPending} onClick={exportTable} testId="analysis-export" />
                  <RefreshButton onClick={() => void Promise.all([answer.refetch(), batches.refetch()])} testId="analysis-refresh" title={t('common.refresh')} />
                </>
              }
            />
            {data ? <AnswerTable answer={data} /> : null}
          </Segment>
        </>
      ) : null}
    </div>
  );
}
