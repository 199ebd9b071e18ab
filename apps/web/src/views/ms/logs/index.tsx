import { useMemo } from 'react';
import { Button, Label, Popup, type SemanticCOLORS } from 'semantic-ui-react';
import type { OperationLogRow } from '@schoolflow/contracts';
import { FilterCard, FilterInput, FilterSelect, ListCard, OptionList, useFilters, type Column } from '../../../components/list-page.js';
import { useViewPaging } from '../../../components/pager.js';
import { useT, webMessages } from '../../../i18n/use-t.js';
import type { ViewProps } from '../../../router/view-props.js';
import { formatDateTime } from '../../../util/date.js';
import { type LogQuery, useOperationLog, useOperationLogExport } from './use-operation-log.js';

type Result = OperationLogRow['result'];
const RESULTS: readonly Result[] = ['success', 'failure', 'denied'];
const RESULT_COLORS: Record<Result, SemanticCOLORS> = { success: 'green', failure: 'orange', denied: 'red' };

interface Filters {
  account: string;
  action: string;
  result: '' | Result;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { account: '', action: '', result: '', from: '', to: '' };

/** Date inputs give days; the server compares instants, so a day range covers the whole of both days. */
function toQuery(f: Filters): LogQuery {
  const q: LogQuery = {};
  if (f.account.trim()) q.account = f.account.trim();
  if (f.action.trim()) q.action = f.action.trim();
  if (f.result) q.result = f.result;
  if (f.from) q.from = `${f.from} 00:00:00`;
  if (f.to) q.to = `${f.to} 23:59:59`;
  return q;
}

function detailText(detail: unknown): string {
  if (detail === null || detail === undefined) return '';
  if (typeof detail === 'object' && Object.keys(detail).length === 0) return '';
  return JSON.stringify(detail);
}

/** Operation log (ms/logs): search, table, pages. */
export default function OperationLogView({ active }: ViewProps) {
  const { t, lang } = useT();
  const paging = useViewPaging();
  const { current, size, setCurrent } = paging;
  const { filters, applied, set, search, reset } = useFilters(NO_FILTERS, () => setCurrent(1));
  const query = useMemo(() => toQuery(applied), [applied]);
  const list = useOperationLog(query, current, size, active);
  const actionNames: Record<string, string> = webMessages(lang).logs.actions;
  const actionName = (code: string) => actionNames[code] ?? code;
  const exporter = useOperationLogExport();
  const exporting = exporter.isPending;
  /** Every row matching the applied filters (all pages), as .xlsx. */
  const exportLog = () =>
    exporter.mutate({
      query,
      fileName: 'operation-log',
      columns: (['at', 'account', 'action', 'target', 'result', 'ip', 'detail'] as const).map((key) => ({ key, title: t(`logs.${key}`) })),
      row: (r) => ({ ...r, at: formatDateTime(r.at), detail: detailText(r.detail) }),
    });

  const columns: Column<OperationLogRow>[] = [
    { title: t('logs.at'), narrow: true, props: { singleLine: true }, cell: (row) => formatDateTime(row.at) },
    { title: t('logs.account'), cell: (row) => row.account ?? '' },
    { title: t('logs.action'), cell: (row) => <span title={row.action}>{actionName(row.action)}</span> },
    { title: t('logs.target'), props: { className: 'sf-cell-wrap' }, cell: (row) => row.target ?? '' },
    {
      title: t('logs.result'),
      narrow: true,
      cell: (row) => (
        <Label size="tiny" color={RESULT_COLORS[row.result] ?? 'grey'} basic>
          {RESULTS.includes(row.result) ? t(`logs.results.${row.result}`) : row.result}
        </Label>
      ),
    },
    { title: t('logs.ip'), narrow: true, props: { singleLine: true }, cell: (row) => row.ip ?? '' },
    {
      title: t('logs.detail'),
      props: { className: 'sf-cell-detail' },
      cell: (row) => {
        const detail = detailText(row.detail);
        return detail ? <Popup wide="very" position="left center" trigger={<code className="sf-detail">{detail}</code>} content={<pre className="sf-detail-full">{JSON.stringify(row.detail, null, 2)}</pre>} /> : null;
      },
    },
  ];

  return (
    <div className="sf-page sf-logs" data-testid="logs-view">
      <FilterCard testId="logs-search" onSearch={search} onReset={reset}>
        <FilterInput id="logs-account" testId="logs-search-account" label={t('logs.account')} value={filters.account} placeholder={t('logs.accountPlaceholder')} maxLength={50} onValue={(v) => set('account', v)} />
        <FilterInput id="logs-action" testId="logs-search-action" label={t('logs.action')} list="logs-action-options" value={filters.action} placeholder={t('logs.actionPlaceholder')} maxLength={64} onValue={(v) => set('action', v)}>
          <datalist id="logs-action-options">
            <OptionList options={Object.entries(actionNames).map(([value, text]) => ({ value, text }))} />
          </datalist>
        </FilterInput>
        <FilterSelect
          id="logs-result"
          testId="logs-search-result"
          label={t('logs.result')}
          value={filters.result}
          all={t('common.all')}
          options={RESULTS.map((r) => ({ value: r, text: t(`logs.results.${r}`) }))}
          onValue={(v) => set('result', (RESULTS as readonly string[]).includes(v) ? (v as Result) : '')}
        />
        <FilterInput id="logs-from" testId="logs-search-from" label={t('logs.from')} type="date" value={filters.from} max={filters.to || undefined} onValue={(v) => set('from', v)} />
        <FilterInput id="logs-to" testId="logs-search-to" label={t('logs.to')} type="date" value={filters.to} min={filters.from || undefined} onValue={(v) => set('to', v)} />
      </FilterCard>

      <ListCard
        testId="logs"
        icon="file alternate outline"
        title={t('logs.title')}
        list={{ ...list, ...paging }}
        toolsClass=""
        tools={<Button basic size="small" icon="download" content={t('widgets.table.export')} loading={exporting} disabled={exporting} onClick={exportLog} data-testid="logs-export" />}
        columns={columns}
        rowProps={(row) => ({ 'data-log-id': row.id, 'data-action': row.action, 'data-result': row.result })}
      />
    </div>
  );
}
