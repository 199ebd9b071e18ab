import { type EvalDistribution, type EvalPrecision, type EvalResults, formatEvalValue } from '@schoolflow/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo } from 'react';
import { Button, Dropdown, Form, Message, Segment, Table } from 'semantic-ui-react';
import { errorMessage } from '../../api/http.js';
import { EChart } from '../../components/charts/echarts-chart.js';
import { PageLoader } from '../../components/page-loader.js';
import { textParam, useViewParam } from '../../router/use-view-param.js';
import type { ViewProps } from '../../router/view-props.js';
import { type EvaluationsKey, useFinalT } from '../final/use-final-t.js';
import { useEvalResults } from './use-eval-results.js';
import { useEvalRound } from './use-eval-round.js';
import { useEvalRounds } from './use-eval-rounds.js';
import { useExportEvalResults } from './use-export-eval-results.js';
import '../evaluations.css';

/** One content's students per level (and not evaluated), as a bar chart. */
function DistributionChart({ title, d, none }: { title: string; d: EvalDistribution; none: string }) {
  const { t } = useFinalT();
  const option = useMemo<EChartsCoreOption>(
    () => ({
      title: { text: title, textStyle: { fontSize: 13 } },
      grid: { left: 36, right: 8, top: 36, bottom: 28 },
      tooltip: {},
      xAxis: { type: 'category', data: [...d.levels.map((l) => l.name), none] },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', data: [...d.levels.map((l) => l.count), d.none] }],
    }),
    [title, d, none],
  );
  return <EChart option={option} testId={`eval-dist-${d.contentId}`} height={220} className="sf-eval-chart" loading={t('app.loading')} />;
}

/** The precision's name (its keys are the numbers 0–2, which MessageKey's dotted strings do not spell). */
const PRECISION_KEYS = { 0: 'precision.0', 1: 'precision.1', 2: 'precision.2' } as unknown as Record<EvalPrecision, EvaluationsKey>;

function ResultsGrid({ results }: { results: EvalResults }) {
  const { e } = useFinalT();
  const p = results.precision;
  const themeName = new Map(results.themes.map((t) => [t.id, t.name]));
  return (
    <>
      <p className="sf-hint" data-testid="eval-precision">
        {e('analysis.precisionNote', { precision: e(PRECISION_KEYS[p]) })}
      </p>
      <div className="sf-eval-grid-wrap">
        <Table compact celled unstackable className="sf-eval-grid" data-testid="eval-results">
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{e('analysis.studentNo')}</Table.HeaderCell>
              <Table.HeaderCell>{e('analysis.student')}</Table.HeaderCell>
              {results.contents.map((c) => (
                <Table.HeaderCell key={c.id}>
                  <div className="sf-hint">{themeName.get(c.themeId)}</div>
                  {c.name}
                </Table.HeaderCell>
              ))}
              <Table.HeaderCell>{e('analysis.average')}</Table.HeaderCell>
              <Table.HeaderCell>{e('analysis.comment')}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {results.rows.map((r) => (
              <Table.Row key={r.studentId} data-testid={`eval-result-${r.studentNo}`}>
                <Table.Cell>{r.studentNo}</Table.Cell>
                <Table.Cell>{r.name}</Table.Cell>
                {results.contents.map((c) => (
                  <Table.Cell key={c.id} textAlign="right">
                    {formatEvalValue(r.values[c.id], p)}
                    {r.levels[c.id] ? <div className="sf-hint">{r.levels[c.id]}</div> : null}
                  </Table.Cell>
                ))}
                <Table.Cell textAlign="right">{formatEvalValue(r.average, p)}</Table.Cell>
                <Table.Cell className="sf-eval-comment-cell">{r.comment ?? ''}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      </div>
      <h3>{e('analysis.distributions')}</h3>
      <div className="sf-eval-charts">
        {results.distributions.map((d) => (
          <DistributionChart key={d.contentId} title={results.contents.find((c) => c.id === d.contentId)?.name ?? ''} d={d} none={e('analysis.none')} />
        ))}
      </div>
    </>
  );
}

/** 评价分析 (/evaluation/pjfx): a round and a class → the results grid at the template's precision, charts, export. */
export default function AnalysisView({ active }: ViewProps) {
  const { e } = useFinalT();
  const rounds = useEvalRounds(active);
  // the round and class chosen (`?round=…&class=…`)
  const [roundId, setRoundId] = useViewParam('round', '', textParam);
  const [classId, setClassId] = useViewParam('class', '', textParam);
  const round = useEvalRound(roundId);
  const results = useEvalResults(roundId, classId);
  const exporter = useExportEvalResults();
  const className = round.data?.classList.find((c) => c.id === classId)?.name ?? '';

  if (rounds.isPending) return <PageLoader />;
  return (
    <div className="sf-page sf-eval" data-testid="eval-analysis-page">
      <h2>{e('page.analysis')}</h2>
      {rounds.isError ? <Message negative content={errorMessage(rounds.error)} /> : null}
      <Form className="sf-eval-pickers">
        <Form.Field>
          <label>{e('analysis.round')}</label>
          <Dropdown
            selection
            placeholder={e('analysis.chooseRound')}
            data-testid="eval-round"
            value={roundId}
            options={(rounds.data ?? []).map((r) => ({ key: r.id, value: r.id, text: `${r.name} (${r.semesterName})` }))}
            onChange={(_ev, d) => {
              setRoundId(String(d.value));
              setClassId('');
            }}
          />
        </Form.Field>
        <Form.Field>
          <label>{e('analysis.class')}</label>
          <Dropdown
            selection
            placeholder={e('analysis.chooseClass')}
            data-testid="eval-class"
            value={classId}
            disabled={!round.data}
            options={(round.data?.classList ?? []).map((c) => ({ key: c.id, value: c.id, text: c.name }))}
            onChange={(_ev, d) => setClassId(String(d.value))}
          />
        </Form.Field>
        {classId ? (
          <Button
            icon="file excel outline"
            content={exporter.isPending ? e('analysis.exporting') : e('analysis.export')}
            loading={exporter.isPending}
            data-testid="eval-export"
            onClick={() => exporter.mutate({ roundId, classId, fileName: `${e('analysis.sheetName')}-${round.data?.name ?? ''}-${className}.xlsx` })}
          />
        ) : null}
      </Form>
      {round.isError ? <Message negative content={errorMessage(round.error)} /> : null}
      {results.isError ? <Message negative content={errorMessage(results.error)} data-testid="eval-results-error" /> : null}
      {classId && results.isPending ? <PageLoader /> : null}
      {results.data ? (
        <Segment>{results.data.rows.length === 0 ? <Message content={e('analysis.empty')} /> : <ResultsGrid results={results.data} />}</Segment>
      ) : null}
    </div>
  );
}
