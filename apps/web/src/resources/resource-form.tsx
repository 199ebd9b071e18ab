import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { Loader, Message } from 'semantic-ui-react';
import { bodySchema, refs, writableFields, type FieldDef, type ResourceDef } from '@schoolflow/contracts';
import { ApiError, errorMessage, isCancelled, reportError } from '../api/http.js';
import { useT } from '../i18n/use-t.js';
import { toast } from '../util/toast.js';
import { FormModal } from '../views/ms/admin-kit.js';
import { ChildrenTable } from './children-table.js';
import { firstMessage } from '../util/form-errors.js';
import { FieldInput } from './field-input.js';
import { fieldLabel, formDraft, issueText, resourceTitle, serverField, type Draft } from './resource-format.js';
import { useResourceRecord } from './use-resource-record.js';
import { useSaveResource } from './use-save-resource.js';

/** A record with more fields than this lays them out in two columns. */
const ONE_COLUMN_MAX = 8;

export type FormTarget = { mode: 'create'; prefill?: Draft } | { mode: 'update'; id: string };

interface Props {
  def: ResourceDef;
  target: FormTarget;
  /** The admission page: a new student's number may be left to the enrollment batch. */
  admission: boolean;
  onClose: () => void;
}

/** The fields the form shows, in order: the declaration's, the batch first on the admission page. */
function shownFields(def: ResourceDef, mode: 'create' | 'update', admission: boolean): [string, FieldDef][] {
  const fields = writableFields(def, mode);
  if (!admission) return fields;
  const batch = fields.filter(([n]) => n === 'enrollmentBatchId');
  return [...batch, ...fields.filter(([n]) => n !== 'enrollmentBatchId')];
}

/**
 * The one form of every resource: a modal with an input per writable field (create-only ones when creating), the
 * record's nested lists and linked ids, checked on save by the declaration's body schema — the one the API checks
 * with — and its refusals said with the field's label. The API's own refusal shows as a toast, and under its field
 * when it names one.
 */
export function ResourceForm({ def, target, admission, onClose }: Props) {
  const { t } = useT();
  const id = target.mode === 'update' ? target.id : null;
  const record = useResourceRecord(def.name, id);
  const title = resourceTitle(def, admission);
  const modalTitle = target.mode === 'create' ? t('resourceKit.createTitle', { title }) : t('resourceKit.editTitle', { title });
  const long = writableFields(def, target.mode).length > ONE_COLUMN_MAX;

  if (target.mode === 'update' && !record.data) {
    return (
      <FormModal open title={modalTitle} testId="resource-form" saving={!record.isError} onSave={() => undefined} onClose={onClose} size={long ? 'large' : 'small'}>
        {record.isError ? <Message negative content={errorMessage(record.error)} /> : <Loader active inline="centered" />}
      </FormModal>
    );
  }
  const defaults = formDraft(def, target.mode, target.mode === 'update' ? record.data : target.prefill);
  return <FormBody key={id ?? 'new'} def={def} mode={target.mode} id={id} defaults={defaults} admission={admission} title={modalTitle} long={long} onClose={onClose} />;
}

function FormBody({ def, mode, id, defaults, admission, title, long, onClose }: { def: ResourceDef; mode: 'create' | 'update'; id: string | null; defaults: Draft; admission: boolean; title: string; long: boolean; onClose: () => void }) {
  const { t } = useT();
  const save = useSaveResource(def.name);
  const resolver = useMemo(() => zodResolver(bodySchema(def, mode) as never) as unknown as Resolver<Draft, unknown, Record<string, unknown>>, [def, mode]);
  const { control, handleSubmit, setError, formState } = useForm<Draft, unknown, Record<string, unknown>>({ defaultValues: defaults, resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  const fields = shownFields(def, mode, admission);
  const names = [...fields.map(([n]) => n), ...Object.keys(def.children ?? {}), ...Object.keys(def.links ?? {})];

  const submit = handleSubmit(
    async (body) => {
      try {
        await save.mutateAsync({ id, body });
        onClose();
      } catch (err) {
        if (isCancelled(err)) return;
        reportError(err);
        const field = err instanceof ApiError ? serverField(err.data, names) : null;
        if (field) setError(field, { type: 'server', message: errorMessage(err) });
      }
    },
    () => toast.warning(t('resourceKit.fixErrors')),
  );

  const messageOf = (name: string, error: unknown): string | undefined => {
    const m = firstMessage(error);
    return m ? issueText(def, [name], m) : undefined;
  };
  // A list's own refusal (too many items) sits at its `root` (react-hook-form's field arrays); its items' at their cells.
  const listMessage = (name: string, error: unknown): string | undefined => {
    const e = (error ?? {}) as { message?: unknown; root?: { message?: unknown } };
    const m = typeof e.root?.message === 'string' ? e.root.message : typeof e.message === 'string' ? e.message : undefined;
    return m ? issueText(def, [name], m) : undefined;
  };
  const hintOf = (name: string): string | undefined => (admission && mode === 'create' && def.name === 'students' && name === 'studentNo' ? t('resourceKit.studentNoGenerated') : undefined);
  const wide = (f: FieldDef): boolean => f.kind === 'longText' || f.kind === 'refs';

  return (
    <FormModal open title={title} testId="resource-form" saving={formState.isSubmitting} onSave={() => void submit()} onClose={onClose} size={long ? 'large' : 'small'} saveLabel={t('resourceKit.save')}>
      <div className={`sf-resource-fields${long ? ' sf-two' : ''}`} data-resource={def.name} data-mode={mode}>
        {fields.map(([name, f]) => (
          <div key={name} className={wide(f) ? 'sf-span-2' : undefined}>
            <Controller
              name={name}
              control={control}
              render={({ field, fieldState }) => (
                <FieldInput name={name} f={f} label={fieldLabel(def, name)} testId={`field-${name}`} value={field.value} onValue={field.onChange} error={messageOf(name, fieldState.error)} hint={hintOf(name)} />
              )}
            />
          </div>
        ))}
        {Object.entries(def.links ?? {}).map(([name, l]) => (
          <div key={name} className="sf-span-2">
            <Controller
              name={name}
              control={control}
              render={({ field, fieldState }) => (
                <FieldInput
                  name={name}
                  f={refs(l.ref, { max: l.max })}
                  label={fieldLabel(def, name)}
                  testId={`field-${name}`}
                  value={field.value}
                  onValue={field.onChange}
                  error={messageOf(name, fieldState.error)}
                  max={l.max}
                />
              )}
            />
          </div>
        ))}
        {Object.keys(def.children ?? {}).map((name) => (
          <div key={name} className="sf-span-2">
            <ChildrenTable def={def} child={name} control={control} error={listMessage(name, formState.errors[name])} />
          </div>
        ))}
      </div>
    </FormModal>
  );
}
