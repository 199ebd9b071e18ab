import { zodResolver } from '@hookform/resolvers/zod';
import { type DutyGenerateValues, dutyGenerateInputSchema, dutyRosterInputSchema, type DutyRosterInput, type DutyRosterValues } from '@schoolflow/contracts';
import { Controller, useForm } from 'react-hook-form';
import { Button, Dropdown, Form, Message, Segment } from 'semantic-ui-react';
import { errorMessage } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { fieldMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { useCreateRoster } from './use-create-roster.js';
import { useDutyPosts, useDutyStaff } from './use-duty-queries.js';
import { useDutyT } from './use-duty-t.js';
import { useGenerateRoster } from './use-generate-roster.js';
import { withNote } from '../i18n/punctuation.js';

/** 新建排班: a title and its days (at most 31), checked by the contract's schema here and again by the server. */
export function RosterForm({ onDone }: { onDone: (id: string | null) => void }) {
  const { d } = useDutyT();
  const create = useCreateRoster();
  const { register, handleSubmit, formState } = useForm<DutyRosterInput, unknown, DutyRosterValues>({ defaultValues: { title: '', fromDate: '', toDate: '' }, resolver: zodResolver(dutyRosterInputSchema) });
  const save = handleSubmit(async (body) => {
    try {
      const res = await create.mutateAsync(body);
      toast.success(res.msg);
      onDone(res.data?.id ?? null);
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  const err = (f: keyof DutyRosterInput) => fieldMessage(formState.errors[f]);
  return (
    <Segment data-testid="duty-roster-form">
      <Form onSubmit={() => void save()}>
        <Form.Group widths="equal">
          <Form.Field required error={Boolean(err('title'))}>
            <label htmlFor="duty-title">{d('fields.title')}</label>
            <input id="duty-title" data-testid="duty-title" {...register('title')} />
            <FieldError testId="duty-title" error={err('title')} />
          </Form.Field>
          <Form.Field required error={Boolean(err('fromDate'))}>
            <label htmlFor="duty-from">{d('fields.fromDate')}</label>
            <input id="duty-from" type="date" data-testid="duty-from" {...register('fromDate')} />
            <FieldError testId="duty-from" error={err('fromDate')} />
          </Form.Field>
          <Form.Field required error={Boolean(err('toDate'))}>
            <label htmlFor="duty-to">{d('fields.toDate')}</label>
            <input id="duty-to" type="date" data-testid="duty-to" {...register('toDate')} />
            <FieldError testId="duty-to" error={err('toDate')} />
          </Form.Field>
        </Form.Group>
        <Button type="submit" primary size="small" loading={formState.isSubmitting} content={d('actions.save')} data-testid="duty-roster-save" />
        <Button type="button" size="small" content={d('actions.cancel')} onClick={() => onDone(null)} />
      </Form>
    </Segment>
  );
}

/** 自动轮值 over a draft: the posts and the teachers (in the order they take turns). */
export function GenerateForm({ rosterId }: { rosterId: string }) {
  const { d, lang } = useDutyT();
  const posts = useDutyPosts(true);
  const staff = useDutyStaff(true);
  const generate = useGenerateRoster();
  const { control, handleSubmit, formState } = useForm<DutyGenerateValues>({ defaultValues: { postIds: [], teacherIds: [] }, resolver: zodResolver(dutyGenerateInputSchema) });
  const run = handleSubmit(async (body) => {
    try {
      const res = await generate.mutateAsync({ id: rosterId, body });
      toast.success(res.msg);
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  const postOptions = (posts.data ?? []).map((p) => ({ key: p.id, value: p.id, text: `${p.name[lang]} ${p.start}–${p.end}` }));
  const staffOptions = (staff.data ?? []).map((s) => ({ key: s.id, value: s.id, text: s.department ? withNote(s.name, s.department) : s.name }));
  return (
    <Segment data-testid="duty-generate-form">
      <Message info size="small" content={d('hints.rotation')} />
      <Form onSubmit={() => void run()}>
        <Form.Field required error={Boolean(fieldMessage(formState.errors.postIds))}>
          <label>{d('fields.posts')}</label>
          <Controller control={control} name="postIds" render={({ field }) => <Dropdown fluid multiple search selection options={postOptions} value={field.value} data-testid="duty-generate-posts" onChange={(_e, v) => field.onChange(v.value as string[])} />} />
          <FieldError testId="duty-generate-posts" error={fieldMessage(formState.errors.postIds)} />
        </Form.Field>
        <Form.Field required error={Boolean(fieldMessage(formState.errors.teacherIds))}>
          <label>{d('fields.teachers')}</label>
          <Controller control={control} name="teacherIds" render={({ field }) => <Dropdown fluid multiple search selection options={staffOptions} value={field.value} data-testid="duty-generate-teachers" onChange={(_e, v) => field.onChange(v.value as string[])} />} />
          <FieldError testId="duty-generate-teachers" error={fieldMessage(formState.errors.teacherIds)} />
        </Form.Field>
        <Button type="submit" primary size="small" icon="sync" loading={formState.isSubmitting} content={d('actions.generate')} data-testid="duty-generate" />
      </Form>
    </Segment>
  );
}
