import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Button, Form, Icon, Label, Segment } from 'semantic-ui-react';
import {
  type ComposeLetterBody,
  composeLetterSchema,
  DOCUMENT_SUFFIXES,
  type JobProgress,
  LETTER_ATTACHMENTS_MAX,
  LETTER_SEND_JOB,
  LETTER_TITLE_MAX,
  MESSAGE_WRITE_PERMISSION,
  PICTURE_SUFFIXES,
  POST_ATTACHMENT_LIMITS,
  type Recipient,
  VIDEO_SUFFIXES,
  WRITABLE_MESSAGE_TYPES,
} from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { useAuthorized } from '../components/authorized.js';
import { useUploadScope } from '../components/use-files.js';
import { FileUpload } from '../components/widgets/file-upload.js';
import { PeoplePicker, type PickerItem } from '../components/widgets/people-picker.js';
import { useJobProgress } from '../jobs/use-job-progress.js';
import { RichTextEditor } from '../publishing/compose/rich-text-editor.js';
import { firstMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { useComposeLetter } from './use-compose-letter.js';
import { useLetterClasses } from './use-letter-classes.js';
import { type LettersKey, useLettersT } from './use-letters-t.js';

/** Every kind of file publishing takes, in one field (the server counts them per kind against publishing's limits). */
const TYPES = [...PICTURE_SUFFIXES, ...VIDEO_SUFFIXES, ...DOCUMENT_SUFFIXES].map((s) => `.${s}`).join(',');
const MAX_KB = POST_ATTACHMENT_LIMITS.videoBytes / 1024;

export interface ComposeStart {
  /** A draft being continued. */
  id?: string;
  title?: string;
  content?: string;
  recipients?: Recipient[];
  type?: string;
  link?: string | null;
  attachments?: string[];
  /** The copy of mine this answers. */
  replyTo?: string;
}

const isPickerItem = (r: Recipient): r is Recipient & PickerItem => r.TYPE !== 'class';

/**
 * 写消息 (docs/product/messages.md#writing): recipients from the people/organisation/role picker and, for a writer with
 * `message:write`, a class's students or parents; type, title, rich text, attachments, an optional link; sent, or kept
 * as a draft (on the server: it survives a reload). A send to many people runs as a job whose progress is shown.
 */
export default function LetterCompose({ start, onDraft, onClose }: { start: ComposeStart; onDraft: (id: string) => void; onClose: () => void }) {
  const { l, t, tv } = useLettersT();
  const writer = useAuthorized({ all: [MESSAGE_WRITE_PERMISSION] });
  const classes = useLetterClasses();
  const compose = useComposeLetter();
  const uploads = useUploadScope();
  const [classId, setClassId] = useState('');
  // a send to many runs as a job: the last answer's, followed until it ends (a draft's answer has none)
  const jobId = compose.data?.state === 'draft' ? null : (compose.data?.jobId ?? null);
  const progress = useJobProgress<JobProgress>(jobId, { kind: LETTER_SEND_JOB });
  const { control, register, handleSubmit, setValue, getValues, formState } = useForm<ComposeLetterBody>({
    resolver: zodResolver(composeLetterSchema) as never,
    defaultValues: {
      id: start.id,
      title: start.title ?? '',
      content: start.content ?? '',
      recipients: start.recipients ?? [],
      type: (WRITABLE_MESSAGE_TYPES as readonly string[]).includes(start.type ?? '') ? (start.type as ComposeLetterBody['type']) : '5',
      link: start.link ?? '',
      attachments: start.attachments ?? [],
      replyTo: start.replyTo,
      draft: false,
    },
  });
  const err = (field: keyof ComposeLetterBody): string | undefined => {
    const m = firstMessage(formState.errors[field]);
    return m ? tv(m) : undefined;
  };
  const busy = formState.isSubmitting || uploads.busy || (jobId !== null && progress?.state !== 'completed' && progress?.state !== 'failed');

  // a draft may lack a title and recipients: the schema reads `draft` from the form, so it is set before validating
  const submit = (draft: boolean) => {
    setValue('draft', draft);
    return handleSubmit(async (body) => {
      try {
        const answer = await compose.mutateAsync({ ...body, draft, link: body.link || undefined });
        if (answer.state === 'draft') {
          toast.success(l('compose.draftSaved'));
          setValue('id', answer.id);
          onDraft(answer.id);
          return;
        }
        if (answer.jobId) {
          toast.success(l('compose.sending', { done: 0, total: answer.recipients }));
          return;
        }
        toast.success(l('compose.sent', { n: answer.recipients }));
        onClose();
      } catch (e) {
        toast.error(errorMessage(e));
      }
    });
  };

  const addClass = (who: 'students' | 'parents') => {
    const cls = classes.find((c) => c.id === classId);
    if (!cls) return;
    const current = getValues('recipients') ?? [];
    if (current.some((r) => r.TYPE === 'class' && r.CODE === cls.id && r.WHO === who)) return;
    const name = l(who === 'students' ? 'compose.classStudents' : 'compose.classParents', { name: cls.name });
    setValue('recipients', [...current, { CODE: cls.id, TYPE: 'class', WHO: who, NAME: name, SORT: 3 }], { shouldValidate: formState.isSubmitted });
  };

  const finished = progress?.state === 'completed';
  return (
    <Segment className="sf-card sf-letter-compose" data-testid="letter-compose">
      <h3 className="sf-card-title">
        <Icon name="edit outline" /> {l('compose.title')}
      </h3>
      <Form data-testid="letter-form" onSubmit={(e) => void submit(false)(e)}>
        <Form.Field required error={Boolean(err('recipients'))}>
          <label>{l('compose.to')}</label>
          <Controller
            control={control}
            name="recipients"
            render={({ field }) => {
              const all = field.value ?? [];
              const picked = all.filter(isPickerItem) as PickerItem[];
              const inClasses = all.filter((r) => r.TYPE === 'class');
              return (
                <>
                  <PeoplePicker
                    value={picked}
                    kinds={writer ? ['people', 'org', 'role'] : ['people']}
                    placeholder={l('compose.choose')}
                    onChange={(items) => field.onChange([...items, ...inClasses])}
                    testId="letter-picker"
                  />
                  {inClasses.length > 0 ? (
                    <div className="sf-letter-classes" data-testid="letter-class-tags">
                      {inClasses.map((r) => (
                        <Label key={`${r.CODE}:${r.WHO}`} size="small" color="blue" data-testid="letter-class-tag" data-code={r.CODE} data-who={r.WHO}>
                          {r.NAME}
                          <Icon name="delete" onClick={() => field.onChange(all.filter((x) => x !== r))} />
                        </Label>
                      ))}
                    </div>
                  ) : null}
                </>
              );
            }}
          />
          {writer && classes.length > 0 ? (
            <div className="sf-letter-class-row">
              <select className="ui mini dropdown" aria-label={l('compose.classes')} value={classId} onChange={(e) => setClassId(e.target.value)} data-testid="letter-class">
                <option value="">{l('compose.classes')}</option>
                {classes.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
              <Button type="button" size="mini" basic disabled={!classId} onClick={() => addClass('students')} data-testid="letter-class-students">
                {l('compose.addStudents')}
              </Button>
              <Button type="button" size="mini" basic disabled={!classId} onClick={() => addClass('parents')} data-testid="letter-class-parents">
                {l('compose.addParents')}
              </Button>
            </div>
          ) : null}
          {!writer ? <div className="sf-hint">{l('compose.onlyTeachers')}</div> : null}
          {err('recipients') ? <div className="sf-field-error" data-testid="letter-recipients-error">{err('recipients')}</div> : null}
        </Form.Field>
        <Form.Group widths="equal">
          <Form.Field width={4}>
            <label htmlFor="letter-type">{l('compose.type')}</label>
            <select id="letter-type" className="ui dropdown" data-testid="letter-type" {...register('type')}>
              {WRITABLE_MESSAGE_TYPES.map((code) => (
                <option key={code} value={code}>
                  {l(`types.${code}` as LettersKey)}
                </option>
              ))}
            </select>
          </Form.Field>
          <Form.Field required error={Boolean(err('title'))} width={12}>
            <label htmlFor="letter-title">{l('compose.subject')}</label>
            <input id="letter-title" maxLength={LETTER_TITLE_MAX} placeholder={l('compose.subjectPlaceholder')} data-testid="letter-title" {...register('title')} />
            {err('title') ? <div className="sf-field-error" data-testid="letter-title-error">{err('title')}</div> : null}
          </Form.Field>
        </Form.Group>
        <Form.Field error={Boolean(err('content'))}>
          <label>{l('compose.content')}</label>
          <Controller control={control} name="content" render={({ field }) => <RichTextEditor initial={field.value ?? ''} onChange={field.onChange} testId="letter-content" />} />
          {err('content') ? <div className="sf-field-error">{err('content')}</div> : null}
        </Form.Field>
        <Form.Field>
          <label>{l('compose.attachments')}</label>
          <Controller
            control={control}
            name="attachments"
            render={({ field }) => <FileUpload value={field.value ?? []} onChange={(ids) => field.onChange(ids)} types={TYPES} limit={LETTER_ATTACHMENTS_MAX} maxSizeKb={MAX_KB} busyScope={uploads.scope} testId="letter-attachments" />}
          />
          <div className="sf-hint">{l('compose.attachmentsHint')}</div>
        </Form.Field>
        <Form.Field error={Boolean(err('link'))}>
          <label htmlFor="letter-link">{l('compose.link')}</label>
          <input id="letter-link" placeholder={l('compose.linkPlaceholder')} data-testid="letter-link" {...register('link')} />
          {err('link') ? <div className="sf-field-error" data-testid="letter-link-error">{err('link')}</div> : null}
        </Form.Field>
        {jobId ? (
          <div className="sf-hint" data-testid="letter-job" data-state={progress?.state ?? 'queued'}>
            {finished ? l('compose.sendingDone', { n: progress?.total ?? 0 }) : l('compose.sending', { done: progress?.done ?? 0, total: progress?.total ?? 0 })}
          </div>
        ) : null}
        <div className="sf-form-actions">
          {finished ? (
            <Button type="button" primary onClick={onClose} data-testid="letter-job-done">
              {t('common.close')}
            </Button>
          ) : (
            <>
              <Button type="submit" primary loading={formState.isSubmitting} disabled={busy} data-testid="letter-send">
                <Icon name="send" /> {l('compose.send')}
              </Button>
              <Button type="button" basic disabled={busy} onClick={(e) => void submit(true)(e)} data-testid="letter-save-draft">
                {l('compose.saveDraft')}
              </Button>
              <Button type="button" basic disabled={formState.isSubmitting} onClick={onClose} data-testid="letter-cancel">
                {l('compose.cancel')}
              </Button>
            </>
          )}
        </div>
      </Form>
    </Segment>
  );
}
