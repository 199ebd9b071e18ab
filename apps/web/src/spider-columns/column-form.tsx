import { useEffect, useRef, useState } from 'react';
import { type Control, Controller, type FieldErrors, useForm } from 'react-hook-form';
import { Button, Form, Message, Table } from 'semantic-ui-react';
import { type SpiderColumn, type SpiderColumnBody, spiderColumnInputSchema, SPIDER_INTERVALS, SPIDER_LIMITS, SPIDER_MODES, SPIDER_POST_KINDS, type SpiderPreview, spiderTrySchema } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { type AudienceDraft, audienceDraftOf, audienceOfDraft, emptyAudience } from '../components/audience/audience-draft.js';
import { AudienceFields } from '../components/audience/audience-fields.js';
import { AudiencePeoplePicker } from '../publishing/compose/audience-people-picker.js';
import { kindLabel, publishingText } from '../publishing/use-publishing-t.js';
import { fieldMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { adminResolver } from '../views/ms/admin-form.js';
import { FormModal } from '../views/ms/admin-kit.js';
import { useSaveColumn } from './use-save-column.js';
import { useSpiderT } from './use-spider-t.js';
import { useTryColumn } from './use-try-column.js';

/** What the form's inputs hold: the column's fields as text, the audience as the compose form's draft. */
export interface ColumnDraft extends AudienceDraft {
  id: string | null;
  name: string;
  sourceUrl: string;
  listSelector: string;
  titleSelector: string;
  linkSelector: string;
  dateSelector: string;
  contentSelector: string;
  kind: string;
  mode: string;
  intervalHours: string;
  enabled: boolean;
}

export const newColumnDraft = (): ColumnDraft => ({
  id: null,
  name: '',
  sourceUrl: '',
  listSelector: '',
  titleSelector: 'a',
  linkSelector: 'a',
  dateSelector: '',
  contentSelector: '',
  kind: 'notice',
  mode: 'review',
  intervalHours: '',
  enabled: true,
  ...emptyAudience(),
  school: true,
  students: false,
  staff: true,
});

export const columnDraft = (c: SpiderColumn): ColumnDraft => ({
  id: c.id,
  name: c.name,
  sourceUrl: c.sourceUrl,
  listSelector: c.listSelector,
  titleSelector: c.titleSelector,
  linkSelector: c.linkSelector,
  dateSelector: c.dateSelector ?? '',
  contentSelector: c.contentSelector ?? '',
  kind: c.kind,
  mode: c.mode,
  intervalHours: c.intervalHours === null ? '' : String(c.intervalHours),
  enabled: c.enabled,
  ...audienceDraftOf(c.audience),
});

const tryBody = (d: ColumnDraft) => ({ sourceUrl: d.sourceUrl, listSelector: d.listSelector, titleSelector: d.titleSelector, linkSelector: d.linkSelector, dateSelector: d.dateSelector, contentSelector: d.contentSelector });
const resolver = adminResolver(spiderColumnInputSchema, (d: ColumnDraft) => ({ ...tryBody(d), name: d.name, kind: d.kind, mode: d.mode, intervalHours: d.intervalHours, enabled: d.enabled, audience: audienceOfDraft(d) }));

type TextName = 'name' | 'sourceUrl' | 'listSelector' | 'titleSelector' | 'linkSelector' | 'dateSelector' | 'contentSelector';

/** A labelled text input of the form, its message in words under it. */
function TextInput({ control, name, label, hint, required, errors, max }: { control: Control<ColumnDraft, unknown, SpiderColumnBody>; name: TextName; label: string; hint?: string; required?: boolean; errors: FieldErrors<ColumnDraft>; max: number }) {
  const message = fieldMessage(errors[name]);
  return (
    <Form.Field required={required} error={Boolean(message)}>
      <label htmlFor={`spider-${name}`}>{label}</label>
      <Controller control={control} name={name} render={({ field }) => <input id={`spider-${name}`} data-testid={`spider-${name}`} maxLength={max} value={field.value} onChange={field.onChange} aria-invalid={Boolean(message)} />} />
      {message ? <div className="sf-field-error">{message}</div> : hint ? <div className="sf-hint">{hint}</div> : null}
    </Form.Field>
  );
}

/** A content's words for the preview (parsed, never rendered: nothing of the other site is loaded here), cut short. */
function textOf(html: string): string {
  const text = (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** The dry run's answer: what was found, nothing saved. */
function Preview({ preview }: { preview: SpiderPreview }) {
  const { c } = useSpiderT();
  const box = useRef<HTMLDivElement>(null);
  // the answer is below the fold of the form: brought into view as it comes
  // (a block: what scrollIntoView answers — a promise in newer browsers — must not become the effect's cleanup)
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
  }, [preview]);
  return (
    <div ref={box}>
    <Message info data-testid="spider-preview">
      <Message.Header>{c('preview.title')}</Message.Header>
      <p data-testid="spider-preview-summary">{c('preview.summary', { url: preview.url, charset: preview.charset, found: preview.found, n: preview.items.length })}</p>
      <Table compact="very" size="small" celled>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>{c('preview.colTitle')}</Table.HeaderCell>
            <Table.HeaderCell>{c('preview.colDate')}</Table.HeaderCell>
            <Table.HeaderCell>{c('preview.colLink')}</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {preview.items.map((i) => (
            <Table.Row key={i.url} data-testid="spider-preview-item">
              <Table.Cell>
                {i.title}
                {i.content !== null ? (
                  <div className="sf-hint" data-testid="spider-preview-content">
                    {textOf(i.content)}
                  </div>
                ) : null}
              </Table.Cell>
              <Table.Cell>{i.date ?? ''}</Table.Cell>
              <Table.Cell>
                <a href={i.url} target="_blank" rel="noopener noreferrer nofollow">
                  {i.url}
                </a>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      {preview.problems.length > 0 ? (
        <ul data-testid="spider-preview-problems">
          {preview.problems.map((p, n) => (
            <li key={n}>{p.url ? `${p.message} (${p.url})` : p.message}</li>
          ))}
        </ul>
      ) : null}
    </Message>
    </div>
  );
}

/**
 * The column's form (docs/product/publishing.md#columns-from-other-sites), checked with the schema the server validates
 * with; "try the selectors" reads the page once with what is typed and shows what a run would find — the form's main
 * helper — saving nothing.
 */
export function ColumnForm({ draft, onClose }: { draft: ColumnDraft; onClose: () => void }) {
  const { c, t } = useSpiderT();
  const save = useSaveColumn();
  const tryOut = useTryColumn();
  const [preview, setPreview] = useState<SpiderPreview | null>(null);
  const [tryError, setTryError] = useState<string | null>(null);
  const { control, handleSubmit, formState, getValues, trigger } = useForm({ defaultValues: draft, resolver });
  const errors = formState.errors;
  const submit = handleSubmit(async (body) => {
    try {
      const res = await save.mutateAsync({ id: draft.id, body });
      toast.success(res.msg || t('admin.saved'));
      onClose();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  const runTry = async () => {
    setTryError(null);
    setPreview(null);
    const parsed = spiderTrySchema.safeParse(tryBody(getValues()));
    if (!parsed.success) {
      void trigger(['sourceUrl', 'listSelector']);
      return;
    }
    try {
      setPreview(await tryOut.mutateAsync(parsed.data));
    } catch (e) {
      setTryError(errorMessage(e));
    }
  };
  const select = (name: 'kind' | 'mode' | 'intervalHours', options: { value: string; text: string }[]) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <select id={`spider-${name}`} data-testid={`spider-${name}`} className="ui fluid dropdown" value={field.value} onChange={field.onChange}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.text}
            </option>
          ))}
        </select>
      )}
    />
  );
  const intervalMessage = fieldMessage(errors.intervalHours);
  const audienceMessage = fieldMessage((errors as Record<string, unknown>).audience);
  return (
    <FormModal open size="large" title={draft.id ? c('form.editTitle') : c('form.createTitle')} testId="spider-form" saving={formState.isSubmitting} onSave={() => void submit()} onClose={onClose} saveLabel={c('form.save')}>
      <TextInput control={control} errors={errors} name="name" label={c('form.name')} required max={SPIDER_LIMITS.name} />
      <TextInput control={control} errors={errors} name="sourceUrl" label={c('form.sourceUrl')} hint={c('form.sourceUrlHint')} required max={SPIDER_LIMITS.url} />
      <TextInput control={control} errors={errors} name="listSelector" label={c('form.listSelector')} hint={c('form.listSelectorHint')} required max={SPIDER_LIMITS.selector} />
      <Form.Group widths="equal">
        <TextInput control={control} errors={errors} name="titleSelector" label={c('form.titleSelector')} hint={c('form.selectorHint')} max={SPIDER_LIMITS.selector} />
        <TextInput control={control} errors={errors} name="linkSelector" label={c('form.linkSelector')} hint={c('form.selectorHint')} max={SPIDER_LIMITS.selector} />
        <TextInput control={control} errors={errors} name="dateSelector" label={c('form.dateSelector')} max={SPIDER_LIMITS.selector} />
      </Form.Group>
      <TextInput control={control} errors={errors} name="contentSelector" label={c('form.contentSelector')} hint={c('form.contentSelectorHint')} max={SPIDER_LIMITS.selector} />
      <Button type="button" basic color="blue" icon="search" content={tryOut.isPending ? c('form.trying') : c('form.tryOut')} loading={tryOut.isPending} disabled={tryOut.isPending} onClick={() => void runTry()} data-testid="spider-try" />
      {tryError ? (
        <Message negative data-testid="spider-try-error">
          {tryError}
        </Message>
      ) : null}
      {preview ? <Preview preview={preview} /> : null}
      <Form.Group widths="equal">
        <Form.Field>
          <label htmlFor="spider-kind">{c('form.kind')}</label>
          {select(
            'kind',
            SPIDER_POST_KINDS.map((k) => ({ value: k, text: kindLabel(k) })),
          )}
        </Form.Field>
        <Form.Field>
          <label htmlFor="spider-mode">{c('form.mode')}</label>
          {select(
            'mode',
            SPIDER_MODES.map((m) => ({ value: m, text: c(`modes.${m}`) })),
          )}
        </Form.Field>
        <Form.Field error={Boolean(intervalMessage)}>
          <label htmlFor="spider-intervalHours">{c('form.interval')}</label>
          {select('intervalHours', [{ value: '', text: c('intervals.manual') }, ...SPIDER_INTERVALS.map((h) => ({ value: String(h), text: c('intervals.hours', { n: h }) }))])}
          {intervalMessage ? <div className="sf-field-error">{intervalMessage}</div> : null}
        </Form.Field>
      </Form.Group>
      <Controller control={control} name="enabled" render={({ field }) => <Form.Checkbox toggle label={c('form.enabled')} checked={field.value} onChange={(_e, d) => field.onChange(Boolean(d.checked))} data-testid="spider-enabled" />} />
      <Form.Field error={Boolean(audienceMessage)}>
        <label>{c('form.audience')}</label>
        {audienceMessage ? <div className="sf-field-error" data-testid="spider-audience-error">{audienceMessage}</div> : null}
      </Form.Field>
      <AudienceFields
        control={control as unknown as Control<AudienceDraft>}
        onChanged={() => undefined}
        label={(key) => publishingText(`web.compose.${key}`)}
        prefix="spider"
        people={(field) => <AudiencePeoplePicker kind="notice" value={field.value} disabled={field.disabled} max={500} onValue={field.onValue} />}
      />
    </FormModal>
  );
}
