import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Segment, Table } from 'semantic-ui-react';
import { formatSchoolTime, statsQuerySchema } from '@schoolflow/contracts';
import { z } from 'zod';
import { EChart } from '../components/charts/echarts-chart.js';
import { CardHead, FilterCard, FilterField, FilterSelect } from '../components/list-page.js';
import { useMessageTypeList, useMessageTypes } from '../messages/message-types.js';
import { type ParamCodec, textParam, useViewParam } from '../router/use-view-param.js';
import type { ViewProps } from '../router/view-props.js';
import { useChannelStats } from './use-channel-stats.js';
import { useChannelsT } from './use-channels-t.js';
import { statsChartOption, typeTotals } from './stats-chart.js';

const dayOf = (offset: number): string => formatSchoolTime(Date.now() + offset * 86_400_000).slice(0, 10);

/** The period the server is asked for (its own schema: days, the first not after the last) and the type the chart shows. */
const periodSchema = z.intersection(statsQuerySchema, z.object({ type: z.string() }));
type Period = z.output<typeof periodSchema>;

/** A day in the address (`?from=2026-11-23`). */
const dayParam: ParamCodec<string> = { parse: (s) => (/^\d{4}-\d{2}-\d{2}$/.test(s) ? s : undefined), format: (s) => s };

/** 统计分析 (messageCenter/tjfx): messages sent and read and deliveries failed, per day and type, over a period (the last week first). */
export default function StatsView({ active }: ViewProps) {
  const { c, tv, lang } = useChannelsT();
  const types = useMessageTypeList();
  const typeName = useMessageTypes();
  // the period shown (the last week first); the form's draft is applied by 查询 once the schema takes it
  // and kept in the address (`?from=…&to=…&type=…`)
  const [from, setFrom] = useViewParam('from', dayOf(-6), dayParam);
  const [to, setTo] = useViewParam('to', dayOf(0), dayParam);
  const [type, setType] = useViewParam('type', '', textParam);
  const applied = useMemo<Period>(() => ({ from, to, type }), [from, to, type]);
  const apply = (p: Period) => {
    setFrom(p.from);
    setTo(p.to);
    setType(p.type);
  };
  const { control, register, handleSubmit, reset, setValue, formState } = useForm<Period>({ resolver: zodResolver(periodSchema), defaultValues: applied });
  const period = useWatch({ control });
  const toError = formState.errors.to?.message;
  const stats = useChannelStats(applied.from, applied.to, active);
  const labels = useMemo(() => ({ sent: c('stats.sent'), read: c('stats.read'), failed: c('stats.failed') }), [c]);
  const option = useMemo(() => (stats.data ? statsChartOption(stats.data, labels, applied.type) : null), [stats.data, labels, applied.type]);
  const totals = stats.data ? typeTotals(stats.data) : [];

  return (
    <div className="sf-page" data-testid="channels-stats">
      <FilterCard testId="stats-search" onSearch={() => void handleSubmit(apply)()} onReset={() => reset(applied)} searchText={c('stats.query')}>
        <FilterField id="stats-from" label={c('stats.from')}>
          <input id="stats-from" type="date" max={period.to} data-testid="stats-from" {...register('from')} />
        </FilterField>
        <FilterField id="stats-to" label={c('stats.to')}>
          <input id="stats-to" type="date" min={period.from} data-testid="stats-to" {...register('to')} />
          {toError ? <div className="sf-field-error">{tv(toError)}</div> : null}
        </FilterField>
        <FilterSelect id="stats-type" label={c('monitor.type')} value={period.type ?? ''} all={c('stats.total')} options={types.map((d) => ({ value: d.code, text: lang === 'en' ? d.nameEn || d.name : d.name }))} onValue={(type) => setValue('type', type)} />
      </FilterCard>
      <Segment className="sf-card" loading={stats.isFetching && !stats.data}>
        <CardHead icon="chart bar outline" title={c('stats.chartTitle')} />
        {option ? <EChart option={option} testId="stats-chart" height={320} className="sf-channels-chart" loading={c('stats.loading')} /> : null}
        <CardHead icon="table" title={c('stats.byType')} />
        <Table celled compact unstackable className="sf-table" data-testid="stats-table">
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{c('monitor.type')}</Table.HeaderCell>
              <Table.HeaderCell collapsing>{c('stats.sent')}</Table.HeaderCell>
              <Table.HeaderCell collapsing>{c('stats.read')}</Table.HeaderCell>
              <Table.HeaderCell collapsing>{c('stats.failed')}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {totals.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={4}>{c('stats.empty')}</Table.Cell>
              </Table.Row>
            ) : (
              totals.map((t) => (
                <Table.Row key={t.type} data-testid="stats-row" data-type={t.type}>
                  <Table.Cell>{typeName(t.type)}</Table.Cell>
                  <Table.Cell>{t.sent}</Table.Cell>
                  <Table.Cell>{t.read}</Table.Cell>
                  <Table.Cell>{t.failed}</Table.Cell>
                </Table.Row>
              ))
            )}
          </Table.Body>
        </Table>
      </Segment>
    </div>
  );
}
