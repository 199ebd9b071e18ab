import type { ComponentProps } from 'react';
import { type Control, type FieldPath, type FieldPathValue, type FieldValues, useController } from 'react-hook-form';
import { TextField } from '../../components/form-field.js';
import { translate, useT } from '../../i18n/use-t.js';
import { firstError } from './admin-resolver.js';
import { SelectField, TextAreaField, ToggleField } from './admin-kit.js';
import { runAction } from './use-admin-lists.js';

/** The administration's forms: react-hook-form on the shared zod schemas, with inputs bound to a form's fields. */
export { adminResolver, erroredFields, firstError } from './admin-resolver.js';


interface Bound<D extends FieldValues, O, N extends FieldPath<D>> {
  control: Control<D, unknown, O>;
  name: N;
}

/** A field's value, its setter, and its message translated (`validation.*` keys through the validation namespace). */
function useBound<D extends FieldValues, O, N extends FieldPath<D>>({ control, name }: Bound<D, O, N>) {
  const { tv } = useT();
  const { field, fieldState } = useController({ control, name });
  const message = firstError(fieldState.error);
  return { value: field.value as FieldPathValue<D, N>, onChange: field.onChange as (v: FieldPathValue<D, N>) => void, error: message ? tv(message) : undefined };
}

type Without<P> = Omit<P, 'value' | 'onValue' | 'error' | 'checked'>;

/**
 * A text input bound to a text field of the form (`parse` turns the typed text into the field's value, e.g. upper
 * case; `fallbackError` is shown while the form has no message of its own for the field, e.g. a check as one types).
 */
export function FormText<D extends FieldValues, O, N extends FieldPath<D>>({ control, name, parse, fallbackError, ...rest }: Bound<D, O, N> & Without<ComponentProps<typeof TextField>> & { parse?: (v: string) => FieldPathValue<D, N>; fallbackError?: string }) {
  const b = useBound({ control, name });
  return <TextField {...rest} value={String(b.value ?? '')} error={b.error ?? fallbackError} onValue={(v) => b.onChange(parse ? parse(v) : (v as FieldPathValue<D, N>))} />;
}

/** A textarea bound to a text field of the form. */
export function FormTextArea<D extends FieldValues, O, N extends FieldPath<D>>({ control, name, ...rest }: Bound<D, O, N> & Without<ComponentProps<typeof TextAreaField>>) {
  const b = useBound({ control, name });
  return <TextAreaField {...rest} value={String(b.value ?? '')} error={b.error} onValue={(v) => b.onChange(v as FieldPathValue<D, N>)} />;
}

/** A native select bound to a field of the form (`parse` narrows the chosen text to the field's values). */
export function FormSelect<D extends FieldValues, O, N extends FieldPath<D>>({ control, name, parse, ...rest }: Bound<D, O, N> & Without<ComponentProps<typeof SelectField>> & { parse?: (v: string) => FieldPathValue<D, N> }) {
  const b = useBound({ control, name });
  return <SelectField {...rest} value={String(b.value ?? '')} error={b.error} onValue={(v) => b.onChange(parse ? parse(v) : (v as FieldPathValue<D, N>))} />;
}

/** A toggle bound to a yes/no field of the form. */
export function FormToggle<D extends FieldValues, O, N extends FieldPath<D>>({ control, name, ...rest }: Bound<D, O, N> & Without<ComponentProps<typeof ToggleField>>) {
  const b = useBound({ control, name });
  return <ToggleField {...rest} checked={Boolean(b.value)} onValue={(v) => b.onChange(v as FieldPathValue<D, N>)} />;
}

/** Posts a form's checked body (a toast `success` when it worked, the server's message when not); when it worked, runs `then`. */
export async function postForm(path: string, body: unknown, then: () => void, success: string = translate('admin.saved')): Promise<void> {
  if ((await runAction(path, body, success)).ok) then();
}
