import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button, Form, Modal } from 'semantic-ui-react';
import { type Language, placeholdersOf, type UiStringRow, uiStringValueSchema } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { fieldMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { useLanguagesT } from './use-languages-t.js';
import { useSaveOverride } from './use-save-override.js';

interface Values {
  value: string;
}
const resolver = zodResolver(uiStringValueSchema);

/**
 * 覆盖文字: one string's words in one language — the shipped words beside, the placeholders they must keep named; the
 * contract's schema checks the words here and the server checks them again (placeholders, a shipped key).
 */
export function OverrideForm({ lang, row, onClose }: { lang: Language; row: UiStringRow; onClose: () => void }) {
  const { l } = useLanguagesT();
  const save = useSaveOverride();
  const { register, handleSubmit, formState } = useForm<Values>({ defaultValues: { value: row.override ?? row.shipped }, resolver });
  const placeholders = placeholdersOf(row.shipped);
  const submit = handleSubmit(async ({ value }) => {
    try {
      const res = await save.mutateAsync({ lang, namespace: row.namespace, key: row.key, value });
      toast.success(res.msg || l('results.saved'));
      onClose();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  const error = fieldMessage(formState.errors.value);
  return (
    <Modal open size="small" onClose={onClose} data-testid="ui-string-form">
      <Modal.Header>{l('page.editTitle', { key: `${row.namespace}:${row.key}` })}</Modal.Header>
      <Modal.Content>
        <Form id="ui-string-form" onSubmit={() => void submit()}>
          <Form.Field>
            <label>{l('page.shipped')}</label>
            <div className="sf-ui-string-shipped" data-testid="ui-string-shipped">
              {row.shipped}
            </div>
          </Form.Field>
          <Form.Field required error={Boolean(error)}>
            <label htmlFor="ui-string-value">{l('page.override')}</label>
            <textarea id="ui-string-value" rows={3} data-testid="ui-string-value" {...register('value')} />
            {placeholders.length > 0 ? <div className="sf-hint">{l('page.placeholders', { list: placeholders.join(', ') })}</div> : null}
            <FieldError testId="ui-string-value" error={error} />
          </Form.Field>
        </Form>
      </Modal.Content>
      <Modal.Actions>
        <Button type="button" size="small" content={l('page.cancel')} onClick={onClose} />
        <Button type="submit" form="ui-string-form" primary size="small" loading={formState.isSubmitting} content={l('page.save')} data-testid="ui-string-save" />
      </Modal.Actions>
    </Modal>
  );
}
