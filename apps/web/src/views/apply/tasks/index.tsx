import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Icon, Popup, Segment, Table } from 'semantic-ui-react';
import { ErrorCode, type Page, type WorkflowTaskItem } from '@schoolflow/contracts';
import { ApiError, errorMessage, isCancelled, reportError } from '../../../api/http.js';
import { asPage, newActionKey, workflowApi } from '../../../api/workflow-api.js';
import { EmptyState } from '../../../components/empty-state.js';
import { Pager, usePaging } from '../../../components/pager.js';
import { useT } from '../../../i18n/use-t.js';
import { useRealtime } from '../../../realtime/use-realtime.js';
import type { ViewProps } from '../../../router/view-registry.js';
import { toast } from '../../../util/toast.js';
import { ActionModal } from '../../../workflow/action-modal.js';
import { FlowKindSelect, RequestCells } from '../../../workflow/flow-columns.js';
import { detailPath, stateLabel } from '../../../workflow/labels.js';
import { type CommandInput, schoolTime } from '../../../workflow/flow-model.js';
import { FLOWS } from '@schoolflow/workflows';

interface Pending {
  command: string;
  targets: WorkflowTaskItem[];
  /** The action's key, the same for each of its instances (a key is per instance on the server). */
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
  const { current, size, setCurrent, setSize } = usePaging();
  const [page, setPage] = useState<Page<WorkflowTaskItem>>({ total: 0, list: [] });
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<Pending | null>(null);
  /** '' = every flow. */
  const [flow, setFlow] = useState('');
  const ctrl = useRef<AbortController | null>(null);

  const load = useCallback(
    async (quiet = false) => {
      ctrl.current?.abort();
      const c = new AbortController();
      ctrl.current = c;
      if (!quiet) setLoading(true);
      try {
        const next = asPage(await workflowApi.tasks({ current, size, ...(flow ? { flow } : {}) }, c.signal));
        setPage(next);
        setSelected((s) => new Set([...s].filter((id) => next.list.some((r) => r.id === id))));
      } catch (err) {
        if (isCancelled(err)) return;
        reportError(err);
        setPage({ total: 0, list: [] });
      } finally {
        if (ctrl.current === c) setLoading(false);
      }
    },
    [current, size, flow],
  );

  useEffect(() => {
    if (active) void load();
  }, [active, load]);
  useEffect(() => () => ctrl.current?.abort(), []);

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

  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (on: boolean) => setSelected(on ? new Set(rows.map((r) => r.id)) : new Set());

  /** Sends the command to every target with the version shown; a lost race (409) is reported, not retried. */
  const send = async (command: string, input: CommandInput): Promise<boolean> => {
    if (!pending) return false;
    let ok = 0;
    const failures: string[] = [];
    for (const item of pending.targets) {
      try {
        await workflowApi.send(item.flow, item.id, { type: command, comment: input.comment }, item.version, pending.key);
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

  return (
    <div className="sf-page sf-tasks" data-testid="tasks-view">
      <Segment className="sf-card" loading={loading}>
        <div className="sf-card-head">
          <h3 className="sf-card-title">
            <Icon name="tasks" /> {t('tasks.title')}
            <span className="sf-card-sub">{t('tasks.hint')}</span>
          </h3>
          <div className="sf-card-tools">
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
            <Button basic size="small" icon="refresh" title={t('common.refresh')} aria-label={t('common.refresh')} onClick={() => void load()} data-testid="task-refresh" />
          </div>
        </div>
        <div className="sf-table-wrap">
          <Table celled striped compact unstackable selectable className="sf-table" data-testid="task-list">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell collapsing>
                  <input
                    type="checkbox"
                    className="sf-check"
                    checked={allChecked}
                    disabled={rows.length === 0}
                    aria-label={t('tasks.selectAll')}
                    data-testid="task-select-all"
                    onChange={(e) => toggleAll(e.target.checked)}
                  />
                </Table.HeaderCell>
                <Table.HeaderCell>{t('leave.student')}</Table.HeaderCell>
                <Table.HeaderCell>{t('leave.className')}</Table.HeaderCell>
                <Table.HeaderCell>{t('tasks.flow')}</Table.HeaderCell>
                <Table.HeaderCell>{t('workflow.period')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('leave.days')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('tasks.waitingSince')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('tasks.state')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('tasks.actions')}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.length === 0 ? (
                <Table.Row>
                  <Table.Cell colSpan={9}>
                    <EmptyState icon="coffee" text={t('tasks.empty')} testId="task-empty" />
                  </Table.Cell>
                </Table.Row>
              ) : (
                rows.map((row) => (
                  <Table.Row
                    key={row.id}
                    className="sf-clickable"
                    active={selected.has(row.id)}
                    data-testid="task-row"
                    data-id={row.id}
                    data-state={row.state}
                    data-version={row.version}
                    onClick={() => void navigate(detailPath(row.flow, row.id))}
                  >
                    <Table.Cell onClick={stop}>
                      <input
                        type="checkbox"
                        className="sf-check"
                        checked={selected.has(row.id)}
                        aria-label={t('tasks.selectRow')}
                        data-testid="task-select"
                        onChange={(e) => toggle(row.id, e.target.checked)}
                      />
                    </Table.Cell>
                    <Table.Cell>
                      <div className="sf-strong">{row.student?.name ?? row.applicant.name}</div>
                      <div className="sf-sub">{row.student?.studentNo ?? ''}</div>
                    </Table.Cell>
                    <Table.Cell>{row.student?.className ?? ''}</Table.Cell>
                    <RequestCells flow={row.flow} form={row.form} />
                    <Table.Cell singleLine>{schoolTime(row.assignedAt)}</Table.Cell>
                    <Table.Cell singleLine>
                      <span className="sf-state-chip">{stateLabel(row.state, lang)}</span>
                    </Table.Cell>
                    <Table.Cell singleLine onClick={stop}>
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
                    </Table.Cell>
                  </Table.Row>
                ))
              )}
            </Table.Body>
          </Table>
        </div>
        <Pager
          testId="task-pager"
          total={page.total}
          current={current}
          size={size}
          onPage={setCurrent}
          onSize={setSize}
        />
      </Segment>
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
