import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button, Form, Icon, Message, Modal } from 'semantic-ui-react';
import { COMMENT_MAX, parseSchoolTime } from '@schoolflow/contracts';
import { i18n } from '../i18n/i18n.js';
import { useT, type Translator } from '../i18n/use-t.js';
import type { FlowDefinition } from '@schoolflow/workflows';
import type { WorkflowAssignee } from '@schoolflow/contracts';
import { commandLabel } from './labels.js';
import { type CommandInput, localInput, schoolTime } from './flow-model.js';
import { CcInput, TransferInput } from './people-inputs.js';

export interface ActionTestIds {
  modal: string;
  comment: string;
  submit: string;
  cancel: string;
  returnedAt?: string;
}

interface Props {
  /** The flow whose command it is: its declaration says what the modal asks (a reason, a return time). */
  flow: FlowDefinition | undefined;
  /** The command being sent; null = closed. */
  command: string | null;
  /** Overrides the command's own title (e.g. a batch). */
  title?: string;
  /** The leave's bounds (ISO), for the return time of CANCEL_LEAVE. */
  leave?: { start: string; end: string };
  /** The one instance acted on (transfer and CC choose people for it). */
  instance?: { flow: string; id: string };
  testIds: ActionTestIds;
  /** The shared machine's verdict on the input: null, or a refusal key (`workflow.*`). */
  check?: (command: string, input: CommandInput) => string | null;
  /** Sends; resolves true when the modal may close. */
  onSubmit: (command: string, input: CommandInput) => Promise<boolean>;
  onClose: () => void;
}

/** A refusal key of the shared flow as a message: the web wording where it has one, else the server's. */
export function refusalText(key: string, t: Translator['t']): string {
  switch (key) {
    case 'workflow.rejectNeedsReason':
      return t('leaveAction.rejectNeedsReason');
    case 'workflow.returnOutsideLeave':
      return t('leaveAction.returnOutsideLeave');
    default:
      return i18n.t(key.replace(/^workflow\./, ''), { ns: 'workflow' });
  }
}

/**
 * Comment (and return time) for a workflow command. A rejection cannot be sent without a reason; a return time
 * must lie inside the leave; the machine has the last word before anything is sent.
 */
export function ActionModal(props: Props) {
  // another command is another form: its fields start empty (keyed, not cleared by an effect)
  return <CommandForm key={props.command ?? ''} {...props} />;
}

/** What the user types or picks for a command; the flow's declaration decides which of them it asks. */
interface CommandDraft {
  comment: string;
  /** The datetime-local input's text (browser local form), turned into school time when read. */
  returnedAt: string;
  toUserId: string;
  copied: WorkflowAssignee[];
}

const EMPTY_DRAFT: CommandDraft = { comment: '', returnedAt: '', toUserId: '', copied: [] };

function CommandForm({ flow, command, title, leave, instance, testIds, check, onSubmit, onClose }: Props) {
  const { t, lang } = useT();
  // No zod resolver: what is asked depends on the command's declaration, and its problems show (and block Send) as one
  // types, so they are derived from the watched fields below; the machine's `check` and then the server have the last word.
  const { control, register, handleSubmit, setError, formState } = useForm<CommandDraft>({ defaultValues: EMPTY_DRAFT });
  const [comment, returnedAt, toUserId, copied] = useWatch({ control, name: ['comment', 'returnedAt', 'toUserId', 'copied'] });
  const sending = formState.isSubmitting;
  const refusal = formState.errors.root?.refusal?.message;

  if (!command || !flow) return null;

  const ui = flow.commandUi(command);
  const trimmed = comment.trim();
  const needsReason = ui.reason === 'required';
  const needsReturn = ui.input === 'returnedAt';
  const returnText = returnedAt ? localInput.toSchool(returnedAt) : '';
  const returnAt = returnText ? parseSchoolTime(returnText) : null;
  const outside =
    needsReturn && leave && returnAt !== null && (returnAt < Date.parse(leave.start) || returnAt > Date.parse(leave.end));

  const problems: string[] = [];
  if (needsReason && trimmed === '') problems.push(t('leaveAction.rejectNeedsReason'));
  if (comment.length > COMMENT_MAX) problems.push(t('leaveAction.commentTooLong'));
  if (needsReturn && returnAt === null) problems.push(t('leaveAction.returnedAtRequired'));
  if (outside) problems.push(t('leaveAction.returnOutsideLeave'));
  const needsTarget = ui.input === 'transferTo' || ui.input === 'assignTo';
  const needsPeople = ui.input === 'ccUsers';
  if (needsTarget && toUserId === '') problems.push(t('leaveAction.transferPlaceholder'));
  if (needsPeople && copied.length === 0) problems.push(t('leaveAction.ccUsers'));
  const blocked = problems.length > 0;

  // A submit clears the root errors (the last refusal) before it runs.
  const send = handleSubmit(async () => {
    const input: CommandInput = {
      comment: trimmed || undefined,
      returnedAt: needsReturn ? returnText : undefined,
      toUserId: needsTarget ? toUserId : undefined,
      userIds: needsPeople ? copied.map((p) => p.id) : undefined,
    };
    const refused = check?.(command, input) ?? null;
    if (refused) {
      setError('root.refusal', { message: refusalText(refused, t) });
      return;
    }
    if (await onSubmit(command, input)) onClose();
  });
  const submit = () => {
    if (blocked || sending) return;
    void send();
  };

  return (
    <Modal open size="tiny" onClose={onClose} closeOnDimmerClick={!sending} data-testid={testIds.modal} data-command={command}>
      <Modal.Header>{title ?? commandLabel(command, 'title', lang, flow?.flow)}</Modal.Header>
      <Modal.Content>
        {command === 'WITHDRAW' ? <p className="sf-action-hint">{t('leaveAction.withdrawConfirm')}</p> : null}
        {command === 'APPROVE' && !title ? <p className="sf-action-hint">{t('leaveAction.approveHint')}</p> : null}
        {command === 'URGE' ? <p className="sf-action-hint">{t('leaveAction.urgeHint')}</p> : null}
        <Form onSubmit={submit}>
          {needsReturn ? (
            <Form.Field required error={Boolean(outside)}>
              <label htmlFor="action-returned-at">{t('leaveAction.returnedAt')}</label>
              <input
                id="action-returned-at"
                type="datetime-local"
                min={leave ? localInput.fromIso(leave.start) : undefined}
                max={leave ? localInput.fromIso(leave.end) : undefined}
                data-testid={testIds.returnedAt}
                {...register('returnedAt')}
              />
              {leave ? <div className="sf-field-hint">{t('leaveAction.returnedAtHint', { start: schoolTime(leave.start), end: schoolTime(leave.end) })}</div> : null}
            </Form.Field>
          ) : null}
          {needsTarget && instance ? <Controller control={control} name="toUserId" render={({ field }) => <TransferInput instance={instance} value={field.value} onChange={field.onChange} command={command} />} /> : null}
          {needsPeople && instance ? <Controller control={control} name="copied" render={({ field }) => <CcInput instance={instance} value={field.value} onChange={field.onChange} />} /> : null}
          <Form.Field required={needsReason} error={needsReason && trimmed === '' && comment !== ''}>
            <label htmlFor="action-comment">{needsReason ? t('leaveAction.commentRequired') : t('leaveAction.commentOptional')}</label>
            <textarea
              id="action-comment"
              rows={3}
              maxLength={COMMENT_MAX + 50}
              placeholder={t('leaveAction.commentPlaceholder')}
              data-testid={testIds.comment}
              {...register('comment')}
            />
          </Form.Field>
        </Form>
        {problems.length > 0 ? (
          <div className="sf-action-problems" data-testid={`${testIds.modal}-problems`}>
            {problems.map((p) => (
              <div key={p} className="sf-field-error">
                <Icon name="info circle" /> {p}
              </div>
            ))}
          </div>
        ) : null}
        {refusal ? (
          <Message negative size="small" data-testid={`${testIds.modal}-error`}>
            {refusal}
          </Message>
        ) : null}
      </Modal.Content>
      <Modal.Actions>
        <Button basic onClick={onClose} disabled={sending} data-testid={testIds.cancel}>
          {t('common.cancel')}
        </Button>
        <Button
          primary={ui.tone !== 'negative'}
          negative={ui.tone === 'negative'}
          disabled={blocked || sending}
          loading={sending}
          onClick={submit}
          data-testid={testIds.submit}
        >
          {t('leaveAction.submit')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
