import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button, Form } from 'semantic-ui-react';
import { settingsSchema } from '@schoolflow/contracts';
import type { z } from 'zod';
import { reportError } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { toast } from '../util/toast.js';
import { useSaveSettings } from './use-save-settings.js';
import { useTimetableSettings } from './use-timetable-settings.js';
import { useTimetableT } from './use-timetable-t.js';

type DaysInput = z.input<typeof settingsSchema>;
type Days = z.output<typeof settingsSchema>;

/** School days a week (排课's setting; every grid has that many columns): checked by the contract's schema, saved with PUT. */
export function SchoolDaysForm({ active }: { active: boolean }) {
  const { tt, tv } = useTimetableT();
  const settings = useTimetableSettings(active);
  const save = useSaveSettings();
  const form = useForm<DaysInput, unknown, Days>({ resolver: zodResolver(settingsSchema), defaultValues: { days: '' } });
  const loaded = settings.data?.days;
  useEffect(() => {
    if (loaded !== undefined) form.reset({ days: String(loaded) });
  }, [loaded, form]);
  const error = form.formState.errors.days?.message;

  const submit = form.handleSubmit(async (body) => {
    try {
      toast.success(await save.mutateAsync(body));
    } catch (err) {
      reportError(err);
    }
  });

  return (
    <Form noValidate className="sf-tt-days" onSubmit={(e) => void submit(e)} data-testid="tt-days-form">
      <label className="sf-tt-label" htmlFor="tt-days">
        {tt('page.scheduling.days')}
      </label>
      <div className="ui small input sf-tt-days-input">
        <input id="tt-days" type="number" min={1} max={7} step={1} {...form.register('days')} data-testid="tt-days" aria-invalid={Boolean(error)} />
      </div>
      <Button type="submit" size="small" basic primary loading={save.isPending} disabled={save.isPending || !form.formState.isDirty} data-testid="tt-days-save">
        {tt('page.scheduling.saveDays')}
      </Button>
      <FieldError testId="tt-days" error={error ? tv(error) : undefined} />
    </Form>
  );
}
