import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Button, Checkbox, Form } from 'semantic-ui-react';
import { type ElectiveBatchInput, electiveBatchInputSchema, type ElectiveBatchValues, ELECTIVE_MODES } from '@schoolflow/contracts';
import { reportError } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { firstMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { useCreateBatch } from './use-create-batch.js';
import { useElectivesT } from './use-electives-t.js';
import { gradeLabel } from '../resources/grade-label.js';

const GRADES = [10, 11, 12];

/** 新建批次: checked by the contract's schema (the server checks it again), saved with POST. */
export function BatchForm({ semesterId, onDone }: { semesterId: string; onDone: () => void }) {
  const { e, tv } = useElectivesT();
  const create = useCreateBatch();
  const form = useForm<ElectiveBatchInput, unknown, ElectiveBatchValues>({
    resolver: zodResolver(electiveBatchInputSchema),
    defaultValues: { name: '', semesterId, grades: [10], start: '', end: '', maxPerStudent: 1, mode: 'first-come' },
  });
  const err = (name: keyof ElectiveBatchInput) => {
    const m = firstMessage(form.formState.errors[name]);
    return m ? tv(m) : undefined;
  };
  const submit = form.handleSubmit(async (body) => {
    try {
      await create.mutateAsync({ ...body, leftoverEnd: body.leftoverEnd || undefined });
      toast.success(e('web.saved'));
      onDone();
    } catch (error) {
      reportError(error);
    }
  });
  const field = (name: 'name' | 'start' | 'end' | 'maxPerStudent' | 'leftoverEnd', type: string) => (
    <Form.Field key={name}>
      <label htmlFor={`batch-${name}`}>{e(`web.batchForm.${name}`)}</label>
      <input id={`batch-${name}`} type={type} data-testid={`batch-${name}`} {...form.register(name, name === 'leftoverEnd' ? { setValueAs: (v: string) => v || undefined } : {})} />
      <FieldError testId={`batch-${name}`} error={err(name)} />
    </Form.Field>
  );
  return (
    <Form noValidate onSubmit={(ev) => void submit(ev)} data-testid="batch-form">
      {field('name', 'text')}
      <Form.Field>
        <label>{e('web.batchForm.grades')}</label>
        <Controller
          control={form.control}
          name="grades"
          render={({ field: f }) => (
            <div>
              {GRADES.map((g) => (
                <Checkbox
                  key={g}
                  label={gradeLabel(g)}
                  checked={(f.value as number[]).includes(g)}
                  data-testid={`batch-grade-${g}`}
                  onChange={(_, d) => f.onChange(d.checked ? [...(f.value as number[]), g] : (f.value as number[]).filter((x) => x !== g))}
                  style={{ marginRight: '1em' }}
                />
              ))}
            </div>
          )}
        />
        <FieldError testId="batch-grades" error={err('grades')} />
      </Form.Field>
      <Form.Group widths="equal">
        {field('start', 'datetime-local')}
        {field('end', 'datetime-local')}
      </Form.Group>
      <Form.Group widths="equal">
        {field('maxPerStudent', 'number')}
        <Form.Field>
          <label htmlFor="batch-mode">{e('web.batchForm.mode')}</label>
          <select id="batch-mode" data-testid="batch-mode" {...form.register('mode')}>
            {ELECTIVE_MODES.map((m) => (
              <option key={m} value={m}>
                {e(`modes.${m}`)}
              </option>
            ))}
          </select>
        </Form.Field>
        {field('leftoverEnd', 'datetime-local')}
      </Form.Group>
      <Button type="submit" primary loading={create.isPending} disabled={create.isPending} data-testid="batch-save" content={e('web.save')} />
      <Button type="button" onClick={onDone} content={e('web.cancel')} />
    </Form>
  );
}
