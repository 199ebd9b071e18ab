import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button, Form, Segment } from 'semantic-ui-react';
import { EVENT_KINDS, type RegistrationEventInput, registrationEventInputSchema } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { firstMessage, namespacedMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { useCreateEvent } from './use-create-event.js';
import { useRegistrationsT } from './use-registrations-t.js';

const toSchool = (v: string) => v.replace('T', ' ');
const EMPTY: RegistrationEventInput = { kind: 'lecture', title: '', description: '', speaker: '', place: '', start: '', end: '', registrationStart: '', registrationEnd: '', capacity: 100 };
type Field = keyof RegistrationEventInput;

/**
 * 发布讲座/活动: kind, title, speaker, place, time, capacity and the registration window — the spec's rules checked by
 * the contract's schema here (registration not opening after the start; a lecture's closing before it) and again by
 * the server.
 */
export function EventForm({ onDone }: { onDone: () => void }) {
  const { r } = useRegistrationsT();
  const create = useCreateEvent();
  const { register, handleSubmit, formState } = useForm<RegistrationEventInput>({ defaultValues: EMPTY, resolver: zodResolver(registrationEventInputSchema) });
  const err = (f: Field) => {
    const m = firstMessage(formState.errors[f]);
    return m ? namespacedMessage(m) : undefined;
  };
  const save = handleSubmit(async (body) => {
    try {
      const { msg } = await create.mutateAsync(body);
      toast.success(msg || r('results.created'));
      onDone();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  const input = (f: Field, type = 'text') => (
    <Form.Field key={f}>
      <label htmlFor={`reg-${f}`}>{r(`fields.${f}` as 'fields.title')}</label>
      <input
        id={`reg-${f}`}
        type={type}
        data-testid={`reg-${f}`}
        {...register(f, type === 'number' ? { valueAsNumber: true } : type === 'datetime-local' ? { setValueAs: toSchool } : {})}
      />
      <FieldError testId={`reg-${f}-error`} error={err(f)} />
    </Form.Field>
  );
  return (
    <Segment data-testid="reg-form">
      <Form onSubmit={() => void save()}>
        <Form.Group widths="equal">
          <Form.Field>
            <label htmlFor="reg-kind">{r('fields.kind')}</label>
            <select id="reg-kind" className="ui dropdown" data-testid="reg-kind" {...register('kind')}>
              {EVENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {r(`kinds.${k}`)}
                </option>
              ))}
            </select>
          </Form.Field>
          {input('title')}
          {input('speaker')}
          {input('place')}
          {input('capacity', 'number')}
        </Form.Group>
        <Form.Group widths="equal">
          {input('start', 'datetime-local')}
          {input('end', 'datetime-local')}
          {input('registrationStart', 'datetime-local')}
          {input('registrationEnd', 'datetime-local')}
        </Form.Group>
        <Form.Field>
          <label htmlFor="reg-description">{r('fields.description')}</label>
          <textarea id="reg-description" rows={3} {...register('description')} />
        </Form.Field>
        <Button type="submit" primary size="small" loading={formState.isSubmitting} content={r('actions.create')} data-testid="reg-save" />
        <Button type="button" size="small" content={r('actions.close')} onClick={onDone} />
      </Form>
    </Segment>
  );
}
