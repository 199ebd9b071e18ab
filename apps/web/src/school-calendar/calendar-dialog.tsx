import { Controller, useForm, useWatch } from 'react-hook-form';
import { Checkbox, Dropdown, Form } from 'semantic-ui-react';
import { CALENDAR_LIMITS, calendarInputSchema, type CalendarInput, type CalendarValues, type SchoolCalendar } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { firstMessage, namespacedMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { adminResolver } from '../views/ms/admin-form.js';
import { FormModal } from '../views/ms/admin-kit.js';
import { useCalendarT } from './use-calendar-t.js';
import { useReaderOptions } from './use-reader-options.js';
import { useSaveCalendar } from './use-save-calendar.js';

interface Draft {
  name: string;
  color: string;
  all: boolean;
  roles: string[];
  departmentIds: string[];
}

const resolver = adminResolver(calendarInputSchema, (d: Draft): CalendarInput => ({ name: d.name, color: d.color, readers: { all: d.all, roles: d.roles, departmentIds: d.departmentIds } }));

/**
 * A shared calendar made or changed by a manager (新建共享日历 / 编辑日历): its name, colour and readers — everyone, or
 * roles and departments (a department's sub-departments read too). The school calendar keeps everyone as its readers.
 */
export function CalendarDialog({ calendar, onClose }: { calendar: SchoolCalendar | null; onClose: () => void }) {
  const { c, lang } = useCalendarT();
  const save = useSaveCalendar();
  const options = useReaderOptions(true);
  const school = calendar?.kind === 'school';
  const { control, register, handleSubmit, formState } = useForm<Draft, unknown, CalendarValues>({
    defaultValues: calendar ? { name: calendar.name, color: calendar.color, all: calendar.readers.all, roles: calendar.readers.roles, departmentIds: calendar.readers.departmentIds } : { name: '', color: '#f2711c', all: false, roles: [], departmentIds: [] },
    resolver,
  });
  const all = useWatch({ control, name: 'all' });
  const err = (field: string) => {
    const m = firstMessage((formState.errors as Record<string, unknown>)[field]);
    return m ? namespacedMessage(m) : undefined;
  };
  const roles = (options.data?.roles ?? []).map((r) => ({ key: r.code, value: r.code, text: r.name[lang] }));
  const departments = (options.data?.departments ?? []).map((d) => ({ key: d.id, value: d.id, text: d.name[lang] }));
  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: calendar?.id ?? null, body });
      toast.success(c('hints.calendarSaved'));
      onClose();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  return (
    <FormModal open size="tiny" title={calendar ? c('actions.editCalendar') : c('actions.newCalendar')} testId="calendar-dialog" saving={formState.isSubmitting} onSave={() => void submit()} onClose={onClose}>
      <Form.Field required error={Boolean(err('name'))}>
        <label htmlFor="calendar-name">{c('fields.name')}</label>
        <input id="calendar-name" data-testid="calendar-name" maxLength={CALENDAR_LIMITS.nameMax + 10} {...register('name')} />
        <FieldError testId="calendar-name" error={err('name')} />
      </Form.Field>
      <Form.Field required error={Boolean(err('color'))}>
        <label htmlFor="calendar-color">{c('fields.color')}</label>
        <input id="calendar-color" type="color" className="sf-calendar-color-input" data-testid="calendar-color" {...register('color')} />
        <FieldError testId="calendar-color" error={err('color')} />
      </Form.Field>
      {school ? null : (
        <>
          <Controller control={control} name="all" render={({ field }) => <Form.Field><Checkbox toggle label={c('fields.readersAll')} checked={field.value} data-testid="calendar-readers-all" onChange={(_e, d) => field.onChange(Boolean(d.checked))} /></Form.Field>} />
          {all ? null : (
            <>
              <Form.Field>
                <label>{c('fields.readerRoles')}</label>
                <Controller control={control} name="roles" render={({ field }) => <Dropdown fluid multiple search selection options={roles} value={field.value} loading={options.isLoading} data-testid="calendar-readers-roles" onChange={(_e, d) => field.onChange(d.value as string[])} />} />
              </Form.Field>
              <Form.Field>
                <label>{c('fields.readerDepartments')}</label>
                <Controller control={control} name="departmentIds" render={({ field }) => <Dropdown fluid multiple search selection options={departments} value={field.value} data-testid="calendar-readers-departments" onChange={(_e, d) => field.onChange(d.value as string[])} />} />
              </Form.Field>
            </>
          )}
          <FieldError testId="calendar-readers" error={err('readers')} />
        </>
      )}
    </FormModal>
  );
}
