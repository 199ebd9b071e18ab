import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button, Form, Label, List, Message, Segment } from 'semantic-ui-react';
import { type FeedbackDetail, FEEDBACK_LIMITS, feedbackNoteSchema, feedbackReopenSchema, type FeedbackReopenInput, type FeedbackReplyInput, feedbackReplySchema, type FeedbackState } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { AuthImage } from '../components/auth-image.js';
import { FieldError } from '../components/form-field.js';
import { PageLoader } from '../components/page-loader.js';
import { firstMessage, namespacedMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { useDisclosure } from '../util/use-disclosure.js';
import { useCloseFeedback } from './use-close-feedback.js';
import { useFeedback } from './use-feedback.js';
import { useFeedbackT } from './use-feedback-t.js';
import { useReopenFeedback } from './use-reopen-feedback.js';
import { useReplyFeedback } from './use-reply-feedback.js';
import { useTakeFeedback } from './use-take-feedback.js';

export const STATE_COLOURS: Record<FeedbackState, 'blue' | 'orange' | 'green' | 'grey'> = { submitted: 'blue', in_progress: 'orange', replied: 'green', closed: 'grey' };

export function StateLabel({ state }: { state: FeedbackState }) {
  const { f } = useFeedbackT();
  return (
    <Label size="tiny" color={STATE_COLOURS[state]} data-testid="feedback-state" data-state={state}>
      {f(`states.${state}`)}
    </Label>
  );
}

/**
 * One feedback: its content, pictures and history, and what the reader may do next — a handler takes it, replies
 * and closes it; its submitter closes it or re-opens it once with a note. The server decides again.
 */
export function FeedbackDetailPanel({ id, handler, onBack }: { id: string; handler: boolean; onBack: () => void }) {
  const { f, lang } = useFeedbackT();
  const detail = useFeedback(id);
  const take = useTakeFeedback();
  if (!detail.data) return detail.isError ? <Message negative content={errorMessage(detail.error)} /> : <PageLoader />;
  const d = detail.data;
  const open = d.state === 'submitted' || d.state === 'in_progress';
  const onTake = () => take.mutate(d.id, { onSuccess: (res) => toast.success(res.msg || f('results.taken')), onError: (e) => toast.error(errorMessage(e)) });
  return (
    <Segment data-testid="feedback-detail" data-id={d.id} data-state={d.state}>
      <Button basic size="mini" icon="arrow left" content={f('page.back')} onClick={onBack} data-testid="feedback-back" />
      <h3>
        {d.title} <StateLabel state={d.state} />
      </h3>
      <p className="sf-hint">
        {[
          f('meta', { label: f('fields.category'), value: d.categoryName[lang] }),
          f('meta', { label: f('fields.submitter'), value: d.submitterName ?? f('anonymous') }),
          f('meta', { label: f('fields.createdAt'), value: d.createdAt }),
          ...(d.handlerName ? [f('meta', { label: f('fields.handler'), value: d.handlerName })] : []),
        ].join(' · ')}
      </p>
      <p className="sf-pre-wrap" data-testid="feedback-detail-content">
        {d.content}
      </p>
      {d.pictures.length > 0 ? (
        <div className="sf-pictures">
          {d.pictures.map((p) => (
            <div key={p.resId} className="sf-picture">
              <AuthImage resId={p.resId} alt={`${p.resName}${p.resSuffix}`} className="sf-picture-img" />
            </div>
          ))}
        </div>
      ) : null}
      <List divided relaxed data-testid="feedback-entries">
        {d.entries.map((e, i) => (
          <List.Item key={i} data-testid="feedback-entry" data-kind={e.kind}>
            <List.Content>
              <List.Header>
                {e.actorName ?? f('anonymous')} <span className="sf-hint">{`${f(`entries.${e.kind}`)} · ${e.at}`}</span>
              </List.Header>
              {e.text ? <List.Description className="sf-pre-wrap">{e.text}</List.Description> : null}
            </List.Content>
          </List.Item>
        ))}
      </List>
      {handler && d.state === 'submitted' ? <Button primary size="small" loading={take.isPending} content={f('actions.take')} onClick={onTake} data-testid="feedback-take" /> : null}
      {handler && open ? <ReplyForm detail={d} /> : null}
      {(handler || d.mine) && d.state !== 'closed' ? <CloseForm detail={d} /> : null}
      {d.mine && d.reopenable ? <ReopenForm detail={d} /> : null}
    </Segment>
  );
}

function useFieldError() {
  return (error: unknown) => {
    const m = firstMessage(error);
    return m ? namespacedMessage(m) : undefined;
  };
}

/** 回复 (≤ 1000): the submitter is told at once by a bell message. */
function ReplyForm({ detail }: { detail: FeedbackDetail }) {
  const { f } = useFeedbackT();
  const reply = useReplyFeedback();
  const err = useFieldError();
  const { register, handleSubmit, formState, control } = useForm<FeedbackReplyInput>({ defaultValues: { content: '' }, resolver: zodResolver(feedbackReplySchema) });
  const content = useWatch({ control, name: 'content' });
  const save = handleSubmit(async (body) => {
    try {
      const res = await reply.mutateAsync({ id: detail.id, body });
      toast.success(res.msg || f('results.replied'));
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  return (
    <Form onSubmit={() => void save()} data-testid="feedback-reply-form">
      <Form.Field required error={Boolean(err(formState.errors.content))}>
        <label htmlFor="feedback-reply">{f('fields.reply')}</label>
        <textarea id="feedback-reply" rows={4} data-testid="feedback-reply" {...register('content')} />
        <div className="sf-hint">{f('count', { n: content.length, max: FEEDBACK_LIMITS.replyMax })}</div>
        <FieldError testId="feedback-reply" error={err(formState.errors.content)} />
      </Form.Field>
      <Button type="submit" primary size="small" loading={formState.isSubmitting} content={f('actions.reply')} data-testid="feedback-reply-save" />
    </Form>
  );
}

/** 关闭反馈 with an optional note. */
function CloseForm({ detail }: { detail: FeedbackDetail }) {
  const { f } = useFeedbackT();
  const close = useCloseFeedback();
  const err = useFieldError();
  const form = useDisclosure();
  const { register, handleSubmit, formState } = useForm({ defaultValues: { note: '' }, resolver: zodResolver(feedbackNoteSchema) });
  const save = handleSubmit(async (body) => {
    try {
      const res = await close.mutateAsync({ id: detail.id, note: body.note });
      toast.success(res.msg || f('results.closed'));
      form.close();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  if (!form.opened) return <Button basic size="small" content={f('actions.close')} onClick={form.open} data-testid="feedback-close" />;
  return (
    <Form onSubmit={() => void save()} data-testid="feedback-close-form">
      <Form.Field error={Boolean(err(formState.errors.note))}>
        <label htmlFor="feedback-close-note">{f('hints.closeNote')}</label>
        <input id="feedback-close-note" data-testid="feedback-close-note" {...register('note')} />
        <FieldError testId="feedback-close" error={err(formState.errors.note)} />
      </Form.Field>
      <Button type="submit" size="small" loading={formState.isSubmitting} content={f('actions.close')} data-testid="feedback-close-save" />
      <Button type="button" size="small" basic content={f('actions.cancel')} onClick={form.close} />
    </Form>
  );
}

/** 重新打开, once, with why. */
function ReopenForm({ detail }: { detail: FeedbackDetail }) {
  const { f } = useFeedbackT();
  const reopen = useReopenFeedback();
  const err = useFieldError();
  const { register, handleSubmit, formState } = useForm<FeedbackReopenInput>({ defaultValues: { note: '' }, resolver: zodResolver(feedbackReopenSchema) });
  const save = handleSubmit(async (body) => {
    try {
      const res = await reopen.mutateAsync({ id: detail.id, body });
      toast.success(res.msg || f('results.reopened'));
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  return (
    <Form onSubmit={() => void save()} data-testid="feedback-reopen-form">
      <Form.Field error={Boolean(err(formState.errors.note))}>
        <label htmlFor="feedback-reopen-note">{f('hints.reopenOnce')}</label>
        <input id="feedback-reopen-note" placeholder={f('hints.reopenNote')} data-testid="feedback-reopen-note" {...register('note')} />
        <FieldError testId="feedback-reopen" error={err(formState.errors.note)} />
      </Form.Field>
      <Button type="submit" size="small" loading={formState.isSubmitting} content={f('actions.reopen')} data-testid="feedback-reopen-save" />
    </Form>
  );
}
