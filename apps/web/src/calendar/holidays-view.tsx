import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Label, Message } from 'semantic-ui-react';
import { type Holiday, HOLIDAY_KINDS, HOLIDAY_MANAGE_PERMISSION, HOLIDAY_NAME_MAX, holidayInputSchema, weekdayOf } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { confirmAction } from '../components/confirm-store.js';
import { actionsColumn, type Column, DeleteButton, ListCard, RowButton, ToolButton } from '../components/list-page.js';
import { useT } from '../i18n/use-t.js';
import { type ParamCodec, useViewParam } from '../router/use-view-param.js';
import type { ViewProps } from '../router/view-props.js';
import { toast } from '../util/toast.js';
import { useDialogTarget } from '../util/use-disclosure.js';
import { adminResolver, FormSelect, FormText } from '../views/ms/admin-form.js';
import { FormModal } from '../views/ms/admin-kit.js';
import { schoolToday } from '../timetable/week-grid-model.js';
import { useDeleteHoliday } from './use-delete-holiday.js';
import { useHolidays } from './use-holidays.js';
import { useSaveHoliday } from './use-save-holiday.js';

/** What the form's inputs hold: the weekday as a select's text ('' for none). */
interface Draft {
  id: string | null;
  date: string;
  kind: Holiday['kind'];
  name: string;
  replacesWeekday: string;
}

const WEEKDAY_KEYS = ['1', '2', '3', '4', '5', '6', '7'] as const;
/** A calendar year in the address (`?year=2027`). */
const yearParam: ParamCodec<number> = { parse: (s) => (/^\d{4}$/.test(s) ? Number(s) : undefined), format: String };

const resolver = adminResolver(holidayInputSchema, (d: Draft) => ({ date: d.date, kind: d.kind, name: d.name.trim(), replacesWeekday: d.kind === 'workday' ? d.replacesWeekday : '' }));

/**
 * 法定节假日设置 (`/fdjjrsz`; docs/product/office.md#public-holidays): a year's declared days — holidays (no lessons,
 * not counted in a leave's days) and make-up workdays (the lessons of the weekday chosen) — with new, edit and delete
 * for administrators; the server checks every rule again.
 */
export default function HolidaysView({ active }: ViewProps) {
  const { t } = useT();
  const [year, setYear] = useViewParam('year', Number(schoolToday().slice(0, 4)), yearParam);
  const holidays = useHolidays(year, active);
  const remove = useDeleteHoliday();
  const { target: editing, open: openEditor, close: closeEditor } = useDialogTarget<Draft>();
  const weekday = (n: number) => t(`holidays.weekdays.${String(n) as (typeof WEEKDAY_KEYS)[number]}`);
  const list = useMemo(() => ({ page: { total: holidays.data?.length ?? 0, list: holidays.data ?? [] }, loading: holidays.isFetching, reload: () => void holidays.refetch() }), [holidays]);

  const onDelete = async (row: Holiday) => {
    if (!(await confirmAction(t('holidays.confirmDelete', { date: row.date, name: row.name })))) return;
    remove.mutate(row.id, { onSuccess: (res) => toast.success(res.msg || t('admin.deleted')), onError: (e) => toast.error(errorMessage(e)) });
  };

  const columns: Column<Holiday>[] = [
    { title: t('holidays.date'), narrow: true, props: { singleLine: true }, cell: (row) => row.date },
    { title: t('holidays.weekday'), narrow: true, props: { singleLine: true }, cell: (row) => weekday(weekdayOf(row.date)) },
    {
      title: t('holidays.kind'),
      narrow: true,
      props: { singleLine: true },
      cell: (row) => (
        <Label size="tiny" basic color={row.kind === 'holiday' ? 'red' : 'blue'} data-testid="holiday-kind">
          {t(`holidays.kinds.${row.kind}`)}
        </Label>
      ),
    },
    { title: t('holidays.name'), cell: (row) => row.name },
    { title: t('holidays.replacesWeekday'), narrow: true, props: { singleLine: true }, cell: (row) => (row.replacesWeekday ? t('holidays.replacesValue', { weekday: weekday(row.replacesWeekday) }) : '') },
    actionsColumn(t('admin.actions'), HOLIDAY_MANAGE_PERMISSION, (row) => (
      <>
        <RowButton icon="edit" title={t('admin.edit')} onClick={() => openEditor({ id: row.id, date: row.date, kind: row.kind, name: row.name, replacesWeekday: row.replacesWeekday ? String(row.replacesWeekday) : '' })} testId="holiday-edit" />
        <DeleteButton title={t('admin.delete')} onClick={() => void onDelete(row)} testId="holiday-delete" />
      </>
    )),
  ];

  return (
    <div className="sf-page sf-admin" data-testid="holidays-view">
      <Message info size="small" content={t('holidays.hint')} />
      {holidays.isError ? <Message negative content={errorMessage(holidays.error)} /> : null}
      <ListCard
        testId="holidays"
        icon="calendar times outline"
        title={t('holidays.title')}
        sub={
          <span className="sf-card-sub" data-testid="holidays-year">
            {t('holidays.year')} {year}
          </span>
        }
        list={list}
        create={{ permission: HOLIDAY_MANAGE_PERMISSION, onClick: () => openEditor({ id: null, date: `${year}-`, kind: 'holiday', name: '', replacesWeekday: '' }) }}
        tools={
          <>
            <ToolButton icon="angle left" text={String(year - 1)} onClick={() => setYear(year - 1)} testId="holidays-prev-year" />
            <ToolButton icon="angle right" text={String(year + 1)} onClick={() => setYear(year + 1)} testId="holidays-next-year" />
          </>
        }
        columns={columns}
        rowProps={(row) => ({ 'data-date': row.date, 'data-kind': row.kind })}
        emptyText={t('holidays.empty')}
        emptyIcon="calendar outline"
      />
      {editing ? <HolidayForm draft={editing} onClose={closeEditor} /> : null}
    </div>
  );
}

/** The new/edit modal, checked with the schema the server validates with (a workday names its weekday). */
function HolidayForm({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const { t } = useT();
  const save = useSaveHoliday();
  const { control, handleSubmit, formState } = useForm({ defaultValues: draft, resolver });
  const kind = useWatch({ control, name: 'kind' });
  const kinds = HOLIDAY_KINDS.map((k) => ({ value: k, text: t(`holidays.kinds.${k}`) }));
  const weekdays = WEEKDAY_KEYS.map((k) => ({ value: k, text: t(`holidays.weekdays.${k}`) }));
  const submit = handleSubmit(async (body) => {
    try {
      const res = await save.mutateAsync({ id: draft.id, body });
      toast.success(res.msg || t('admin.saved'));
      onClose();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  return (
    <FormModal open size="tiny" title={draft.id ? t('holidays.editTitle', { date: draft.date }) : t('holidays.createTitle')} testId="holiday-form" saving={formState.isSubmitting} onSave={() => void submit()} onClose={onClose}>
      <FormText control={control} name="date" label={t('holidays.date')} testId="holiday-form-date" type="date" required />
      <FormSelect control={control} name="kind" label={t('holidays.kind')} testId="holiday-form-kind" required options={kinds} parse={(v) => (v === 'workday' ? 'workday' : 'holiday')} />
      <FormText control={control} name="name" label={t('holidays.name')} testId="holiday-form-name" placeholder={t('holidays.namePlaceholder')} required maxLength={HOLIDAY_NAME_MAX} />
      {kind === 'workday' ? <FormSelect control={control} name="replacesWeekday" label={t('holidays.replacesWeekday')} testId="holiday-form-weekday" required options={weekdays} placeholder={t('holidays.replacesWeekday')} /> : null}
    </FormModal>
  );
}
