import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Form, Icon, Label, Popup, Segment, Table, type SemanticCOLORS } from 'semantic-ui-react';
import { ApiPath, type OperationLogQuery, type OperationLogRow, type Page } from '@schoolflow/contracts';
import { isCancelled, reportError, requestData } from '../../../api/http.js';
import { allPages, exportRows } from '../../../util/export-xlsx.js';
import { EmptyRow } from '../../../components/empty-state.js';
import { Pager, usePaging } from '../../../components/pager.js';
import { useT, webMessages } from '../../../i18n/use-t.js';
import type { ViewProps } from '../../../router/view-registry.js';
import { formatDateTime } from '../../../util/date.js';

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

type LogQuery = NonNullable<OperationLogQuery['query']>;

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
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const [exporting, setExporting] = useState(false);
  /** Every row matching the applied filters (all pages), as .xlsx. */
  const exportLog = async () => {
    setExporting(true);
    try {
      const rows = await allPages((c, s) => requestData<Page<OperationLogRow>>(ApiPath.operationLogs, { json: { current: c, size: s, query: toQuery(applied) } }));
      const columns = (['at', 'account', 'action', 'target', 'result', 'ip', 'detail'] as const).map((key) => ({ key, title: t(`logs.${key}`) }));
      await exportRows(
        'operation-log',
        columns,
        rows.map((r) => ({ ...r, at: formatDateTime(r.at), detail: detailText(r.detail) })),
      );
    } catch (err) {
      reportError(err);
    } finally {
      setExporting(false);
    }
  };
  const { current, size, setCurrent, setSize } = usePaging();
  const [page, setPage] = useState<Page<OperationLogRow>>({ total: 0, list: [] });
  const [loading, setLoading] = useState(false);
  const ctrl = useRef<AbortController | null>(null);
  const actionNames: Record<string, string> = webMessages(lang).logs.actions;
  const actionName = (code: string) => actionNames[code] ?? code;

  const load = useCallback(async (q: Filters, pageNo: number, pageSize: number) => {
    ctrl.current?.abort();
    const c = new AbortController();
    ctrl.current = c;
    setLoading(true);
    try {
      const data = await requestData<Page<OperationLogRow>>(ApiPath.operationLogs, {
        json: { current: pageNo, size: pageSize, query: toQuery(q) },
        signal: c.signal,
      });
      setPage({ total: Number(data?.total) || 0, list: Array.isArray(data?.list) ? data.list : [] });
    } catch (err) {
      if (isCancelled(err)) return;
      reportError(err);
      setPage({ total: 0, list: [] }); // a failed list empties the table (platform-shell §8)
    } finally {
      if (ctrl.current === c) setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (active) void load(applied, current, size);
  }, [active, applied, current, size, load]);
  useEffect(() => () => ctrl.current?.abort(), []);

  const search = () => {
    setApplied({ ...filters });
    setCurrent(1);
  };
  const reset = () => {
    setFilters(NO_FILTERS);
    setApplied(NO_FILTERS);
    setCurrent(1);
  };
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => setFilters((f) => ({ ...f, [key]: value }));

  return (
    <div className="sf-page sf-logs" data-testid="logs-view">
      <Segment className="sf-card sf-search-card">
        <Form onSubmit={search} className="sf-search-form" data-testid="logs-search">
          <Form.Field inline>
            <label htmlFor="logs-account">{t('logs.account')}</label>
            <input id="logs-account" value={filters.account} placeholder={t('logs.accountPlaceholder')} maxLength={50} data-testid="logs-search-account" onChange={(e) => set('account', e.target.value)} />
          </Form.Field>
          <Form.Field inline>
            <label htmlFor="logs-action">{t('logs.action')}</label>
            <input id="logs-action" list="logs-action-options" value={filters.action} placeholder={t('logs.actionPlaceholder')} maxLength={64} data-testid="logs-search-action" onChange={(e) => set('action', e.target.value)} />
            <datalist id="logs-action-options">
              {Object.entries(actionNames).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </datalist>
          </Form.Field>
          <Form.Field inline>
            <label htmlFor="logs-result">{t('logs.result')}</label>
            <select id="logs-result" className="ui dropdown" value={filters.result} data-testid="logs-search-result" onChange={(e) => set('result', (RESULTS as readonly string[]).includes(e.target.value) ? (e.target.value as Result) : '')}>
              <option value="">{t('common.all')}</option>
              {RESULTS.map((r) => (
                <option key={r} value={r}>
                  {t(`logs.results.${r}`)}
                </option>
              ))}
            </select>
          </Form.Field>
          <Form.Field inline>
            <label htmlFor="logs-from">{t('logs.from')}</label>
            <input id="logs-from" type="date" value={filters.from} max={filters.to || undefined} data-testid="logs-search-from" onChange={(e) => set('from', e.target.value)} />
          </Form.Field>
          <Form.Field inline>
            <label htmlFor="logs-to">{t('logs.to')}</label>
            <input id="logs-to" type="date" value={filters.to} min={filters.from || undefined} data-testid="logs-search-to" onChange={(e) => set('to', e.target.value)} />
          </Form.Field>
          <div className="sf-search-actions">
            <Button primary type="submit" data-testid="logs-search-submit">
              <Icon name="search" /> {t('common.search')}
            </Button>
            <Button type="button" basic onClick={reset} data-testid="logs-search-reset">
              <Icon name="undo" /> {t('common.reset')}
            </Button>
          </div>
        </Form>
      </Segment>

      <Segment className="sf-card" loading={loading}>
        <div className="sf-card-head">
          <h3 className="sf-card-title">
            <Icon name="file alternate outline" /> {t('logs.title')}
          </h3>
          <div>
            <Button basic size="small" icon="download" content={t('widgets.table.export')} loading={exporting} disabled={exporting} onClick={() => void exportLog()} data-testid="logs-export" />
            <Button basic size="small" icon="refresh" title={t('common.refresh')} aria-label={t('common.refresh')} onClick={() => void load(applied, current, size)} data-testid="logs-refresh" />
          </div>
        </div>
        <div className="sf-table-wrap">
          <Table celled striped compact unstackable className="sf-table" data-testid="logs-table">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell collapsing>{t('logs.at')}</Table.HeaderCell>
                <Table.HeaderCell>{t('logs.account')}</Table.HeaderCell>
                <Table.HeaderCell>{t('logs.action')}</Table.HeaderCell>
                <Table.HeaderCell>{t('logs.target')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('logs.result')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('logs.ip')}</Table.HeaderCell>
                <Table.HeaderCell>{t('logs.detail')}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {page.list.length === 0 ? (
                <EmptyRow colSpan={7} text={t('common.empty')} testId="logs-empty" />
              ) : (
                page.list.map((row) => {
                  const detail = detailText(row.detail);
                  return (
                    <Table.Row key={row.id} data-testid="logs-row" data-log-id={row.id} data-action={row.action} data-result={row.result}>
                      <Table.Cell singleLine>{formatDateTime(row.at)}</Table.Cell>
                      <Table.Cell>{row.account ?? ''}</Table.Cell>
                      <Table.Cell>
                        <span title={row.action}>{actionName(row.action)}</span>
                      </Table.Cell>
                      <Table.Cell className="sf-cell-wrap">{row.target ?? ''}</Table.Cell>
                      <Table.Cell>
                        <Label size="tiny" color={RESULT_COLORS[row.result] ?? 'grey'} basic>
                          {RESULTS.includes(row.result) ? t(`logs.results.${row.result}`) : row.result}
                        </Label>
                      </Table.Cell>
                      <Table.Cell singleLine>{row.ip ?? ''}</Table.Cell>
                      <Table.Cell className="sf-cell-detail">
                        {detail ? (
                          <Popup wide="very" position="left center" trigger={<code className="sf-detail">{detail}</code>} content={<pre className="sf-detail-full">{JSON.stringify(row.detail, null, 2)}</pre>} />
                        ) : null}
                      </Table.Cell>
                    </Table.Row>
                  );
                })
              )}
            </Table.Body>
          </Table>
        </div>
        <Pager
          testId="logs-pager"
          total={page.total}
          current={current}
          size={size}
          onPage={setCurrent}
          onSize={setSize}
        />
      </Segment>
    </div>
  );
}
