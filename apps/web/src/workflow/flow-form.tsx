import { zodResolver } from '@hookform/resolvers/zod';
import { FLOW_MAX_PICTURES, FLOW_PICTURE_MAX_BYTES, FLOW_PICTURE_TYPES, RoleCode } from '@schoolflow/contracts';
import type { FlowDefinition, FormField } from '@schoolflow/workflows';
import { type ComponentType, useEffect, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Button, Form, Icon, Message, Segment } from 'semantic-ui-react';
import type { FileRef, UploadRules } from '../api/file-api.js';
import { reportError } from '../api/http.js';
import { newActionKey } from '../api/workflow-api.js';
import { PictureUpload } from '../components/picture-upload.js';
import { useT } from '../i18n/use-t.js';
import { useReadySession } from '../session/session-store.js';
import { toast } from '../util/toast.js';
import { fieldLabel, optionLabel } from './declared-fields.js';
import { localInput } from './flow-model.js';
import { detailPath, labelByKey } from './labels.js';
import { useFormOptions, useMyStudents, useStartFlow } from './use-apply.js';

const PICTURE_RULES: UploadRules = { maxSizeKb: FLOW_PICTURE_MAX_BYTES / 1024, types: FLOW_PICTURE_TYPES, limit: FLOW_MAX_PICTURES };

/** The uploaded pictures of a pictures field's draft. */
const picturesOf = (v: unknown): FileRef[] => (Array.isArray(v) ? v.filter((x): x is FileRef => typeof x === 'object' && x !== null) : []);

/** What the inputs hold: text for every field, the uploaded pictures for a pictures field, the chosen values of a multiselect. */
export type Draft = Record<string, string | string[] | FileRef[]>;

/** What a flow shows beside its form, from what is typed so far (classroom-loan: the room's day). */
export type FormAside = ComponentType<{ values: Draft }>;

const emptyDraft = (fields: readonly FormField[]): Draft => Object.fromEntries(fields.map((f) => [f.name, f.kind === 'pictures' || f.kind === 'multiselect' ? [] : '']));

/** The chosen values of a multiselect (its draft is a list of the options' values). */
const chosen = (v: Draft[string] | undefined): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The draft as the flow's schema reads it: times as school time text, pictures as ids, empty optional fields left out. */
function toForm(fields: readonly FormField[], draft: Draft): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = draft[f.name];
    if (f.kind === 'multiselect') {
      out[f.name] = chosen(v);
      continue;
    }
    if (Array.isArray(v)) {
      out[f.name] = v.map((p) => (typeof p === 'string' ? p : p.resId));
      continue;
    }
    const text = v ?? '';
    if (text.trim() === '' && (f.optional || f.kind === 'child' || f.kind === 'select')) {
      if (f.kind === 'select' && !f.optional) out[f.name] = undefined; // the schema says it is required
      continue;
    }
    out[f.name] = f.kind === 'datetime' ? localInput.toSchool(text) : text;
  }
  return out;
}

/**
 * The one form of every flow without a form of its own (apply/{flow}/new): its fields from the declaration, checked
 * as one types (after the first save) by the same zod schema the server validates with; one Idempotency-Key per
 * application, so a double click creates one request. `initial` fills fields in when it opens.
 */
export function FlowForm({ def, Aside, initial }: { def: FlowDefinition; Aside?: FormAside; initial?: Draft }) {
  const { t, tv, lang } = useT();
  const navigate = useNavigate();
  const flow = def.flow;
  const fields = def.form.fields;
  const session = useReadySession();
  const isParent = session?.info.roles.includes(RoleCode.parent) === true && !session.info.roles.includes(RoleCode.student);
  const [uploading, setUploading] = useState(false);
  const [actionKey, setActionKey] = useState(newActionKey);

  const schemaResolver = zodResolver(def.form.schema as never);
  const resolver: Resolver<Draft, unknown, Record<string, unknown>> = async (values, context, options) =>
    (await schemaResolver(toForm(fields, values) as never, context, options as never)) as never;
  const { control, handleSubmit, reset, setValue, getValues, watch, formState } = useForm<Draft, unknown, Record<string, unknown>>({
    // a page that knows what is asked for fills it in (学生组织: the body one clicked "ask to join" on)
    defaultValues: { ...emptyDraft(fields), ...initial },
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  // choices the server gives (a lendable classroom), by field
  const sourced = useFormOptions(flow, fields);
  const start = useStartFlow(flow);

  const hasChild = fields.some((f) => f.kind === 'child');
  const children = useMyStudents(isParent && hasChild);
  // one child: chosen already
  useEffect(() => {
    const only = children.length === 1 ? children[0] : undefined;
    const child = fields.find((f) => f.kind === 'child');
    if (only && child && !getValues(child.name)) setValue(child.name, only.studentNo);
  }, [children, fields, getValues, setValue]);

  const submit = handleSubmit(
    async (form) => {
      try {
        const { result, msg } = await start.mutateAsync({ form, key: actionKey });
        setActionKey(newActionKey()); // the next application is a new action
        toast.success(msg || t('workflow.form.submitted'));
        reset(emptyDraft(fields));
        void navigate(detailPath(flow, result.id));
      } catch (err) {
        reportError(err);
      }
    },
    () => toast.warning(t('workflow.form.fixErrors')),
  );

  const id = (name: string) => `${flow}-${name}`;
  const errorOf = (name: string) => {
    const message = formState.errors[name]?.message;
    return typeof message === 'string' ? (
      <div className="sf-field-error" role="alert" data-testid={`${id(name)}-error`}>
        {tv(message)}
      </div>
    ) : null;
  };

  const input = (f: FormField) => (
    <Controller
      key={f.name}
      name={f.name}
      control={control}
      render={({ field, fieldState }) => {
        const text = typeof field.value === 'string' ? field.value : '';
        const label = (
          <label htmlFor={id(f.name)} id={`${id(f.name)}-label`}>
            {f.kind === 'child' ? t('workflow.form.child') : fieldLabel(flow, f.name, lang)}
          </label>
        );
        const common = { id: id(f.name), 'data-testid': id(f.name), name: field.name, onBlur: field.onBlur, ref: field.ref };
        let control;
        switch (f.kind) {
          case 'child':
            control = (
              <select {...common} className="ui dropdown" value={text} onChange={(e) => field.onChange(e.target.value)}>
                <option value="">{t('workflow.form.childPlaceholder')}</option>
                {children.map((c) => (
                  <option key={c.id} value={c.studentNo}>
                    {c.name} · {c.className} · {c.studentNo}
                  </option>
                ))}
              </select>
            );
            break;
          case 'select':
            control = (
              <select {...common} className="ui dropdown" value={text} onChange={(e) => field.onChange(e.target.value)}>
                <option value="">{t('workflow.form.choose')}</option>
                {f.source
                  ? (sourced[f.name] ?? []).map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))
                  : (f.options ?? []).map((o) => (
                      <option key={o} value={o}>
                        {optionLabel(flow, f.name, o, lang)}
                      </option>
                    ))}
              </select>
            );
            break;
          case 'textarea':
            control = (
              <>
                <textarea {...common} rows={4} value={text} placeholder={labelByKey(`flow.${flow}.placeholder.${f.name}`, lang)} onChange={(e) => field.onChange(e.target.value)} />
                {f.max ? <div className={`sf-char-count ${text.trim().length > f.max ? 'over' : ''}`}>{t('workflow.form.count', { n: text.trim().length, max: f.max })}</div> : null}
              </>
            );
            break;
          case 'multiselect': {
            // several of the choices, each a toggle (a make-up class's periods): the value is the list of those chosen
            const values = chosen(field.value);
            const choices = f.source ? (sourced[f.name] ?? []) : (f.options ?? []).map((o) => ({ value: o, label: optionLabel(flow, f.name, o, lang) }));
            control = (
              <div className="sf-multiselect" role="group" aria-labelledby={`${id(f.name)}-label`} data-testid={id(f.name)} ref={field.ref}>
                {choices.map((o) => (
                  <label key={o.value} className={`ui basic button sf-multiselect-choice ${values.includes(o.value) ? 'active' : ''}`} data-testid={`${id(f.name)}-${o.value}`}>
                    <input
                      type="checkbox"
                      checked={values.includes(o.value)}
                      onBlur={field.onBlur}
                      onChange={(e) => field.onChange(e.target.checked ? choices.map((c) => c.value).filter((v) => v === o.value || values.includes(v)) : values.filter((v) => v !== o.value))}
                    />{' '}
                    {o.label}
                  </label>
                ))}
              </div>
            );
            break;
          }
          case 'pictures':
            control = <PictureUpload value={picturesOf(field.value)} onChange={(p) => field.onChange(p)} rules={PICTURE_RULES} testId={id(f.name)} onBusy={setUploading} />;
            break;
          case 'text':
          case 'date':
          case 'datetime':
            control = (
              <input
                {...common}
                type={f.kind === 'datetime' ? 'datetime-local' : f.kind === 'date' ? 'date' : 'text'}
                value={text}
                maxLength={f.max}
                placeholder={f.kind === 'text' ? labelByKey(`flow.${flow}.placeholder.${f.name}`, lang) : undefined}
                onChange={(e) => field.onChange(e.target.value)}
              />
            );
        }
        return (
          <Form.Field required={!f.optional && f.kind !== 'child'} error={Boolean(fieldState.error)}>
            {label}
            {control}
            {errorOf(f.name)}
          </Form.Field>
        );
      }}
    />
  );

  // A parent chooses the child; a student applies for themself (the server knows who they are).
  const shownFields = fields.filter((f) => f.kind !== 'child' || isParent);
  const hint = labelByKey(`flow.${flow}.hint`, lang);
  watch(); // re-render on change: the counters and the cross-field checks follow the typing
  return (
    <div className={`sf-page sf-flow-new sf-${flow}-new${Aside ? ' sf-with-aside' : ''}`} data-testid={`${flow}-new`}>
      <Segment className="sf-card sf-form-card">
        <h3 className="sf-card-title">
          <Icon name="edit outline" /> {labelByKey(`flow.${flow}.title`, lang)}
        </h3>
        {hint !== `flow.${flow}.hint` ? (
          <Message info size="small" className="sf-form-hint">
            <Icon name="info circle" />
            {hint}
          </Message>
        ) : null}
        <Form onSubmit={() => void submit()} data-testid={`${flow}-form`}>
          {shownFields.map(input)}
          <div className="sf-form-actions">
            <Button primary type="submit" loading={formState.isSubmitting} disabled={formState.isSubmitting || uploading} data-testid={`${flow}-submit`}>
              {/* a flow begun as a draft saves it here; it is sent for review from its page (SUBMIT) */}
              <Icon name={def.draft ? 'save' : 'send'} /> {t(def.draft ? 'workflow.form.saveDraft' : 'workflow.form.submit')}
            </Button>
            <Button type="button" basic onClick={() => reset(emptyDraft(fields))} disabled={formState.isSubmitting} data-testid={`${flow}-reset`}>
              <Icon name="undo" /> {t('workflow.form.reset')}
            </Button>
          </div>
        </Form>
      </Segment>
      {Aside ? <Aside values={getValues()} /> : null}
    </div>
  );
}
