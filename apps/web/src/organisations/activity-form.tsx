import { zodResolver } from '@hookform/resolvers/zod';
import { ACTIVITY_AUDIENCES, type ActivityAudience, activityInputSchema, type ActivityValues, ORGANISATION_LIMITS } from '@schoolflow/contracts';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Button, Form, Message, Segment } from 'semantic-ui-react';
import { errorMessage } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { fieldMessage, firstMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { localInput } from '../workflow/flow-model.js';
import { usePublishActivity } from './use-organisation-commands.js';
import { useOrganisationsT } from './use-organisations-t.js';

interface Draft {
  title: string;
  text: string;
  place: string;
  /** The inputs' own `YYYY-MM-DDTHH:mm`, sent as school time. */
  startAt: string;
  endAt: string;
  audience: ActivityAudience;
}
type Field = keyof Draft;

const schemaResolver = zodResolver(activityInputSchema);
/** The shared schema on the draft: times as school time text. */
const resolver: Resolver<Draft, unknown, ActivityValues> = async (values, context, options) => {
  const body = { ...values, startAt: values.startAt ? localInput.toSchool(values.startAt) : '', endAt: values.endAt ? localInput.toSchool(values.endAt) : '' };
  const parsed = await schemaResolver(body as never, context, options as never);
  const errors: FieldErrors<Draft> = {};
  for (const [field, error] of Object.entries(parsed.errors) as [Field, unknown][]) {
    const message = firstMessage(error);
    if (message) errors[field] = { type: 'validate', message };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values: parsed.values as ActivityValues, errors: {} };
};

/**
 * 发布活动: a title, what it is, where and when, and to whom — published at once as a post of kind activity
 * (信息发布 → 活动), its recipients told (docs/product/campus-life.md#activities).
 */
export function ActivityForm({ bodyId, onDone }: { bodyId: string; onDone: () => void }) {
  const { o } = useOrganisationsT();
  const publish = usePublishActivity(bodyId);
  const { register, handleSubmit, formState } = useForm<Draft, unknown, ActivityValues>({ defaultValues: { title: '', text: '', place: '', startAt: '', endAt: '', audience: 'members' }, resolver });
  const err = (field: Field) => fieldMessage(formState.errors[field]);
  const save = handleSubmit(async (body) => {
    try {
      const res = await publish.mutateAsync(body);
      toast.success(res.msg || o('results.published'));
      onDone();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  return (
    <Segment data-testid="org-activity-form">
      <Message info size="small" content={o('hints.activity')} />
      <Form onSubmit={() => void save()}>
        <Form.Field required error={Boolean(err('title'))}>
          <label htmlFor="org-activity-title">{o('fields.title')}</label>
          <input id="org-activity-title" data-testid="org-activity-title" maxLength={ORGANISATION_LIMITS.activityTitleMax + 10} {...register('title')} />
          <FieldError testId="org-activity-title" error={err('title')} />
        </Form.Field>
        <Form.Field required error={Boolean(err('text'))}>
          <label htmlFor="org-activity-text">{o('fields.text')}</label>
          <textarea id="org-activity-text" rows={4} data-testid="org-activity-text" {...register('text')} />
          <FieldError testId="org-activity-text" error={err('text')} />
        </Form.Field>
        <Form.Group widths="equal">
          <Form.Field error={Boolean(err('place'))}>
            <label htmlFor="org-activity-place">{o('fields.place')}</label>
            <input id="org-activity-place" data-testid="org-activity-place" {...register('place')} />
            <FieldError testId="org-activity-place" error={err('place')} />
          </Form.Field>
          <Form.Field error={Boolean(err('startAt'))}>
            <label htmlFor="org-activity-start">{o('fields.startAt')}</label>
            <input id="org-activity-start" type="datetime-local" data-testid="org-activity-start" {...register('startAt')} />
            <FieldError testId="org-activity-start" error={err('startAt')} />
          </Form.Field>
          <Form.Field error={Boolean(err('endAt'))}>
            <label htmlFor="org-activity-end">{o('fields.endAt')}</label>
            <input id="org-activity-end" type="datetime-local" data-testid="org-activity-end" {...register('endAt')} />
            <FieldError testId="org-activity-end" error={err('endAt')} />
          </Form.Field>
        </Form.Group>
        <Form.Field required>
          <label htmlFor="org-activity-audience">{o('fields.audience')}</label>
          <select id="org-activity-audience" className="ui dropdown" data-testid="org-activity-audience" {...register('audience')}>
            {ACTIVITY_AUDIENCES.map((a) => (
              <option key={a} value={a}>
                {o(`audience.${a}`)}
              </option>
            ))}
          </select>
        </Form.Field>
        <Button type="submit" primary size="small" loading={formState.isSubmitting} content={o('actions.publish')} data-testid="org-activity-save" />
        <Button type="button" size="small" content={o('actions.cancel')} onClick={onDone} />
      </Form>
    </Segment>
  );
}
