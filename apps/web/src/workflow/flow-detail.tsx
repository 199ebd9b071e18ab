import { type ReactNode, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Icon, Segment } from 'semantic-ui-react';
import { ErrorCode, verifyPage, type WorkflowInstanceView } from '@schoolflow/contracts';
import type { FlowDefinition } from '@schoolflow/workflows';
import { ApiError, errorMessage, reportError } from '../api/http.js';
import { EmptyState } from '../components/empty-state.js';
import { PageLoader } from '../components/page-loader.js';
import type { Language } from '@schoolflow/contracts';
import { useT } from '../i18n/use-t.js';
import { toast } from '../util/toast.js';
import { useDialogTarget } from '../util/use-disclosure.js';
import { ActionModal } from './action-modal.js';
import { FlowDiagram } from './flow-diagram.js';
import { type CommandInput, refusalOf, schoolTime } from './flow-model.js';
import { HistoryTimeline } from './history-timeline.js';
import { commandLabel, commandTestId, flowLabel, labelByKey, stateLabel } from './labels.js';
import { StatusLabels } from './status-labels.js';
import { useCertificateDownload } from './use-certificate-download.js';
import { useFlowInstance } from './use-flow-instance.js';
import { isLostRace, isMissingInstance, useActionKey, useWorkflowCommand, useWorkflowInstance } from './use-workflow-instance.js';

/** A flow's page title (`flow.{flow}.title`), or its name in the lists for a flow without a form page of its own (grade confirmation). */
function flowTitle(flow: string, lang: Language): string {
  const key = `flow.${flow}.title`;
  const title = labelByKey(key, lang);
  return title === key ? flowLabel(flow, lang) : title;
}

/** What a flow shows of its form on the detail page (the kit's `DeclaredFields`, or a flow's own). */
export type FieldsSection = (props: { view: WorkflowInstanceView; lang: Language }) => ReactNode;

interface Props {
  def: FlowDefinition;
  active: boolean;
  Fields: FieldsSection;
}

/**
 * 申请详情 of every flow (apply/{flow}/detail?id=): the application, its flow drawn from the machine, its history and
 * what I may do now — offered by the flow's machine restored from the server's snapshot — kept live by the pushes.
 * Test ids start with the flow's name (`leave-detail`, `travel-detail`).
 */
export function FlowDetail({ def, active, Fields }: Props) {
  const flow = def.flow;
  const { t, lang } = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { target: command, open: openCommand, close: closeCommand } = useDialogTarget<string>();
  const actionKey = useActionKey(command);
  /**
   * The command I sent from the open form, from its sending until another is opened: the version it makes is mine and
   * must not read as someone else's action. Not cleared when the send returns: the instance read again by then reaches
   * the page in a render of its own (the query's notification), which may come before the one that closes the form.
   */
  const sent = useRef<string | null>(null);
  const open = (cmd: string) => {
    sent.current = null;
    openCommand(cmd);
  };
  const instance = useWorkflowInstance(flow, id, { enabled: active, quiet: 'missing' });
  const send = useWorkflowCommand(flow);
  const reload = () => void instance.refetch();

  const view = instance.data ?? null;
  const { snapshot, offered } = useFlowInstance(def, view);

  // The command being prepared is no longer possible (someone else acted, seen live): say so and close.
  useEffect(() => {
    if (command && view && sent.current !== command && !offered.includes(command)) {
      closeCommand();
      toast.warning(t('leaveAction.conflict'));
    }
  }, [command, view, offered, t, closeCommand]);

  const check = (cmd: string, input: CommandInput): string | null => (view && snapshot ? refusalOf(def, snapshot, view, cmd, input) : null);

  const submit = async (cmd: string, input: CommandInput): Promise<boolean> => {
    if (!view) return false;
    sent.current = cmd;
    let close = true;
    try {
      const extra = { returnedAt: input.returnedAt, toUserId: input.toUserId, userIds: input.userIds };
      const msg = await send.mutateAsync({ id: view.id, type: cmd, comment: input.comment, extra, version: view.version, key: actionKey });
      toast.success(msg || t('leaveAction.done'));
    } catch (err) {
      if (isLostRace(err)) {
        toast.warning(err.message || t('leaveAction.conflict')); // someone acted first: show what they did
      } else {
        reportError(err);
        // 422 and the like: the user may correct the input; 403: it is not (or no longer) theirs.
        close = err instanceof ApiError && err.code === ErrorCode.FORBIDDEN;
      }
    }
    // the command's hook has read the instance again by now (whatever the answer); what changes from here on while the
    // form stays open (a refusal to correct) is someone else's doing
    if (close) closeCommand();
    else sent.current = null;
    return close;
  };

  if (!id) {
    return (
      <div className="sf-page" data-testid={`${flow}-detail-none`}>
        <Segment className="sf-card">
          <EmptyState icon="file alternate outline" text={t('workflow.detail.noId')}>
            <Button basic primary onClick={() => void navigate(-1)}>
              {t('workflow.detail.backToList')}
            </Button>
          </EmptyState>
        </Segment>
      </div>
    );
  }
  if (!view) {
    if (!instance.isError) return <PageLoader />;
    const message = isMissingInstance(instance.error) ? t('workflow.detail.notFound') : errorMessage(instance.error);
    return (
      <div className="sf-page" data-testid={`${flow}-detail-missing`}>
        <Segment className="sf-card">
          <EmptyState icon="search" text={message} />
        </Segment>
      </div>
    );
  }

  const v = view;
  const form = v.form;
  const bounds = typeof form.start === 'string' && typeof form.end === 'string' ? { start: form.start, end: form.end } : undefined;
  const returnedAt = (v.context as { returnedAt?: string | null }).returnedAt ?? null;
  const submittedAt = v.history.find((h) => h.type === def.startEvent)?.at ?? '';

  return (
    <div className={`sf-page sf-flow-detail sf-${flow}-detail`} data-testid={`${flow}-detail`} data-id={v.id} data-version={v.version} data-state={v.state}>
      <Segment className="sf-card sf-detail-head">
        <div className="sf-card-head">
          <h3 className="sf-card-title">
            <Icon name="file alternate outline" /> {flowTitle(flow, lang)}
            <span className="sf-detail-student">{v.student ? `${v.student.name} · ${v.student.className}` : v.applicant.name}</span>
          </h3>
          <div className="sf-card-tools">
            <StatusLabels status={v.status} testId={`${flow}-status`} size="small" />
            {v.assignees.length > 0 ? (
              <span className="sf-detail-state" data-testid={`${flow}-state`}>
                {stateLabel(v.state, lang)}
              </span>
            ) : null}
            <Button basic size="small" icon="refresh" title={t('common.refresh')} aria-label={t('common.refresh')} onClick={reload} data-testid={`${flow}-detail-refresh`} />
          </div>
        </div>
        <dl className="sf-fields">
          {v.student ? (
            <>
              <div>
                <dt>{t('workflow.detail.student')}</dt>
                <dd data-testid={`${flow}-student`}>{t('workflow.detail.studentValue', { name: v.student.name, no: v.student.studentNo })}</dd>
              </div>
              <div>
                <dt>{t('workflow.detail.className')}</dt>
                <dd>{v.student.className}</dd>
              </div>
            </>
          ) : null}
          <div>
            <dt>{t('workflow.detail.applicant')}</dt>
            <dd>{v.applicant.name}</dd>
          </div>
          <div>
            <dt>{t('workflow.detail.createdAt')}</dt>
            <dd>{schoolTime(submittedAt)}</dd>
          </div>
          {v.assignees.length > 0 ? (
            <div>
              <dt>{t('workflow.detail.reviewers')}</dt>
              <dd data-testid={`${flow}-reviewers`}>{v.assignees.map((a) => a.name).join(t('common.listSeparator'))}</dd>
            </div>
          ) : null}
          <Fields view={v} lang={lang} />
        </dl>
      </Segment>

      <Segment className="sf-card">
        <h3 className="sf-card-title">
          <Icon name="sitemap" /> {t('workflow.flowTitle')}
        </h3>
        <FlowDiagram view={v} />
        <div className="sf-detail-actions" data-testid={`${flow}-actions`}>
          {offered.length === 0 ? (
            <span className="sf-hint" data-testid={`${flow}-no-actions`}>
              {t('leaveAction.noActions')}
            </span>
          ) : (
            offered.map((cmd) => {
              const ui = def.commandUi(cmd);
              return (
                <Button
                  key={cmd}
                  size={ui.secondary ? 'small' : undefined}
                  className={ui.secondary ? 'sf-secondary-action' : undefined}
                  primary={ui.tone === 'primary'}
                  negative={ui.tone === 'negative'}
                  basic={ui.tone === 'basic'}
                  data-testid={commandTestId(cmd)}
                  onClick={() => open(cmd)}
                >
                  <Icon name={ui.icon} /> {commandLabel(cmd, 'button', lang, flow)}
                </Button>
              );
            })
          )}
        </div>
      </Segment>

      {v.certificate ? <CertificateSection flow={flow} id={v.id} code={v.certificate.code} /> : null}

      <Segment className="sf-card">
        <h3 className="sf-card-title">
          <Icon name="history" /> {t('workflow.historyTitle')}
        </h3>
        <HistoryTimeline history={v.history} returnedAt={returnedAt} flow={flow} />
      </Segment>

      <ActionModal
        flow={def}
        command={command}
        leave={bounds}
        instance={{ flow, id: v.id }}
        testIds={{ modal: 'action-modal', comment: 'action-comment', submit: 'action-submit', cancel: 'action-cancel', returnedAt: 'action-returned-at' }}
        check={check}
        onSubmit={submit}
        onClose={closeCommand}
      />
    </div>
  );
}

/** A passed proof's certificate: its verification code, the PDF (fetched with the session's token) and where to check it. */
function CertificateSection({ flow, id, code }: { flow: string; id: string; code: string }) {
  const { t, lang } = useT();
  const download = useCertificateDownload();
  const busy = download.isPending;
  return (
    <Segment className="sf-card" data-testid={`${flow}-certificate`}>
      <h3 className="sf-card-title">
        <Icon name="certificate" /> {t('workflow.certificate.title')}
      </h3>
      <div className="sf-certificate">
        <dl className="sf-fields">
          <div>
            <dt>{t('workflow.certificate.code')}</dt>
            <dd className="sf-certificate-code" data-testid={`${flow}-certificate-code`}>
              {code}
            </dd>
          </div>
        </dl>
        <Button primary icon="download" content={t('workflow.certificate.download')} loading={busy} disabled={busy} onClick={() => download.mutate({ flow, id, name: `${labelByKey(`flow.${flow}.title`, lang)}-${code}.pdf` })} data-testid={`${flow}-certificate-download`} />
        <a href={verifyPage(code)} target="_blank" rel="noreferrer">
          <Icon name="external" /> {t('workflow.certificate.verify')}
        </a>
      </div>
    </Segment>
  );
}
