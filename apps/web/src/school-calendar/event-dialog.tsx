import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button, Checkbox, Form, Message, Modal } from 'semantic-ui-react';
import {
  CALENDAR_LIMITS,
  type CalendarEvent,
  EVENT_CATEGORIES,
  type EventCategory,
  eventInputSchema,
  type EventValues,
  RULE_FREQS,
  ruleOf,
  type RuleFreq,
  type SchoolCalendar,
  simpleRule,
  WEEKDAY_CODES,
  type WeekdayCode,
} from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import { firstMessage, namespacedMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import { adminResolver } from '../views/ms/admin-form.js';
import { calendarName, useCalendarT } from './use-calendar-t.js';
import { useSaveEvent } from './use-save-event.js';

type Repeat = 'none' | RuleFreq | 'custom';
type Ends = 'never' | 'until' | 'count';

/** What the dialog's inputs hold: dates and times apart, the rule as its simple parts or as text. */
export interface EventDraft {
  calendarId: string;
  title: string;
  category: EventCategory;
  allDay: boolean;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  location: string;
  description: string;
  repeat: Repeat;
  interval: string;
  byDay: WeekdayCode[];
  ends: Ends;
  until: string;
  count: string;
  rule: string;
  skipHolidays: boolean;
}

const split = (text: string): [string, string] => [text.slice(0, 10), text.length > 10 ? text.slice(11, 16) : ''];

/** A new event's draft: the day or time chosen on the calendar, in the first calendar I may change. */
export function newEventDraft(calendarId: string, allDay: boolean, start: string, end: string): EventDraft {
  const [startDate, startTime] = split(start);
  const [endDate, endTime] = split(end);
  return { calendarId, title: '', category: 'other', allDay, startDate, startTime: startTime || '08:00', endDate, endTime: endTime || '09:00', location: '', description: '', repeat: 'none', interval: '1', byDay: [], ends: 'never', until: '', count: '10', rule: '', skipHolidays: true };
}

/** A stored event's draft (a rule the simple controls cannot show is kept as text). */
export function eventDraft(e: CalendarEvent): EventDraft {
  const [startDate, startTime] = split(e.start);
  const [endDate, endTime] = split(e.end);
  const simple = simpleRule(e.rrule);
  return {
    calendarId: e.calendarId,
    title: e.title,
    category: e.category,
    allDay: e.allDay,
    startDate,
    startTime: startTime || '08:00',
    endDate,
    endTime: endTime || '09:00',
    location: e.location,
    description: e.description,
    repeat: e.rrule === null ? 'none' : simple ? simple.freq : 'custom',
    interval: String(simple?.interval ?? 1),
    byDay: simple?.byDay ?? [],
    ends: simple?.count ? 'count' : simple?.until ? 'until' : 'never',
    until: simple?.until ?? '',
    count: String(simple?.count ?? 10),
    rule: e.rrule ?? '',
    skipHolidays: e.skipHolidays,
  };
}

/** The rule the draft's controls say, or null: no recurrence. */
function draftRule(d: EventDraft): string | null {
  if (d.repeat === 'none') return null;
  if (d.repeat === 'custom') return d.rule.trim();
  const interval = Number(d.interval);
  return ruleOf({
    freq: d.repeat,
    interval: Number.isInteger(interval) && interval > 0 ? interval : 1,
    byDay: d.byDay,
    until: d.ends === 'until' && d.until ? d.until : null,
    count: d.ends === 'count' && /^\d+$/.test(d.count) ? Number(d.count) : null,
  });
}

// the draft becomes the input the server validates, by the same schema
const resolver = adminResolver(eventInputSchema, (d: EventDraft) => ({
  calendarId: d.calendarId,
  title: d.title,
  category: d.category,
  allDay: d.allDay,
  start: d.allDay ? d.startDate : `${d.startDate} ${d.startTime}`,
  end: d.allDay ? d.endDate : `${d.endDate} ${d.endTime}`,
  location: d.location,
  description: d.description,
  rrule: draftRule(d),
  skipHolidays: d.skipHolidays,
}));

/**
 * The event dialog (新建日程 / edit): calendar, title, category, all day or times, place, notes and the recurrence —
 * none, daily, weekly on chosen weekdays, monthly, yearly, every n, until a date or a number of times, or a rule
 * written out — checked by the contract's schema here and again by the server. A series is changed as a whole.
 */
export function EventDialog({ id, draft, calendars, readOnly, override, onDelete, onClose }: { id: string | null; draft: EventDraft; calendars: readonly SchoolCalendar[]; readOnly: boolean; override: boolean; onDelete: (() => void) | null; onClose: () => void }) {
  const { c, t } = useCalendarT();
  const save = useSaveEvent();
  const { control, register, handleSubmit, formState } = useForm<EventDraft, unknown, EventValues>({ defaultValues: draft, resolver });
  const [allDay, repeat, ends] = useWatch({ control, name: ['allDay', 'repeat', 'ends'] });
  const err = (field: string) => {
    const m = firstMessage((formState.errors as Record<string, unknown>)[field]);
    return m ? namespacedMessage(m) : undefined;
  };
  const options = useMemo(() => calendars.filter((x) => x.canEdit || x.id === draft.calendarId), [calendars, draft.calendarId]);
  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id, body });
      toast.success(c('hints.saved'));
      onClose();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  const recurring = id !== null && draft.repeat !== 'none';

  return (
    <Modal open size="small" onClose={onClose} closeOnDimmerClick={false} data-testid="calendar-event-dialog">
      <Modal.Header>{id === null ? c('actions.newEvent') : draft.title}</Modal.Header>
      <Modal.Content scrolling>
        {readOnly ? <Message info size="small" content={c('hints.readOnly')} /> : override ? <Message info size="small" content={c('hints.occurrence')} /> : recurring ? <Message info size="small" content={c('hints.recurring')} /> : null}
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          noValidate
        >
          <fieldset disabled={readOnly} className="sf-calendar-fieldset">
            <Form.Group widths="equal">
              <Form.Field required error={Boolean(err('calendarId'))}>
                <label htmlFor="calendar-event-calendar">{c('fields.calendar')}</label>
                <select id="calendar-event-calendar" className="ui fluid dropdown" data-testid="calendar-event-calendar" {...register('calendarId')}>
                  {options.map((x) => (
                    <option key={x.id} value={x.id}>
                      {calendarName(x)}
                    </option>
                  ))}
                </select>
                <FieldError testId="calendar-event-calendar" error={err('calendarId')} />
              </Form.Field>
              <Form.Field>
                <label htmlFor="calendar-event-category">{c('fields.category')}</label>
                <select id="calendar-event-category" className="ui fluid dropdown" data-testid="calendar-event-category" {...register('category')}>
                  {EVENT_CATEGORIES.map((k) => (
                    <option key={k} value={k}>
                      {c(`categories.${k}`)}
                    </option>
                  ))}
                </select>
              </Form.Field>
            </Form.Group>
            <Form.Field required error={Boolean(err('title'))}>
              <label htmlFor="calendar-event-title">{c('fields.title')}</label>
              <input id="calendar-event-title" data-testid="calendar-event-title" maxLength={CALENDAR_LIMITS.titleMax + 20} {...register('title')} />
              <FieldError testId="calendar-event-title" error={err('title')} />
            </Form.Field>
            <Controller control={control} name="allDay" render={({ field }) => <Form.Field><Checkbox toggle label={c('fields.allDay')} checked={field.value} data-testid="calendar-event-allday" onChange={(_e, d) => field.onChange(Boolean(d.checked))} /></Form.Field>} />
            <Form.Group widths="equal">
              <Form.Field required error={Boolean(err('start'))}>
                <label htmlFor="calendar-event-start-date">{allDay ? c('fields.startDate') : c('fields.start')}</label>
                <div className="sf-calendar-when">
                  <input id="calendar-event-start-date" type="date" data-testid="calendar-event-start-date" {...register('startDate')} />
                  {allDay ? null : <input type="time" aria-label={c('fields.start')} data-testid="calendar-event-start-time" {...register('startTime')} />}
                </div>
                <FieldError testId="calendar-event-start" error={err('start')} />
              </Form.Field>
              <Form.Field required error={Boolean(err('end'))}>
                <label htmlFor="calendar-event-end-date">{allDay ? c('fields.endDate') : c('fields.end')}</label>
                <div className="sf-calendar-when">
                  <input id="calendar-event-end-date" type="date" data-testid="calendar-event-end-date" {...register('endDate')} />
                  {allDay ? null : <input type="time" aria-label={c('fields.end')} data-testid="calendar-event-end-time" {...register('endTime')} />}
                </div>
                <FieldError testId="calendar-event-end" error={err('end')} />
              </Form.Field>
            </Form.Group>
            <Form.Field error={Boolean(err('location'))}>
              <label htmlFor="calendar-event-location">{c('fields.location')}</label>
              <input id="calendar-event-location" data-testid="calendar-event-location" {...register('location')} />
              <FieldError testId="calendar-event-location" error={err('location')} />
            </Form.Field>
            <Form.Field error={Boolean(err('description'))}>
              <label htmlFor="calendar-event-description">{c('fields.description')}</label>
              <textarea id="calendar-event-description" rows={2} data-testid="calendar-event-description" {...register('description')} />
              <FieldError testId="calendar-event-description" error={err('description')} />
            </Form.Field>
            {override ? null : <RepeatFields control={control} register={register} repeat={repeat} ends={ends} error={err('rrule')} />}
          </fieldset>
        </Form>
      </Modal.Content>
      <Modal.Actions>
        {onDelete ? <Button negative basic floated="left" type="button" icon="trash" content={c('actions.delete')} onClick={onDelete} data-testid="calendar-event-delete" /> : null}
        <Button basic type="button" onClick={onClose} data-testid="calendar-event-dialog-cancel">
          {readOnly ? t('admin.close') : t('admin.cancel')}
        </Button>
        {readOnly ? null : <Button primary type="button" loading={formState.isSubmitting} disabled={formState.isSubmitting} onClick={() => void submit()} content={t('admin.save')} data-testid="calendar-event-dialog-save" />}
      </Modal.Actions>
    </Modal>
  );
}

type Reg = ReturnType<typeof useForm<EventDraft, unknown, EventValues>>['register'];
type Ctl = ReturnType<typeof useForm<EventDraft, unknown, EventValues>>['control'];

/** Repeat: none, the simple forms (every n; weekdays of a weekly one; until a date or n times), or a rule as text. */
function RepeatFields({ control, register, repeat, ends, error }: { control: Ctl; register: Reg; repeat: Repeat; ends: Ends; error: string | undefined }) {
  const { c } = useCalendarT();
  const simple = repeat !== 'none' && repeat !== 'custom';
  return (
    <div className="sf-calendar-repeat" data-testid="calendar-event-repeat-fields">
      <Form.Group widths="equal">
        <Form.Field error={Boolean(error)}>
          <label htmlFor="calendar-event-repeat">{c('fields.repeat')}</label>
          <select id="calendar-event-repeat" className="ui fluid dropdown" data-testid="calendar-event-repeat" {...register('repeat')}>
            {(['none', ...RULE_FREQS, 'custom'] as const).map((r) => (
              <option key={r} value={r}>
                {c(`repeat.${r}`)}
              </option>
            ))}
          </select>
        </Form.Field>
        {simple ? (
          <Form.Field>
            <label htmlFor="calendar-event-interval">{c('fields.interval')}</label>
            <input id="calendar-event-interval" type="number" min={1} max={CALENDAR_LIMITS.intervalMax} data-testid="calendar-event-interval" {...register('interval')} />
          </Form.Field>
        ) : null}
      </Form.Group>
      {repeat === 'WEEKLY' ? (
        <Form.Field>
          <label>{c('fields.weekdays')}</label>
          <Controller
            control={control}
            name="byDay"
            render={({ field }) => (
              <div className="sf-calendar-weekdays" data-testid="calendar-event-weekdays">
                {WEEKDAY_CODES.map((d) => (
                  <Checkbox key={d} label={c(`weekdays.${d}`)} checked={field.value.includes(d)} data-testid={`calendar-event-weekday-${d}`} onChange={(_e, x) => field.onChange(x.checked ? [...field.value, d] : field.value.filter((v) => v !== d))} />
                ))}
              </div>
            )}
          />
        </Form.Field>
      ) : null}
      {simple ? (
        <Form.Group widths="equal">
          <Form.Field>
            <label htmlFor="calendar-event-ends">{c('fields.ends')}</label>
            <select id="calendar-event-ends" className="ui fluid dropdown" data-testid="calendar-event-ends" {...register('ends')}>
              {(['never', 'until', 'count'] as const).map((e) => (
                <option key={e} value={e}>
                  {c(`ends.${e}`)}
                </option>
              ))}
            </select>
          </Form.Field>
          {ends === 'until' ? (
            <Form.Field>
              <label htmlFor="calendar-event-until">{c('fields.until')}</label>
              <input id="calendar-event-until" type="date" data-testid="calendar-event-until" {...register('until')} />
            </Form.Field>
          ) : ends === 'count' ? (
            <Form.Field>
              <label htmlFor="calendar-event-count">{c('fields.count')}</label>
              <input id="calendar-event-count" type="number" min={1} max={CALENDAR_LIMITS.countMax} data-testid="calendar-event-count" {...register('count')} />
            </Form.Field>
          ) : null}
        </Form.Group>
      ) : null}
      {repeat === 'custom' ? (
        <Form.Field error={Boolean(error)}>
          <label htmlFor="calendar-event-rule">{c('fields.rrule')}</label>
          <input id="calendar-event-rule" data-testid="calendar-event-rule" placeholder="FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20270115" {...register('rule')} />
        </Form.Field>
      ) : null}
      <FieldError testId="calendar-event-rule" error={error} />
      {repeat !== 'none' ? (
        <Controller control={control} name="skipHolidays" render={({ field }) => <Form.Field><Checkbox label={c('fields.skipHolidays')} checked={field.value} data-testid="calendar-event-skip-holidays" onChange={(_e, d) => field.onChange(Boolean(d.checked))} /></Form.Field>} />
      ) : null}
    </div>
  );
}
