import { useState } from 'react';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Button, Checkbox, Form, Icon, Message, Segment } from 'semantic-ui-react';
import { type AudienceSelector, type CreatePostBody, POST_ATTACHMENT_LIMITS, POST_KIND_SELECTORS, POST_TITLE_MAX, postPublishPermission, type PostKind, PUBLISHING_PAGES } from '@schoolflow/contracts';
import { errorMessage } from '../../api/http.js';
import type { AudienceDraft } from '../../components/audience/audience-draft.js';
import { AudienceFields } from '../../components/audience/audience-fields.js';
import { useAuthorized } from '../../components/authorized.js';
import { useUploadScope } from '../../components/use-files.js';
import { FileUpload } from '../../components/widgets/file-upload.js';
import { AlbumPicker } from '../../pictures/album-picker.js';
import { RefSelect } from '../../resources/ref-select.js';
import { toast } from '../../util/toast.js';
import { postLink } from '../post-links.js';
import { useCreatePost } from '../use-create-post.js';
import { kindLabel, usePublishingT } from '../use-publishing-t.js';
import { AudiencePeoplePicker } from './audience-people-picker.js';
import { type Category, type Draft, emptyDraft, MB, resolver, UPLOADS } from './compose-model.js';
import { RichTextEditor } from './rich-text-editor.js';


/**
 * 新建 (the kind's page with `?compose=1`): kind, title, rich-text body, the audience (the whole school, grades,
 * classes, teaching classes, roles, named students and staff; students, staff, parents), attachments under the spec's limits,
 * confirmation asked or not, pin, and publish now, at a set time, or keep as a draft.
 */
export default function ComposePanel({ kind }: { kind: PostKind }) {
  const { p, tv } = usePublishingT();
  const navigate = useNavigate();
  const create = useCreatePost();
  const uploads = useUploadScope();
  const mayPublish = {
    notice: useAuthorized({ all: [postPublishPermission('notice')] }),
    homework: useAuthorized({ all: [postPublishPermission('homework')] }),
    activity: useAuthorized({ all: [postPublishPermission('activity')] }),
    performance: useAuthorized({ all: [postPublishPermission('performance')] }),
  };
  const kinds = PUBLISHING_PAGES.map((page) => page.kind).filter((k) => mayPublish[k]);
  const { control, register, handleSubmit, setValue, trigger, formState } = useForm<Draft, unknown, CreatePostBody>({
    defaultValues: emptyDraft(kind),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [chosenKind, mode] = useWatch({ control, name: ['kind', 'mode'] });
  // the kind's audience selectors, the same table the server refuses the others by
  const offers = (selector: AudienceSelector): boolean => POST_KIND_SELECTORS[chosenKind].includes(selector);
  const errors = formState.errors;
  const err = (field: keyof Draft) => {
    const m = errors[field]?.message;
    return typeof m === 'string' ? tv(m) : undefined;
  };
  // the audience's error sits on its first input; a choice in any of its inputs checks the audience again
  const audienceChanged = () => {
    if (errors.school) void trigger('school');
  };
  const busy = formState.isSubmitting || uploads.busy;

  const save = handleSubmit(async (body) => {
    try {
      const { msg } = await create.mutateAsync(body);
      toast.success(msg);
      void navigate(postLink.list(body.kind));
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });

  const [fromAlbum, setFromAlbum] = useState<string[]>([]);
  const upload = (category: Category, label: string) => (
    <Form.Field>
      <label>{label}</label>
      <Controller
        control={control}
        name={category}
        render={({ field }) => (
          <FileUpload
            // pictures picked from an album are shown by the picker (removing one there takes it off the post, not
            // the album's file off the server)
            value={field.value.filter((id) => !fromAlbum.includes(id))}
            onChange={(ids) => field.onChange([...ids, ...field.value.filter((id) => fromAlbum.includes(id))])}
            types={UPLOADS[category].types}
            limit={UPLOADS[category].limit - field.value.filter((id) => fromAlbum.includes(id)).length}
            maxSizeKb={UPLOADS[category].maxSizeKb}
            busyScope={uploads.scope}
            testId={`post-${category}`}
          />
        )}
      />
      {category === 'pictures' ? (
        // pictures of an album the author sees (docs/product/campus-life.md#pictures)
        <Controller
          control={control}
          name="pictures"
          render={({ field }) => (
            <AlbumPicker
              max={UPLOADS.pictures.limit - field.value.length}
              picked={field.value.filter((id) => fromAlbum.includes(id))}
              onPick={(ids) => {
                const added = ids.filter((id) => !field.value.includes(id));
                setFromAlbum((f) => [...f, ...added]);
                field.onChange([...field.value, ...added]);
              }}
              onUnpick={(id) => {
                setFromAlbum((f) => f.filter((x) => x !== id));
                field.onChange(field.value.filter((x) => x !== id));
              }}
              testId="post-album-picker"
            />
          )}
        />
      ) : null}
    </Form.Field>
  );

  return (
    <div className="sf-page sf-publishing" data-testid="post-compose-page">
      <Segment className="sf-card">
        <h3 className="sf-card-title">
          <Icon name="edit outline" /> {p('web.compose.title', { kind: kindLabel(chosenKind) })}
        </h3>
        <Form onSubmit={(e) => void save(e)} data-testid="post-form" className="sf-post-form">
          <Form.Group widths="equal">
            <Form.Field required error={Boolean(err('kind'))}>
              <label htmlFor="post-kind">{p('web.compose.kind')}</label>
              <select id="post-kind" className="ui dropdown" data-testid="post-kind" {...register('kind')}>
                {kinds.map((k) => (
                  <option key={k} value={k}>
                    {kindLabel(k)}
                  </option>
                ))}
              </select>
            </Form.Field>
            <Form.Field required error={Boolean(err('title'))} width={12}>
              <label htmlFor="post-title">{p('web.compose.postTitle')}</label>
              <input id="post-title" data-testid="post-title-input" placeholder={p('web.compose.titlePlaceholder', { max: POST_TITLE_MAX })} {...register('title')} />
              {err('title') ? <div className="sf-field-error" data-testid="post-title-error">{err('title')}</div> : null}
            </Form.Field>
          </Form.Group>

          {chosenKind === 'homework' ? (
            <Form.Group widths="equal">
              <Form.Field required error={Boolean(err('courseId'))}>
                <label htmlFor="post-course">{p('web.compose.course')}</label>
                <Controller control={control} name="courseId" render={({ field }) => <RefSelect source="courses" value={field.value} onValue={field.onChange} testId="post-course" emptyText={p('web.compose.choose')} invalid={Boolean(err('courseId'))} />} />
                {err('courseId') ? <div className="sf-field-error">{err('courseId')}</div> : null}
              </Form.Field>
              <Form.Field required error={Boolean(err('dueAt'))}>
                <label htmlFor="post-due">{p('web.compose.dueAt')}</label>
                <input id="post-due" type="datetime-local" data-testid="post-due" {...register('dueAt')} />
                {err('dueAt') ? <div className="sf-field-error">{err('dueAt')}</div> : null}
              </Form.Field>
            </Form.Group>
          ) : null}
          {chosenKind === 'activity' ? (
            <Form.Group widths="equal">
              <Form.Field error={Boolean(err('place'))}>
                <label htmlFor="post-place">{p('web.compose.place')}</label>
                <input id="post-place" data-testid="post-place" {...register('place')} />
              </Form.Field>
              <Form.Field error={Boolean(err('startAt'))}>
                <label htmlFor="post-start">{p('web.compose.startAt')}</label>
                <input id="post-start" type="datetime-local" data-testid="post-start" {...register('startAt')} />
              </Form.Field>
              <Form.Field error={Boolean(err('endAt'))}>
                <label htmlFor="post-end">{p('web.compose.endAt')}</label>
                <input id="post-end" type="datetime-local" data-testid="post-end" {...register('endAt')} />
              </Form.Field>
            </Form.Group>
          ) : null}

          <Form.Field required error={Boolean(err('body'))}>
            <label>{p('web.compose.body')}</label>
            <Controller control={control} name="body" render={({ field }) => <RichTextEditor initial={field.value} onChange={field.onChange} invalid={Boolean(err('body'))} />} />
            {err('body') ? <div className="sf-field-error">{err('body')}</div> : null}
          </Form.Field>

          <Segment className="sf-post-audience" data-testid="post-audience">
            <h4 className="sf-post-subhead">{p('web.compose.audience')}</h4>
            {err('school') ? (
              <Message negative size="small" data-testid="post-audience-error">
                {err('school')}
              </Message>
            ) : null}
            <AudienceFields
              control={control as unknown as Control<AudienceDraft>}
              offers={offers}
              onChanged={audienceChanged}
              label={(key) => p(`web.compose.${key}`)}
              prefix="post"
              people={(field) => <AudiencePeoplePicker kind={chosenKind} value={field.value} disabled={field.disabled} max={500} onValue={field.onValue} />}
            />
          </Segment>

          <Segment className="sf-post-attachments">
            <h4 className="sf-post-subhead">{p('web.compose.attachments')}</h4>
            <div className="sf-hint" data-testid="post-attachment-limits">
              {p('web.compose.limits', {
                pictures: POST_ATTACHMENT_LIMITS.pictures,
                videos: POST_ATTACHMENT_LIMITS.videos,
                videoMb: POST_ATTACHMENT_LIMITS.videoBytes / MB,
                documents: POST_ATTACHMENT_LIMITS.documents,
                documentMb: POST_ATTACHMENT_LIMITS.documentBytes / MB,
              })}
            </div>
            {err('pictures') ? <Message negative size="small">{err('pictures')}</Message> : null}
            <Form.Group widths="equal">
              {upload('pictures', p('web.compose.pictures'))}
              {upload('videos', p('web.compose.video'))}
              {upload('documents', p('web.compose.documents'))}
            </Form.Group>
          </Segment>

          <Form.Group inline>
            <Form.Field>
              <Controller control={control} name="requireConfirm" render={({ field }) => <Checkbox label={p('web.compose.requireConfirm')} checked={field.value} onChange={(_e, d) => field.onChange(Boolean(d.checked))} data-testid="post-require-confirm" />} />
            </Form.Field>
            <Form.Field>
              <Controller control={control} name="requireSignature" render={({ field }) => <Checkbox label={p('web.compose.requireSignature')} checked={field.value} onChange={(_e, d) => field.onChange(Boolean(d.checked))} data-testid="post-require-signature" />} />
            </Form.Field>
            <Form.Field>
              <Controller control={control} name="pinned" render={({ field }) => <Checkbox label={p('web.compose.pinned')} checked={field.value} onChange={(_e, d) => field.onChange(Boolean(d.checked))} data-testid="post-pinned-input" />} />
            </Form.Field>
          </Form.Group>

          <Form.Group inline>
            <label>{p('web.compose.when')}</label>
            {(['now', 'schedule', 'draft'] as const).map((m) => (
              <Form.Field key={m}>
                <Checkbox radio label={p(`web.compose.${m}`)} checked={mode === m} onChange={() => setValue('mode', m)} data-testid={`post-mode-${m}`} />
              </Form.Field>
            ))}
            {mode === 'schedule' ? (
              <Form.Field error={Boolean(err('publishAt'))}>
                <input type="datetime-local" aria-label={p('web.compose.publishAt')} data-testid="post-publish-at" {...register('publishAt')} />
                {err('publishAt') ? <div className="sf-field-error">{err('publishAt')}</div> : null}
              </Form.Field>
            ) : null}
          </Form.Group>

          <div className="sf-form-actions">
            <Button primary type="submit" loading={formState.isSubmitting} disabled={busy} data-testid="post-submit">
              <Icon name={mode === 'draft' ? 'save' : 'send'} /> {p('web.compose.submit')}
            </Button>
            <Button type="button" basic onClick={() => void navigate(postLink.list(kind))} data-testid="post-cancel">
              {p('web.compose.cancel')}
            </Button>
          </div>
        </Form>
      </Segment>
    </div>
  );
}
