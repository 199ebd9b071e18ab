import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';
import { Button, Form, Segment } from 'semantic-ui-react';
import { FEEDBACK_LIMITS, feedbackInputSchema, type FeedbackValues } from '@schoolflow/contracts';
import type { FileRef, UploadRules } from '../api/file-api.js';
import { errorMessage } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { PictureUpload } from '../components/picture-upload.js';
import { firstMessage, namespacedMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { useFeedbackCategories } from './use-feedback-categories.js';
import { useFeedbackT } from './use-feedback-t.js';
import { useSubmitFeedback } from './use-submit-feedback.js';

const PICTURES: UploadRules = { maxSizeKb: FEEDBACK_LIMITS.pictureBytes / 1024, types: FEEDBACK_LIMITS.pictureTypes, limit: FEEDBACK_LIMITS.pictures };

/** What the inputs hold: the pictures as the upload field shows them (their ids are what is sent). */
interface Draft {
  category: string;
  title: string;
  content: string;
  anonymous: boolean;
  pictures: FileRef[];
}
const EMPTY: Draft = { category: '', title: '', content: '', anonymous: false, pictures: [] };
type Field = keyof Draft;

const schemaResolver = zodResolver(feedbackInputSchema);
/** The shared schema (the server's) on the draft with its pictures as ids; its errors mark the inputs they are about. */
const resolver: Resolver<Draft, unknown, FeedbackValues> = async (values, context, options) => {
  const parsed = await schemaResolver({ ...values, pictures: values.pictures.map((p) => p.resId) } as never, context, options as never);
  const errors: FieldErrors<Draft> = {};
  for (const [field, error] of Object.entries(parsed.errors) as [Field, unknown][]) {
    const message = firstMessage(error);
    if (message) errors[field] = { type: 'validate', message };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values: parsed.values as FeedbackValues, errors: {} };
};

/**
 * 提交反馈: a category of the dictionary, title (≤ 50), content (≤ 1000), up to three JPG/PNG pictures (≤ 2 MB) through
 * the platform's upload, and whether the staff see the sender's name — checked by the contract's schema here and
 * again by the server.
 */
export function FeedbackForm({ onDone }: { onDone: (id: string | null) => void }) {
  const { f, lang } = useFeedbackT();
  const categories = useFeedbackCategories();
  const submit = useSubmitFeedback();
  const { register, control, handleSubmit, formState } = useForm<Draft, unknown, FeedbackValues>({ defaultValues: EMPTY, resolver });
  const err = (field: Field) => {
    const m = firstMessage(formState.errors[field]);
    return m ? namespacedMessage(m) : undefined;
  };
  const content = useWatch({ control, name: 'content' });
  const save = handleSubmit(async (body) => {
    try {
      const res = await submit.mutateAsync(body);
      toast.success(res.msg || f('results.submitted'));
      onDone(res.data?.id ?? null);
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  return (
    <Segment data-testid="feedback-form">
      <Form onSubmit={() => void save()}>
        <Form.Group widths="equal">
          <Form.Field required error={Boolean(err('category'))}>
            <label htmlFor="feedback-category">{f('fields.category')}</label>
            <select id="feedback-category" className="ui dropdown" data-testid="feedback-category" {...register('category')}>
              <option value="">{f('validation.categoryRequired')}</option>
              {(categories.data ?? []).map((c) => (
                <option key={c.code} value={c.code}>
                  {lang === 'en' && c.nameEn ? c.nameEn : c.name}
                </option>
              ))}
            </select>
            <FieldError testId="feedback-category" error={err('category')} />
          </Form.Field>
          <Form.Field required error={Boolean(err('title'))}>
            <label htmlFor="feedback-title">{f('fields.title')}</label>
            <input id="feedback-title" data-testid="feedback-title" maxLength={FEEDBACK_LIMITS.titleMax + 10} {...register('title')} />
            <FieldError testId="feedback-title" error={err('title')} />
          </Form.Field>
        </Form.Group>
        <Form.Field required error={Boolean(err('content'))}>
          <label htmlFor="feedback-content">{f('fields.content')}</label>
          <textarea id="feedback-content" rows={5} data-testid="feedback-content" {...register('content')} />
          <div className="sf-hint">{f('count', { n: content.length, max: FEEDBACK_LIMITS.contentMax })}</div>
          <FieldError testId="feedback-content" error={err('content')} />
        </Form.Field>
        <Form.Field error={Boolean(err('pictures'))}>
          <label>{f('fields.pictures')}</label>
          <Controller control={control} name="pictures" render={({ field }) => <PictureUpload value={field.value} onChange={field.onChange} rules={PICTURES} testId="feedback-pictures" />} />
          <FieldError testId="feedback-pictures" error={err('pictures')} />
        </Form.Field>
        <Form.Field>
          <div className="ui checkbox">
            <input id="feedback-anonymous" type="checkbox" data-testid="feedback-anonymous" {...register('anonymous')} />
            <label htmlFor="feedback-anonymous">{f('fields.anonymous')}</label>
          </div>
          <div className="sf-hint">{f('fields.anonymousHint')}</div>
        </Form.Field>
        <Button type="submit" primary size="small" loading={formState.isSubmitting} content={f('actions.submit')} data-testid="feedback-save" />
        <Button type="button" size="small" content={f('actions.cancel')} onClick={() => onDone(null)} />
      </Form>
    </Segment>
  );
}
