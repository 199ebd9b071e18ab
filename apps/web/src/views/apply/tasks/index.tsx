import { type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Icon, Popup } from 'semantic-ui-react';
import type { WorkflowTaskItem } from '@schoolflow/contracts';
import { newActionKey } from '../../../api/workflow-api.js';
import { ListCard, RowCheck, type Column } from '../../../components/list-page.js';
import { useViewPaging } from '../../../components/pager.js';
import { useT } from '../../../i18n/use-t.js';
import { textParam, useViewParam } from '../../../router/use-view-param.js';
import type { ViewProps } from '../../../router/view-props.js';
import { toast } from '../../../util/toast.js';
import { useDialogTarget } from '../../../util/use-disclosure.js';
import { useSelection } from '../../../util/use-selection.js';
import { ActionModal } from '../../../workflow/action-modal.js';
import { FlowKindSelect, requestColumns } from '../../../workflow/flow-columns.js';
import { detailPath, stateLabel } from '../../../workflow/labels.js';
import { type CommandInput, schoolTime } from '../../../workflow/flow-model.js';
import { useBatchCommand, useTaskQueue } from '../../../workflow/use-task-queue.js';
import { FLOWS } from '@schoolflow/workflows';

interface Pending {
  command: string;
  targets: WorkflowTaskItem[];
  /**
   * The action's key. The server keeps a key to the one instance it was first used on (another instance answers 422),
   * so each target is sent `${key}.${instance id}`: a retried batch repeats the same keys, two batches never share one.
   */
  key: string;
}

/** Stops a click inside a row's controls from opening the row. */
const stop = (e: MouseEvent) => e.stopPropagation();

/**
 * 审批待办 (apply/tasks): my review queue across flows, oldest first. Approve or reject one, or approve several
 * at the same step together. Items come and go live with `task.changed`.
 */
export default function TasksView({ active }: ViewProps) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const paging = useViewPaging();
  const { current, size, setCurrent } = paging;
  const { target: pending, open: openCommand, close: closeCommand } = useDialogTarget<Pending>();
  /** '' = every flow. */
  const [flow, setFlow] = useViewParam('kind', '', textParam);
  const queue = useTaskQueue({ current, size, ...(flow ? { flow } : {}) }, active);
  const batch = useBatchCommand();
  const { page } = queue;

  const rows = page.list;
  // the rows ticked: a row that left the queue (decided here or elsewhere) is no longer chosen
  const selection = useSelection(rows.map((r) => r.id));
  const chosen = rows.filter((r) => selection.has(r.id));
  // One flow and one state: the same state name in two flows is not the same step.
  const states = new Set(chosen.map((r) => `${r.flow}:${r.state}`));
  const sameState = chosen.length > 0 && states.size === 1;
  const batchable = sameState && chosen.every((r) => r.can.includes('APPROVE'));

  /** Sends the command to every target with the version shown; a lost race (409) is reported, not retried. */
  const send = async (command: string, input: CommandInput): Promise<boolean> => {
    if (!pending) return false;
    const { ok, failures } = await batch.mutateAsync({ command, comment: input.comment, targets: pending.targets, key: pending.key });
    if (pending.targets.length === 1) {
      if (ok === 1) toast.success(t('leaveAction.done'));
      else toast.error(failures[0] ?? t('http.requestFailed'));
    } else {
      if (ok > 0) toast.success(t('tasks.batchDone', { n: ok }));
      if (failures.length > 0) toast.error(t('tasks.batchFailed', { n: failures.length, msg: [...new Set(failures)].join('; ') }), 6000);
    }
    return ok > 0 || failures.length === pending.targets.length;
  };

  const open = (command: string, targets: WorkflowTaskItem[]) => {
    if (targets.length > 0 && targets.every((x) => FLOWS[x.flow]?.commandTypes.includes(command))) openCommand({ command, targets, key: newActionKey() });
  };

  const batchButton = (
    <Button
      primary
      size="small"
      disabled={!batchable}
      data-testid="task-batch-approve"
      onClick={() => open('APPROVE', chosen)}
    >
      <Icon name="check circle outline" /> {t('tasks.batchApprove')}
      {chosen.length > 0 ? <span className="sf-count-chip">{chosen.length}</span> : null}
    </Button>
  );

  const columns: Column<WorkflowTaskItem>[] = [
    {
      title: <RowCheck checked={selection.all} disabled={rows.length === 0} label={t('tasks.selectAll')} testId="task-select-all" onValue={selection.toggleAll} />,
      narrow: true,
      props: { onClick: stop },
      cell: (row) => <RowCheck checked={selection.has(row.id)} label={t('tasks.selectRow')} testId="task-select" onValue={(on) => selection.toggle(row.id, on)} />,
    },
    ...requestColumns<WorkflowTaskItem>(t, lang),
    { title: t('tasks.waitingSince'), narrow: true, props: { singleLine: true }, cell: (row) => schoolTime(row.assignedAt) },
    { title: t('tasks.state'), narrow: true, props: { singleLine: true }, cell: (row) => <span className="sf-state-chip">{stateLabel(row.state, lang)}</span> },
    {
      title: t('tasks.actions'),
      narrow: true,
      props: { singleLine: true, onClick: stop },
      cell: (row) => (
        <>
          {row.can.includes('APPROVE') ? (
            <Button size="mini" primary data-testid="task-approve" onClick={() => open('APPROVE', [row])}>
              {t('tasks.approve')}
            </Button>
          ) : null}
          {row.can.includes('REJECT') ? (
            <Button size="mini" negative basic data-testid="task-reject" onClick={() => open('REJECT', [row])}>
              {t('tasks.reject')}
            </Button>
          ) : null}
        </>
      ),
    },
  ];

  return (
    <div className="sf-page sf-tasks" data-testid="tasks-view">
      <ListCard
        testId="task"
        icon="tasks"
        title={t('tasks.title')}
        sub={<span className="sf-card-sub">{t('tasks.hint')}</span>}
        list={{ page, loading: queue.loading, reload: queue.reload, ...paging }}
        toolsClass="sf-card-tools"
        tools={
          <>
            <FlowKindSelect
              value={flow}
              testId="task-flow-filter"
              onChange={(f) => {
                setFlow(f);
                selection.clear();
                setCurrent(1); // a page beyond the filtered total would show nothing
              }}
            />
            {chosen.length > 0 && !sameState ? (
              <span className="sf-batch-hint warn" data-testid="task-batch-hint">
                <Icon name="info circle" />
                {t('tasks.batchHint')}
              </span>
            ) : (
              <span className="sf-batch-hint" data-testid="task-batch-hint">
                {chosen.length > 0 ? t('tasks.selected', { n: chosen.length }) : t('tasks.selectHint')}
              </span>
            )}
            {batchable || chosen.length === 0 ? batchButton : <Popup content={t('tasks.batchHint')} trigger={<span>{batchButton}</span>} />}
          </>
        }
        tableTestId="task-list"
        selectable
        columns={columns}
        rowProps={(row) => ({ className: 'sf-clickable', active: selection.has(row.id), 'data-state': row.state, 'data-version': row.version, onClick: () => void navigate(detailPath(row.flow, row.id)) })}
        emptyText={t('tasks.empty')}
        emptyIcon="coffee"
      />
      <ActionModal
        flow={pending ? FLOWS[pending.targets[0]?.flow ?? ''] : undefined}
        command={pending?.command ?? null}
        title={pending && pending.targets.length > 1 ? t('tasks.batchTitle', { n: pending.targets.length }) : undefined}
        testIds={{ modal: 'task-modal', comment: 'task-comment', submit: 'task-confirm', cancel: 'task-cancel' }}
        onSubmit={send}
        onClose={closeCommand}
      />
    </div>
  );
}
