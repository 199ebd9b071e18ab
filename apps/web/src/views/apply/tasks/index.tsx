import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Icon, Popup } from 'semantic-ui-react';
import { ErrorCode, type Page, type WorkflowTaskItem } from '@schoolflow/contracts';
import { ApiError, errorMessage } from '../../../api/http.js';
import { asPage, newActionKey, workflowApi } from '../../../api/workflow-api.js';
import { ListCard, RowCheck, toggled, useListLoad, type Column } from '../../../components/list-page.js';
import { usePaging } from '../../../components/pager.js';
import { useT } from '../../../i18n/use-t.js';
import { useRealtime } from '../../../realtime/use-realtime.js';
import type { ViewProps } from '../../../router/view-props.js';
import { toast } from '../../../util/toast.js';
import { ActionModal } from '../../../workflow/action-modal.js';
import { FlowKindSelect, requestColumns } from '../../../workflow/flow-columns.js';
import { detailPath, stateLabel } from '../../../workflow/labels.js';
import { type CommandInput, schoolTime } from '../../../workflow/flow-model.js';
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
  const paging = usePaging();
  const { current, size, setCurrent } = paging;
  const [page, setPage] = useState<Page<WorkflowTaskItem>>({ total: 0, list: [] });
  const { loading, run } = useListLoad();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<Pending | null>(null);
  /** '' = every flow. */
  const [flow, setFlow] = useState('');

  const load = useCallback(
    (quiet = false) =>
      run(
        async (signal) => {
          const next = asPage(await workflowApi.tasks({ current, size, ...(flow ? { flow } : {}) }, signal));
          setPage(next);
          setSelected((s) => new Set([...s].filter((id) => next.list.some((r) => r.id === id))));
        },
        () => setPage({ total: 0, list: [] }),
        quiet,
      ),
    [run, current, size, flow],
  );

  useEffect(() => {
    if (active) void load();
  }, [active, load]);

  const drop = (id: string) => {
    setPage((p) => (p.list.some((r) => r.id === id) ? { total: Math.max(0, p.total - 1), list: p.list.filter((r) => r.id !== id) } : p));
    setSelected((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : s));
  };

  // An event that leaves the step as it is (an urge) still moves the instance's version: the row takes it, so an
  // approval from here does not meet a 409 for a change that decided nothing.
  useRealtime('workflow.transitioned', (p) => {
    setPage((pg) =>
      pg.list.some((r) => r.id === p.id && r.version < p.version)
        ? { ...pg, list: pg.list.map((r) => (r.id === p.id && r.version < p.version && r.state === p.state ? { ...r, version: p.version } : r)) }
        : pg,
    );
  });

  useRealtime(
    'task.changed',
    (p) => {
      if (p.action === 'removed') drop(p.id); // gone from my queue (handled here or elsewhere)
      else if (active) void load(true);
    },
    () => {
      if (active) void load(true);
    },
  );

  const rows = page.list;
  const chosen = rows.filter((r) => selected.has(r.id));
  // One flow and one state: the same state name in two flows is not the same step.
  const states = new Set(chosen.map((r) => `${r.flow}:${r.state}`));
  const sameState = chosen.length > 0 && states.size === 1;
  const batchable = sameState && chosen.every((r) => r.can.includes('APPROVE'));
  const allChecked = rows.length > 0 && rows.every((r) => selected.has(r.id));


  /** Sends the command to every target with the version shown; a lost race (409) is reported, not retried. */
  const send = async (command: string, input: CommandInput): Promise<boolean> => {
    if (!pending) return false;
    let ok = 0;
    const failures: string[] = [];
    for (const item of pending.targets) {
      try {
        await workflowApi.send(item.flow, item.id, { type: command, comment: input.comment }, item.version, `${pending.key}.${item.id}`);
        ok++;
        drop(item.id);
      } catch (err) {
        failures.push(errorMessage(err));
        if (err instanceof ApiError && err.code === ErrorCode.CONFLICT) drop(item.id);
      }
    }
    if (pending.targets.length === 1) {
      if (ok === 1) toast.success(t('leaveAction.done'));
      else toast.error(failures[0] ?? t('http.requestFailed'));
    } else {
      if (ok > 0) toast.success(t('tasks.batchDone', { n: ok }));
      if (failures.length > 0) toast.error(t('tasks.batchFailed', { n: failures.length, msg: [...new Set(failures)].join('; ') }), 6000);
    }
    void load(true);
    return ok > 0 || failures.length === pending.targets.length;
  };

  const open = (command: string, targets: WorkflowTaskItem[]) => {
    if (targets.length > 0 && targets.every((x) => FLOWS[x.flow]?.commandTypes.includes(command))) setPending({ command, targets, key: newActionKey() });
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
      title: <RowCheck checked={allChecked} disabled={rows.length === 0} label={t('tasks.selectAll')} testId="task-select-all" onValue={(on) => setSelected(on ? new Set(rows.map((r) => r.id)) : new Set())} />,
      narrow: true,
      props: { onClick: stop },
      cell: (row) => <RowCheck checked={selected.has(row.id)} label={t('tasks.selectRow')} testId="task-select" onValue={(on) => setSelected((s) => toggled(s, row.id, on))} />,
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
        list={{ page, loading, reload: () => void load(), ...paging }}
        toolsClass="sf-card-tools"
        tools={
          <>
            <FlowKindSelect
              value={flow}
              testId="task-flow-filter"
              onChange={(f) => {
                setFlow(f);
                setSelected(new Set());
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
        rowProps={(row) => ({ className: 'sf-clickable', active: selected.has(row.id), 'data-state': row.state, 'data-version': row.version, onClick: () => void navigate(detailPath(row.flow, row.id)) })}
        emptyText={t('tasks.empty')}
        emptyIcon="coffee"
      />
      <ActionModal
        flow={pending ? FLOWS[pending.targets[0]?.flow ?? ''] : undefined}
        command={pending?.command ?? null}
        title={pending && pending.targets.length > 1 ? t('tasks.batchTitle', { n: pending.targets.length }) : undefined}
        testIds={{ modal: 'task-modal', comment: 'task-comment', submit: 'task-confirm', cancel: 'task-cancel' }}
        onSubmit={send}
        onClose={() => setPending(null)}
      />
    </div>
  );
}
