import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { Button, Form, Segment } from 'semantic-ui-react';
import { type ZoubanWindowInput, zoubanWindowInputSchema } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { firstMessage, namespacedMessage } from '../util/form-errors.js';
import { FieldError } from '../components/form-field.js';
import { RefSelect, RefsSelect } from '../resources/ref-select.js';
import { toast } from '../util/toast.js';
import { useClassWalkingT } from './use-class-walking-t.js';
import { useCreateWindow } from './use-create-window.js';
import { gradeLabel } from '../resources/grade-label.js';

/** `datetime-local` text ↔ the school-time text the contract reads (`YYYY-MM-DD HH:mm`). */
const toSchool = (v: string) => v.replace('T', ' ');

const EMPTY: ZoubanWindowInput = {
  name: '',
  semesterId: '',
  grade: 10,
  start: '',
  end: '',
  groups: [
    { name: '首选', courseIds: [], choose: 1 },
    { name: '再选', courseIds: [], choose: 2 },
  ],
  capacity: 45,
  weeklyPeriods: 2,
};

/**
 * 新建走班选科: name, semester, grade, the sign-up window (end after start, checked here by the contract's schema and
 * again by the server), the subject groups with their rules, the teaching classes' capacity and weekly periods.
 */
export function WindowForm({ onDone }: { onDone: () => void }) {
  const { cw } = useClassWalkingT();
  const create = useCreateWindow();
  const { control, register, handleSubmit, formState } = useForm<ZoubanWindowInput>({ defaultValues: EMPTY, resolver: zodResolver(zoubanWindowInputSchema) });
  const groups = useFieldArray({ control, name: 'groups' });
  const err = (e: unknown) => {
    const m = firstMessage(e);
    return m ? namespacedMessage(m) : undefined;
  };
  const save = handleSubmit(async (body) => {
    try {
      await create.mutateAsync(body);
      toast.success(cw('manage.saved'));
      onDone();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  return (
    <Segment data-testid="zouban-form">
      <Form onSubmit={() => void save()}>
        <Form.Group widths="equal">
          <Form.Field>
            <label htmlFor="zouban-name">{cw('manage.name')}</label>
            <input id="zouban-name" data-testid="zouban-name" {...register('name')} />
            <FieldError testId="zouban-name-error" error={err(formState.errors.name)} />
          </Form.Field>
          <Form.Field>
            <label htmlFor="zouban-semester">{cw('manage.semester')}</label>
            <Controller control={control} name="semesterId" render={({ field }) => <RefSelect source="semesters" value={field.value} onValue={field.onChange} testId="zouban-semester" emptyText="" />} />
            <FieldError testId="zouban-semester-error" error={err(formState.errors.semesterId)} />
          </Form.Field>
          <Form.Field>
            <label htmlFor="zouban-grade">{cw('manage.grade')}</label>
            <select id="zouban-grade" className="ui dropdown" data-testid="zouban-grade" {...register('grade', { valueAsNumber: true })}>
              {[10, 11, 12].map((g) => (
                <option key={g} value={g}>
                  {gradeLabel(g)}
                </option>
              ))}
            </select>
          </Form.Field>
        </Form.Group>
        <Form.Group widths="equal">
          <Form.Field>
            <label htmlFor="zouban-start">{cw('manage.start')}</label>
            <input id="zouban-start" type="datetime-local" data-testid="zouban-start" {...register('start', { setValueAs: toSchool })} />
            <FieldError testId="zouban-start-error" error={err(formState.errors.start)} />
          </Form.Field>
          <Form.Field>
            <label htmlFor="zouban-end">{cw('manage.end')}</label>
            <input id="zouban-end" type="datetime-local" data-testid="zouban-end" {...register('end', { setValueAs: toSchool })} />
            <FieldError testId="zouban-end-error" error={err(formState.errors.end)} />
          </Form.Field>
          <Form.Field>
            <label htmlFor="zouban-capacity">{cw('manage.capacity')}</label>
            <input id="zouban-capacity" type="number" data-testid="zouban-capacity" {...register('capacity', { valueAsNumber: true })} />
            <FieldError testId="zouban-capacity-error" error={err(formState.errors.capacity)} />
          </Form.Field>
          <Form.Field>
            <label htmlFor="zouban-periods">{cw('manage.weeklyPeriods')}</label>
            <input id="zouban-periods" type="number" data-testid="zouban-periods" {...register('weeklyPeriods', { valueAsNumber: true })} />
            <FieldError testId="zouban-periods-error" error={err(formState.errors.weeklyPeriods)} />
          </Form.Field>
        </Form.Group>
        <h5>{cw('manage.groups')}</h5>
        {groups.fields.map((g, i) => (
          <Form.Group key={g.id} widths="equal" data-testid="zouban-form-group">
            <Form.Field width={4}>
              <label htmlFor={`zouban-group-${i}`}>{cw('manage.groupName')}</label>
              <input id={`zouban-group-${i}`} {...register(`groups.${i}.name`)} />
            </Form.Field>
            <Form.Field width={8}>
              <label htmlFor={`zouban-group-${i}-courses`}>{cw('manage.courses')}</label>
              <Controller control={control} name={`groups.${i}.courseIds`} render={({ field }) => <RefsSelect source="courses" value={field.value} onValue={field.onChange} testId={`zouban-group-${i}-courses`} max={8} />} />
            </Form.Field>
            <Form.Field width={2}>
              <label htmlFor={`zouban-group-${i}-choose`}>{cw('manage.choose')}</label>
              <input id={`zouban-group-${i}-choose`} type="number" {...register(`groups.${i}.choose`, { valueAsNumber: true })} />
            </Form.Field>
            <Form.Field width={2}>
              <Button type="button" basic size="small" icon="trash" aria-label={cw('manage.removeGroup')} onClick={() => groups.remove(i)} />
            </Form.Field>
            <FieldError testId={`zouban-group-${i}-error`} error={err(formState.errors.groups?.[i])} />
          </Form.Group>
        ))}
        <FieldError testId="zouban-groups-error" error={err(formState.errors.groups?.root ?? (formState.errors.groups as { message?: string } | undefined))} />
        <Button type="button" basic size="small" icon="plus" content={cw('manage.addGroup')} onClick={() => groups.append({ name: '', courseIds: [], choose: 1 })} />
        <Button type="submit" primary size="small" loading={formState.isSubmitting} content={cw('manage.save')} data-testid="zouban-save" />
        <Button type="button" size="small" content={cw('manage.cancel')} onClick={onDone} />
      </Form>
    </Segment>
  );
}
