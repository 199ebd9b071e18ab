import { useRef, useState } from 'react';
import { type FieldValues, type Path, type PathValue, useForm } from 'react-hook-form';
import type { ZodType } from 'zod';
import { translate } from '../../i18n/use-t.js';
import { type DraftCheck, draftResolver, flattenErrors } from './draft-check.js';
import { runAction } from './use-admin-lists.js';

export type { DraftCheck, FieldErrors } from './draft-check.js';

const NO_CHECK: DraftCheck<never> = { schema: undefined as unknown as ZodType, prepare: (d) => d };

/**
 * The draft of a form modal, held by react-hook-form: `open` it (its messages cleared), `set` a field, `close` it.
 * `submit` checks it with a shared zod schema (zodResolver): the messages are shown, or the checked data is posted
 * and, when that worked, the modal closes and `then` runs.
 */
export function useDraft<D extends FieldValues>() {
  const check = useRef<DraftCheck<D>>(NO_CHECK as DraftCheck<D>);
  const form = useForm<D>({ resolver: draftResolver(check) });
  const [isOpen, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const values = form.watch();
  const errors = flattenErrors(form.formState.errors);
  const set = <K extends keyof D & string>(k: K, v: D[K]) => form.setValue(k as unknown as Path<D>, v as PathValue<D, Path<D>>);
  return {
    draft: isOpen ? (values as D) : null,
    errors,
    saving,
    setSaving,
    open: (d: D) => {
      form.reset(d);
      setOpen(true);
    },
    set,
    /** Replaces the draft (a sub-form that edits several fields at once). */
    setDraft: (next: D | ((d: D) => D)) => {
      const d = typeof next === 'function' ? next(form.getValues()) : next;
      for (const k of Object.keys(d)) set(k, d[k] as D[keyof D & string]);
    },
    submit: (how: DraftCheck<D>, path: string, then: () => void, success = translate('admin.saved')): Promise<void> => {
      check.current = how;
      return form.handleSubmit(async (data) => {
        setSaving(true);
        const r = await runAction(path, data, success);
        setSaving(false);
        if (r.ok) {
          setOpen(false);
          then();
        }
      }, (errs) => how.invalid?.(flattenErrors(errs)))();
    },
    close: () => setOpen(false),
  };
}
