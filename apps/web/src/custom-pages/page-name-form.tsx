import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button, Form } from 'semantic-ui-react';
import { PAGE_LIMITS, type PageNameInput, pageNameSchema } from '@schoolflow/contracts';
import { FieldError } from '../components/form-field.js';
import { firstMessage, namespacedMessage } from '../util/form-errors.js';
import { usePagesT } from './use-pages-t.js';

/** A page's name (new page, rename): the contract's schema here and again on the server. */
export function PageNameForm({ initial, onSave, onCancel, testId }: { initial: string; onSave: (name: string) => Promise<void>; onCancel: () => void; testId: string }) {
  const { pg } = usePagesT();
  const { register, handleSubmit, formState } = useForm<PageNameInput>({ defaultValues: { name: initial }, resolver: zodResolver(pageNameSchema) });
  const message = firstMessage(formState.errors.name);
  const save = handleSubmit(async ({ name }) => onSave(name));
  return (
    <Form className="sf-cp-name-form" onSubmit={() => void save()} data-testid={testId}>
      <Form.Group inline>
        <Form.Field required error={Boolean(message)}>
          <label htmlFor={`${testId}-name`}>{pg('manager.name')}</label>
          <input id={`${testId}-name`} data-testid={`${testId}-name`} maxLength={PAGE_LIMITS.nameMax + 10} {...register('name')} />
        </Form.Field>
        <Button type="submit" primary size="small" loading={formState.isSubmitting} content={pg('manager.save')} data-testid={`${testId}-save`} />
        <Button type="button" size="small" content={pg('manager.cancel')} onClick={onCancel} />
      </Form.Group>
      <FieldError testId={`${testId}-name`} error={message ? namespacedMessage(message) : undefined} />
    </Form>
  );
}
