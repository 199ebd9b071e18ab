import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { WorkflowListItem } from '@schoolflow/contracts';
import { ListCard, OptionList, type Column } from '../components/list-page.js';
import { useViewPaging } from '../components/pager.js';
import { useT } from '../i18n/use-t.js';
import { textParam, useViewParam, filterParam } from '../router/use-view-param.js';
import { FlowKindSelect, requestColumns } from './flow-columns.js';
import { detailPath, isReviewStatus, REVIEW_STATUSES, reviewLabel } from './labels.js';
import { schoolTime } from './flow-model.js';
import { StatusLabels } from './status-labels.js';
import { useFlowList } from './use-flow-list.js';

/** A review status, or '' for all of them. */
const statusParam = filterParam(REVIEW_STATUSES);

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
  const [status, setStatus] = useViewParam('status', '', statusParam);
  const [flow, setFlow] = useViewParam('kind', '', textParam);
  const paging = useViewPaging();
  const { current, size, setCurrent } = paging;
  const { page, loading, reload } = useFlowList({ scope, current, size, status: status || undefined, flow: flow || undefined }, active);

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
        list={{ page, loading, reload, ...paging }}
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
