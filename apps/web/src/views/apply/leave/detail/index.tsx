import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Icon, Segment } from 'semantic-ui-react';
import { ErrorCode, type WorkflowInstanceView } from '@schoolflow/contracts';
import type { LeaveContext } from '@schoolflow/workflows';
import { ApiError, errorMessage, isCancelled, reportError } from '../../../../api/http.js';
import { newActionKey, workflowApi } from '../../../../api/workflow-api.js';
import { EmptyState } from '../../../../components/empty-state.js';
import { PageLoader } from '../../../../components/page-loader.js';
import { PictureUpload } from '../../../../components/picture-upload.js';
import { useT } from '../../../../i18n/use-t.js';
import { useRealtime } from '../../../../realtime/use-realtime.js';
import type { ViewProps } from '../../../../router/view-registry.js';
import { toast } from '../../../../util/toast.js';
import { ActionModal } from '../../../../workflow/action-modal.js';
import { commandLabel, commandTestId } from '../../../../workflow/labels.js';
import { FlowDiagram } from '../../../../workflow/flow-diagram.js';
import { HistoryTimeline } from '../../../../workflow/history-timeline.js';
import { leaveTypeLabel, stateLabel } from '../../../../workflow/labels.js';
import { leaveFlow } from '@schoolflow/workflows';
import { type CommandInput, refusalOf, schoolTime } from '../../../../workflow/flow-model.js';
import { useFlowInstance } from '../../../../workflow/use-flow-instance.js';
import { StatusLabels } from '../../../../workflow/status-labels.js';

const NO_RULES = { maxSizeKb: 0, types: [], limit: 0 } as const;

type Loaded = { kind: 'none' } | { kind: 'loading' } | { kind: 'missing'; message: string } | { kind: 'ready'; view: WorkflowInstanceView };

/** 申请详情 (apply/leave/detail?id=): the application, its flow, its history and what I may do now, live. */
export default function LeaveDetailView({ active }: ViewProps) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'none' });
  const [command, setCommand] = useState<string | null>(null);
  // One key per opened action: its resends (double click, retry) are answered once; a new opening is a new action.
  const actionKey = useMemo(() => (command ? newActionKey() : ''), [command]);
  const ctrl = useRef<AbortController | null>(null);
  const shownVersion = useRef(0);
  /** True while my own command is on its way: its push must not read as someone else's action. */
  const sending = useRef(false);

  const load = useCallback(
    async (quiet = false) => {
      ctrl.current?.abort();
      if (!id) {
        setLoaded({ kind: 'none' });
        return;
      }
      const c = new AbortController();
      ctrl.current = c;
      if (!quiet) setLoaded({ kind: 'loading' });
      try {
        const view = await workflowApi.one('leave', id, c.signal);
        shownVersion.current = view.version;
        setLoaded({ kind: 'ready', view });
      } catch (err) {
        if (isCancelled(err)) return;
        if (err instanceof ApiError && (err.code === ErrorCode.NOT_FOUND || err.code === ErrorCode.FORBIDDEN || err.code === ErrorCode.BAD_REQUEST)) {
          setLoaded({ kind: 'missing', message: t('leave.notFound') });
        } else {
          reportError(err);
          if (!quiet) setLoaded({ kind: 'missing', message: errorMessage(err) });
        }
      }
    },
    [id, t],
  );

  useEffect(() => {
    if (active) void load();
  }, [active, load]);
  useEffect(() => () => ctrl.current?.abort(), []);

  // Someone else acted: redraw at once, without a reload of the page.
  useRealtime(
    'workflow.transitioned',
    (p) => {
      if (!active || p.id !== id || p.version <= shownVersion.current || sending.current) return;
      void load(true);
    },
    () => {
      if (active) void load(true);
    },
  );

  const view = loaded.kind === 'ready' ? loaded.view : null;
  const { snapshot, offered } = useFlowInstance(leaveFlow, view);

  // The command being prepared is no longer possible (someone else acted, seen live): say so and close.
  useEffect(() => {
    if (command && view && !sending.current && !offered.includes(command)) {
      setCommand(null);
      toast.warning(t('leaveAction.conflict'));
    }
  }, [command, view, offered, t]);

  const check = (cmd: string, input: CommandInput): string | null => (view && snapshot ? refusalOf(leaveFlow, snapshot, view, cmd, input) : null);

  const send = async (cmd: string, input: CommandInput): Promise<boolean> => {
    if (!view) return false;
    sending.current = true;
    let close = true;
    try {
      const { msg } = await workflowApi.send('leave', view.id, { type: cmd, comment: input.comment, returnedAt: input.returnedAt }, view.version, actionKey);
      toast.success(msg || t('leaveAction.done'));
    } catch (err) {
      if (err instanceof ApiError && err.code === ErrorCode.CONFLICT) {
        toast.warning(err.message || t('leaveAction.conflict')); // someone acted first: show what they did
      } else {
        reportError(err);
        // 422 and the like: the user may correct the input; 403: it is not (or no longer) theirs.
        close = err instanceof ApiError && err.code === ErrorCode.FORBIDDEN;
      }
    }
    if (close) setCommand(null);
    sending.current = false;
    if (close) await load(true);
    return close;
  };

  if (!id) {
    return (
      <div className="sf-page" data-testid="leave-detail-none">
        <Segment className="sf-card">
          <EmptyState icon="file alternate outline" text={t('leave.noId')}>
            <Button basic primary onClick={() => void navigate(-1)}>
              {t('leave.backToList')}
            </Button>
          </EmptyState>
        </Segment>
      </div>
    );
  }
  if (loaded.kind === 'loading' || loaded.kind === 'none') return <PageLoader />;
  if (loaded.kind === 'missing') {
    return (
      <div className="sf-page" data-testid="leave-detail-missing">
        <Segment className="sf-card">
          <EmptyState icon="search" text={loaded.message} />
        </Segment>
      </div>
    );
  }

  const v = loaded.view;
  const ctx = v.context as unknown as LeaveContext; // the machine's context (WorkflowInstanceView.context)
  const form = v.form;
  const start = typeof form.start === 'string' ? form.start : ctx.start;
  const end = typeof form.end === 'string' ? form.end : ctx.end;
  const submittedAt = v.history.find((h) => h.type === 'SUBMIT')?.at ?? '';

  return (
    <div className="sf-page sf-leave-detail" data-testid="leave-detail" data-id={v.id} data-version={v.version} data-state={v.state}>
      <Segment className="sf-card sf-detail-head">
        <div className="sf-card-head">
          <h3 className="sf-card-title">
            <Icon name="file alternate outline" /> {t('leave.detailTitle')}
            <span className="sf-detail-student">{v.student ? t('leave.studentClass', { name: v.student.name, className: v.student.className }) : v.applicant.name}</span>
          </h3>
          <div className="sf-card-tools">
            <StatusLabels status={v.status} testId="leave-status" size="small" />
            {v.assignees.length > 0 ? (
              <span className="sf-detail-state" data-testid="leave-state">
                {stateLabel(v.state, lang)}
              </span>
            ) : null}
            <Button basic size="small" icon="refresh" title={t('common.refresh')} aria-label={t('common.refresh')} onClick={() => void load(true)} data-testid="leave-detail-refresh" />
          </div>
        </div>
        <dl className="sf-fields">
          <div>
            <dt>{t('leave.student')}</dt>
            <dd data-testid="leave-student">{v.student ? t('leave.studentValue', { name: v.student.name, no: v.student.studentNo }) : ''}</dd>
          </div>
          <div>
            <dt>{t('leave.className')}</dt>
            <dd>{v.student?.className ?? ''}</dd>
          </div>
          <div>
            <dt>{t('leave.applicant')}</dt>
            <dd>{v.applicant.name}</dd>
          </div>
          <div>
            <dt>{t('leave.type')}</dt>
            <dd data-testid="leave-type-value">{leaveTypeLabel(t, form.type)}</dd>
          </div>
          <div className="wide">
            <dt>{t('leave.period')}</dt>
            <dd data-testid="leave-period">{t('leave.periodValue', { start: schoolTime(start), end: schoolTime(end) })}</dd>
          </div>
          <div>
            <dt>{t('leave.duration')}</dt>
            <dd data-testid="leave-duration-value">{t('leave.durationValue', { hours: Number(form.durationHours) || 0, days: Number(form.durationDays) || 0 })}</dd>
          </div>
          <div>
            <dt>{t('leave.createdAt')}</dt>
            <dd>{schoolTime(submittedAt)}</dd>
          </div>
          {v.assignees.length > 0 ? (
            <div>
              <dt>{t('leave.reviewers')}</dt>
              <dd data-testid="leave-reviewers">{v.assignees.map((a) => a.name).join(t('common.listSeparator'))}</dd>
            </div>
          ) : null}
          <div className="full">
            <dt>{t('leave.reason')}</dt>
            <dd className="sf-pre" data-testid="leave-reason-value">
              {typeof form.reason === 'string' ? form.reason : ''}
            </dd>
          </div>
          <div className="full">
            <dt>{t('leave.attachments')}</dt>
            <dd>{v.attachments.length > 0 ? <PictureUpload value={v.attachments} onChange={() => undefined} rules={NO_RULES} testId="leave-attachments" disabled /> : t('leave.noAttachments')}</dd>
          </div>
        </dl>
      </Segment>

      <Segment className="sf-card">
        <h3 className="sf-card-title">
          <Icon name="sitemap" /> {t('workflow.flowTitle')}
        </h3>
        <FlowDiagram view={v} />
        <div className="sf-detail-actions" data-testid="leave-actions">
          {offered.length === 0 ? (
            <span className="sf-hint" data-testid="leave-no-actions">
              {t('leaveAction.noActions')}
            </span>
          ) : (
            offered.map((cmd) => {
              const ui = leaveFlow.commandUi(cmd);
              return (
                <Button
                  key={cmd}
                  primary={ui.tone === 'primary'}
                  negative={ui.tone === 'negative'}
                  basic={ui.tone === 'basic'}
                  data-testid={commandTestId(cmd)}
                  onClick={() => setCommand(cmd)}
                >
                  <Icon name={ui.icon} /> {commandLabel(cmd, 'button', lang)}
                </Button>
              );
            })
          )}
        </div>
      </Segment>

      <Segment className="sf-card">
        <h3 className="sf-card-title">
          <Icon name="history" /> {t('workflow.historyTitle')}
        </h3>
        <HistoryTimeline history={v.history} returnedAt={ctx.returnedAt} />
      </Segment>

      <ActionModal
        flow={leaveFlow}
        command={command}
        leave={{ start, end }}
        testIds={{ modal: 'action-modal', comment: 'action-comment', submit: 'action-submit', cancel: 'action-cancel', returnedAt: 'action-returned-at' }}
        check={check}
        onSubmit={send}
        onClose={() => setCommand(null)}
      />
    </div>
  );
}
