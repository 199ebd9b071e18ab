import { zodResolver } from '@hookform/resolvers/zod';
import { NIGHT_RECORD_KINDS, nightRecordInputSchema, type NightRecordInput, type NightRecordValues } from '@schoolflow/contracts';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button, Form, Segment } from 'semantic-ui-react';
import { errorMessage } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { RefSelect } from '../resources/ref-select.js';
import { fieldMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { useDormitoriesT } from './use-dormitories-t.js';
import { useRecordNight } from './use-night-records.js';

const resolver = zodResolver(nightRecordInputSchema);
type Field = keyof NightRecordInput;

/** 登记 a late return (with the time they came back) or a night away; the head teacher is told by the server. */
export function NightRecordForm({ today, onDone }: { today: string; onDone: () => void }) {
  const { d } = useDormitoriesT();
  const record = useRecordNight();
  const { register, control, handleSubmit, formState } = useForm<NightRecordInput, unknown, NightRecordValues>({ defaultValues: { studentId: '', kind: 'late', date: today, time: '', note: '' }, resolver });
  const kind = useWatch({ control, name: 'kind' });
  const err = (field: Field) => fieldMessage(formState.errors[field]);
  const save = handleSubmit(async (body) => {
    try {
      const res = await record.mutateAsync(body);
      toast.success(res.msg || d('results.recorded'));
      onDone();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  return (
    <Segment data-testid="dorm-night-form">
      <Form onSubmit={() => void save()}>
        <Form.Group widths="equal">
          <Form.Field required error={Boolean(err('studentId'))}>
            <label>{d('fields.student')}</label>
            <Controller control={control} name="studentId" render={({ field }) => <RefSelect source="students" value={field.value} onValue={(v) => field.onChange(v ?? '')} testId="dorm-night-student" emptyText={d('validation.studentRequired')} alwaysSearch />} />
            <FieldError testId="dorm-night-student" error={err('studentId')} />
          </Form.Field>
          <Form.Field required>
            <label htmlFor="dorm-night-kind">{d('fields.kind')}</label>
            <select id="dorm-night-kind" className="ui dropdown" data-testid="dorm-night-kind" {...register('kind')}>
              {NIGHT_RECORD_KINDS.map((k) => (
                <option key={k} value={k}>
                  {d(`nightKinds.${k}`)}
                </option>
              ))}
            </select>
          </Form.Field>
          <Form.Field required error={Boolean(err('date'))}>
            <label htmlFor="dorm-night-date">{d('fields.date')}</label>
            <input id="dorm-night-date" type="date" data-testid="dorm-night-date" {...register('date')} />
            <FieldError testId="dorm-night-date" error={err('date')} />
          </Form.Field>
          {kind === 'late' ? (
            <Form.Field required error={Boolean(err('time'))}>
              <label htmlFor="dorm-night-time">{d('fields.time')}</label>
              <input id="dorm-night-time" placeholder="22:40" data-testid="dorm-night-time" {...register('time')} />
              <FieldError testId="dorm-night-time" error={err('time')} />
            </Form.Field>
          ) : null}
        </Form.Group>
        <Form.Field error={Boolean(err('note'))}>
          <label htmlFor="dorm-night-note">{d('fields.note')}</label>
          <input id="dorm-night-note" data-testid="dorm-night-note" {...register('note')} />
          <FieldError testId="dorm-night-note" error={err('note')} />
        </Form.Field>
        <Button type="submit" primary size="small" loading={formState.isSubmitting} content={d('actions.record')} data-testid="dorm-night-save" />
        <Button type="button" size="small" content={d('actions.cancel')} onClick={onDone} />
      </Form>
    </Segment>
  );
}
