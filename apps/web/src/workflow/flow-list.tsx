import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Page, WorkflowListItem } from '@schoolflow/contracts';
import type { ReviewStatus } from '@schoolflow/workflows';
import { asPage, workflowApi } from '../api/workflow-api.js';
import { ListCard, OptionList, useListLoad, type Column } from '../components/list-page.js';
import { usePaging } from '../components/pager.js';
import { useT } from '../i18n/use-t.js';
import { useRealtime } from '../realtime/use-realtime.js';
import { FlowKindSelect, requestColumns } from './flow-columns.js';
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
  const { t, lang } = useT();
  const navigate = useNavigate();
  const [status, setStatus] = useState<ReviewStatus | ''>('');
  const [flow, setFlow] = useState('');
  const paging = usePaging();
  const { current, size, setCurrent } = paging;
  const [page, setPage] = useState<Page<WorkflowListItem>>({ total: 0, list: [] });
  const { loading, run } = useListLoad();

  const load = useCallback(
    (quiet = false) =>
      run(
        async (signal) => setPage(asPage(await workflowApi.listAll({ scope, current, size, status: status || undefined, flow: flow || undefined }, signal))),
        () => setPage({ total: 0, list: [] }), // a failed list empties the table (docs/product/shell-and-sign-in.md#errors-and-reactions)
        quiet,
      ),
    [run, scope, current, size, status, flow],
  );

  // Loads when shown and whenever the query changes; a hidden tab reloads when it comes back.
  useEffect(() => {
    if (active) void load();
  }, [active, load]);

  const live = () => {
    if (active) void load(true);
  };
  useRealtime('workflow.transitioned', (p) => {
    if (!flow || p.flow === flow) live();
  }, live);

  const columns: Column<WorkflowListItem>[] = [
    ...requestColumns(t, lang),
    { title: t('leave.status'), narrow: true, props: { singleLine: true }, cell: (row) => <StatusLabels status={row.status} testId="flow-row-status" /> },
    { title: t('leave.reviewers'), cell: (row) => row.assignees.map((a) => a.name).join(t('common.listSeparator')) },
    { title: t('leave.createdAt'), narrow: true, props: { singleLine: true }, cell: (row) => schoolTime(row.createdAt) },
  ];
  const openRow = (row: WorkflowListItem) => void navigate(detailPath(row.flow, row.id));

  return (
    <div className="sf-page sf-flow-list" data-testid={`flow-list-${scope}`}>
      <ListCard
        testId="flow-list"
        icon="list alternate outline"
        title={title}
        list={{ page, loading, reload: () => void load(), ...paging }}
        toolsClass="sf-card-tools"
        tools={
          <>
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
              <OptionList empty={t('leave.filterAll')} options={REVIEW_STATUSES.map((s) => ({ value: s, text: reviewLabel(t, s) }))} />
            </select>
          </>
        }
        tableTestId="flow-list"
        selectable
        columns={columns}
        rowProps={(row) => ({
          className: 'sf-clickable',
          'data-testid': 'flow-row',
          'data-flow': row.flow,
          'data-state': row.state,
          'data-review': row.status.review,
          'data-version': row.version,
          tabIndex: 0,
          onClick: () => openRow(row),
          onKeyDown: (e: KeyboardEvent) => {
            if (e.key === 'Enter') openRow(row);
          },
        })}
        emptyText={t('workflow.listEmpty')}
      />
    </div>
  );
}
