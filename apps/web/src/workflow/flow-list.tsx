import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Icon, Segment, Table } from 'semantic-ui-react';
import type { Page, WorkflowListItem } from '@schoolflow/contracts';
import type { ReviewStatus } from '@schoolflow/workflows';
import { isCancelled, reportError } from '../api/http.js';
import { asPage, workflowApi } from '../api/workflow-api.js';
import { EmptyRow } from '../components/empty-state.js';
import { Pager, usePaging } from '../components/pager.js';
import { useT } from '../i18n/use-t.js';
import { useRealtime } from '../realtime/use-realtime.js';
import { FlowKindSelect, RequestCells } from './flow-columns.js';
import { detailPath, isReviewStatus, REVIEW_STATUSES, reviewLabel } from './labels.js';
import { schoolTime } from './flow-model.js';
import { StatusLabels } from './status-labels.js';

interface Props {
  scope: 'mine' | 'all';
  active: boolean;
  title: string;
}

/**
 * The applications of every flow as one table (我的申请 / 申请记录), with a kind and a status filter, kept current
 * by `workflow.transitioned` pushes.
 */
export function FlowList({ scope, active, title }: Props) {
  const { t } = useT();
  const navigate = useNavigate();
  const [status, setStatus] = useState<ReviewStatus | ''>('');
  const [flow, setFlow] = useState('');
  const { current, size, setCurrent, setSize } = usePaging();
  const [page, setPage] = useState<Page<WorkflowListItem>>({ total: 0, list: [] });
  const [loading, setLoading] = useState(false);
  const ctrl = useRef<AbortController | null>(null);

  const load = useCallback(
    async (quiet = false) => {
      ctrl.current?.abort();
      const c = new AbortController();
      ctrl.current = c;
      if (!quiet) setLoading(true);
      try {
        setPage(asPage(await workflowApi.listAll({ scope, current, size, status: status || undefined, flow: flow || undefined }, c.signal)));
      } catch (err) {
        if (isCancelled(err)) return;
        reportError(err);
        setPage({ total: 0, list: [] }); // a failed list empties the table (platform-shell §8)
      } finally {
        if (ctrl.current === c) setLoading(false);
      }
    },
    [scope, current, size, status, flow],
  );

  // Loads when shown and whenever the query changes; a hidden tab reloads when it comes back.
  useEffect(() => {
    if (active) void load();
  }, [active, load]);
  useEffect(() => () => ctrl.current?.abort(), []);

  const live = () => {
    if (active) void load(true);
  };
  useRealtime('workflow.transitioned', (p) => {
    if (!flow || p.flow === flow) live();
  }, live);

  return (
    <div className="sf-page sf-flow-list" data-testid={`flow-list-${scope}`}>
      <Segment className="sf-card" loading={loading}>
        <div className="sf-card-head">
          <h3 className="sf-card-title">
            <Icon name="list alternate outline" /> {title}
          </h3>
          <div className="sf-card-tools">
            <FlowKindSelect
              value={flow}
              testId="flow-list-kind"
              onChange={(f) => {
                setFlow(f);
                setCurrent(1);
              }}
            />
            <select
              className="ui compact dropdown"
              value={status}
              aria-label={t('leave.status')}
              data-testid="flow-list-status"
              onChange={(e) => {
                setStatus(isReviewStatus(e.target.value) ? e.target.value : '');
                setCurrent(1);
              }}
            >
              <option value="">{t('leave.filterAll')}</option>
              {REVIEW_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {reviewLabel(t, s)}
                </option>
              ))}
            </select>
            <Button basic size="small" icon="refresh" title={t('common.refresh')} aria-label={t('common.refresh')} onClick={() => void load()} data-testid="flow-list-refresh" />
          </div>
        </div>
        <div className="sf-table-wrap">
          <Table celled striped compact unstackable selectable className="sf-table" data-testid="flow-list">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{t('leave.student')}</Table.HeaderCell>
                <Table.HeaderCell>{t('leave.className')}</Table.HeaderCell>
                <Table.HeaderCell>{t('tasks.flow')}</Table.HeaderCell>
                <Table.HeaderCell>{t('workflow.period')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('leave.days')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('leave.status')}</Table.HeaderCell>
                <Table.HeaderCell>{t('leave.reviewers')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('leave.createdAt')}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {page.list.length === 0 ? (
                <EmptyRow colSpan={8} text={t('workflow.listEmpty')} testId="flow-list-empty" />
              ) : (
                page.list.map((row) => (
                  <Table.Row
                    key={row.id}
                    className="sf-clickable"
                    data-testid="flow-row"
                    data-flow={row.flow}
                    data-id={row.id}
                    data-state={row.state}
                    data-review={row.status.review}
                    data-version={row.version}
                    tabIndex={0}
                    onClick={() => void navigate(detailPath(row.flow, row.id))}
                    onKeyDown={(e: KeyboardEvent) => {
                      if (e.key === 'Enter') void navigate(detailPath(row.flow, row.id));
                    }}
                  >
                    <Table.Cell>
                      <div className="sf-strong">{row.student?.name ?? row.applicant.name}</div>
                      <div className="sf-sub">{row.student?.studentNo ?? ''}</div>
                    </Table.Cell>
                    <Table.Cell>{row.student?.className ?? ''}</Table.Cell>
                    <RequestCells flow={row.flow} form={row.form} />
                    <Table.Cell singleLine>
                      <StatusLabels status={row.status} testId="flow-row-status" />
                    </Table.Cell>
                    <Table.Cell>{row.assignees.map((a) => a.name).join(t('common.listSeparator'))}</Table.Cell>
                    <Table.Cell singleLine>{schoolTime(row.createdAt)}</Table.Cell>
                  </Table.Row>
                ))
              )}
            </Table.Body>
          </Table>
        </div>
        <Pager
          testId="flow-list-pager"
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
