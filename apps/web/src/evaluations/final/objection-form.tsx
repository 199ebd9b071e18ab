import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button, Form, Message } from 'semantic-ui-react';
import { OBJECTION_MAX } from '@schoolflow/contracts';
import { z } from 'zod';
import { errorMessage } from '../../api/http.js';
import { validationMessage } from '../../i18n/use-t.js';
import { firstMessage } from '../../util/form-errors.js';

const schema = z.object({ comment: z.string().trim().min(1, 'required').max(OBJECTION_MAX, 'validation.commentTooLong') });
type Values = z.infer<typeof schema>;

/** One text to send (an objection, an answer): required, at most OBJECTION_MAX characters; the server's refusal shown as it says it. */
export function ObjectionForm({ placeholder, required, send, onSend, testId }: { placeholder: string; required: string; send: string; onSend: (comment: string) => Promise<unknown>; testId: string }) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { comment: '' } });
  const error = firstMessage(form.formState.errors.comment);
  const submit = form.handleSubmit(async (v) => {
    try {
      await onSend(v.comment);
      form.reset({ comment: '' });
    } catch (err) {
      form.setError('root', { message: errorMessage(err) });
    }
  });
  return (
    <Form onSubmit={(e) => void submit(e)} data-testid={testId}>
      <Form.Field error={Boolean(error)}>
        <textarea rows={2} placeholder={placeholder} {...form.register('comment')} data-testid={`${testId}-text`} />
        {error ? <div className="sf-field-error">{error === 'required' ? required : validationMessage(error)}</div> : null}
      </Form.Field>
      {form.formState.errors.root ? <Message negative content={form.formState.errors.root.message} /> : null}
      <Button type="submit" size="small" primary loading={form.formState.isSubmitting} content={send} data-testid={`${testId}-send`} />
    </Form>
  );
}
