import { useEffect, useMemo, useState } from 'react';
import FullCalendar from '@fullcalendar/react';
import type { DateSelectArg, DatesSetArg, EventClickArg, EventDropArg, EventInput } from '@fullcalendar/core';
import zhCnLocale from '@fullcalendar/core/locales/zh-cn';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Button, Checkbox, Icon, Label, List, Message, Segment } from 'semantic-ui-react';
import { type CalendarOccurrence, endText, type EventMoveValues, type SchoolCalendar, wallMs, wallText } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { confirmAction } from '../components/confirm-store.js';
import type { ViewProps } from '../router/view-props.js';
import { toast } from '../util/toast.js';
import { useDialogTarget } from '../util/use-disclosure.js';
import { toggled } from '../util/use-selection.js';
import { CalendarDialog } from './calendar-dialog.js';
import { EventDialog, eventDraft, type EventDraft, newEventDraft } from './event-dialog.js';
import { ScopeDialog } from './scope-dialog.js';
import { useCalendarEvent } from './use-calendar-event.js';
import { useCalendarRange } from './use-calendar-range.js';
import { calendarName, useCalendarT } from './use-calendar-t.js';
import { useCalendars } from './use-calendars.js';
import { useDeleteCalendar } from './use-delete-calendar.js';
import { useDeleteEvent } from './use-delete-event.js';
import { useExportIcs } from './use-export-ics.js';
import { useMoveEvent } from './use-move-event.js';
import './school-calendar.css';

const DAY_MS = 86_400_000;

/** FullCalendar runs in UTC, so the school's wall-clock times pass through unchanged (docs/adr/0058-school-calendar.md#web). */
const fcStart = (o: CalendarOccurrence): string => (o.allDay ? o.start : o.start.replace(' ', 'T'));
const fcEnd = (o: CalendarOccurrence): string => (o.allDay ? wallText((wallMs(o.end) as number) + DAY_MS, true) : o.end.replace(' ', 'T'));

/** What was opened: a new event at a chosen time, or an occurrence. */
type Opened = { kind: 'new'; draft: EventDraft } | { kind: 'event'; o: CalendarOccurrence };
type Asked = { question: string; oneLabel: string; seriesLabel: string; one: () => void; series: () => void; cancel: () => void };

/**
 * 校历管理 (`/xlgl`; docs/product/office.md#school-calendar): the calendars I may read on FullCalendar — month, week and
 * list, in Chinese or English — with the declared holidays shown on their days. Clicking a day adds an event, an
 * event opens its dialog, dragging moves it (a recurring one: this occurrence or the whole series). Managers make and
 * change shared calendars; every calendar exports as iCal. The server checks every rule again.
 */
export default function SchoolCalendarView({ active }: ViewProps) {
  const { c, lang } = useCalendarT();
  const calendars = useCalendars(active);
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const data = useCalendarRange(range, active);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const { target: opened, open: openEventDialog, close: closeEventDialog } = useDialogTarget<Opened>();
  const { target: asked, open: ask, close: closeQuestion } = useDialogTarget<Asked>();
  const { target: calendarForm, open: openCalendarForm, close: closeCalendarForm } = useDialogTarget<SchoolCalendar | 'new'>();
  const move = useMoveEvent();
  const list = useMemo(() => calendars.data ?? [], [calendars.data]);
  const editable = list.filter((x) => x.canEdit);
  const manages = list.some((x) => x.kind === 'school' && x.canEdit);
  const colour = useMemo(() => new Map(list.map((x) => [x.id, x.color])), [list]);

  const events = useMemo<EventInput[]>(() => {
    const out: EventInput[] = [];
    for (const o of data.data?.occurrences ?? []) {
      if (hidden.has(o.calendarId)) continue;
      const color = colour.get(o.calendarId) ?? '#767676';
      out.push({ id: `${o.eventId}|${o.occurrence ?? ''}`, title: o.title, start: fcStart(o), end: fcEnd(o), allDay: o.allDay, backgroundColor: color, borderColor: color, editable: o.canEdit, classNames: [`sf-calendar-category-${o.category}`], extendedProps: { o } });
    }
    for (const h of data.data?.holidays ?? []) {
      out.push({ id: `holiday-${h.date}`, title: h.kind === 'holiday' ? h.name : `${c('hints.workday')} ${h.name}`, start: h.date, allDay: true, display: 'background', classNames: [`sf-calendar-${h.kind}`] });
    }
    return out;
  }, [data.data, hidden, colour, c]);

  const onDates = (arg: DatesSetArg) => {
    const next = { from: wallText(arg.start.getTime(), true), to: wallText(arg.end.getTime() - DAY_MS, true) };
    setRange((r) => (r && r.from === next.from && r.to === next.to ? r : next));
  };

  const onSelect = (arg: DateSelectArg) => {
    arg.view.calendar.unselect();
    const first = editable.find((x) => x.kind === 'personal') ?? editable[0];
    if (!first) return toast.info(c('hints.noEditable'));
    const start = wallText(arg.start.getTime(), arg.allDay);
    const end = arg.allDay ? endText(arg.end.getTime(), true) : wallText(arg.end.getTime(), false);
    openEventDialog({ kind: 'new', draft: newEventDraft(first.id, arg.allDay, start, end) });
  };

  const onClick = (arg: EventClickArg) => {
    const o = arg.event.extendedProps.o as CalendarOccurrence | undefined;
    if (o) openEventDialog({ kind: 'event', o });
  };

  /** A drag or a resize: one occurrence or the series, asked when the event recurs; the calendar is read again either way. */
  const onMoved = (arg: EventDropArg | EventResizeDoneArg) => {
    const o = arg.event.extendedProps.o as CalendarOccurrence;
    const start = arg.event.start as Date;
    const allDay = arg.event.allDay;
    const endMs = arg.event.end ? arg.event.end.getTime() : start.getTime() + (allDay ? DAY_MS : 3_600_000);
    const base = { occurrence: o.occurrence, allDay, start: wallText(start.getTime(), allDay), end: allDay ? endText(endMs, true) : wallText(endMs, false) };
    const send = (scope: EventMoveValues['scope']) =>
      move.mutate(
        { id: o.eventId, body: { ...base, scope } },
        {
          onSuccess: () => toast.success(c('hints.moved')),
          onError: (e) => {
            arg.revert();
            toast.error(errorMessage(e));
          },
        },
      );
    if (!o.recurring || o.seriesId !== null) return send('occurrence');
    ask({
      question: c('hints.moveAsk', { title: o.title }),
      oneLabel: c('actions.moveOne'),
      seriesLabel: c('actions.moveSeries'),
      one: () => send('occurrence'),
      series: () => send('series'),
      cancel: () => arg.revert(),
    });
  };

  return (
    <div className="sf-page sf-calendar" data-testid="school-calendar-view">
      <Message info size="small" content={c('page.hint')} />
      {calendars.isError ? <Message negative content={errorMessage(calendars.error)} /> : null}
      {data.isError ? <Message negative content={errorMessage(data.error)} /> : null}
      <div className="sf-calendar-layout">
        <CalendarList calendars={list} hidden={hidden} manages={manages} onToggle={(id) => setHidden((h) => toggled(h, id))} onEdit={(x) => openCalendarForm(x)} onNew={() => openCalendarForm('new')} />
        <Segment className="sf-calendar-main" data-testid="school-calendar" data-loading={data.isFetching ? '1' : '0'} data-range={range ? `${range.from}/${range.to}` : ''}>
          <FullCalendar
            key={lang}
            plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
            initialView="dayGridMonth"
            locale={lang === 'zh' ? zhCnLocale : 'en-gb'}
            timeZone="UTC"
            firstDay={1}
            height="auto"
            headerToolbar={{ left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,listMonth' }}
            buttonText={{ today: c('views.today'), month: c('views.month'), week: c('views.week'), list: c('views.list') }}
            eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
            slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
            slotMinTime="07:00:00"
            slotMaxTime="22:00:00"
            dayMaxEvents
            nowIndicator
            selectable={editable.length > 0}
            editable
            eventStartEditable
            eventDurationEditable
            events={events}
            datesSet={onDates}
            select={onSelect}
            eventClick={onClick}
            eventDrop={onMoved}
            eventResize={onMoved}
          />
        </Segment>
      </div>
      {opened?.kind === 'new' ? <EventDialog id={null} draft={opened.draft} calendars={list} readOnly={false} override={false} onDelete={null} onClose={closeEventDialog} /> : null}
      {opened?.kind === 'event' ? <OpenedEvent o={opened.o} calendars={list} onAsk={ask} onClose={closeEventDialog} /> : null}
      {asked ? (
        <ScopeDialog
          question={asked.question}
          oneLabel={asked.oneLabel}
          seriesLabel={asked.seriesLabel}
          onOne={() => {
            closeQuestion();
            asked.one();
          }}
          onSeries={() => {
            closeQuestion();
            asked.series();
          }}
          onCancel={() => {
            closeQuestion();
            asked.cancel();
          }}
        />
      ) : null}
      {calendarForm ? <CalendarDialog calendar={calendarForm === 'new' ? null : calendarForm} onClose={closeCalendarForm} /> : null}
    </div>
  );
}

/** An occurrence's dialog: the stored event read first (a series' rule), then edited — or only shown, when not mine to change. */
function OpenedEvent({ o, calendars, onAsk, onClose }: { o: CalendarOccurrence; calendars: readonly SchoolCalendar[]; onAsk: (a: Asked) => void; onClose: () => void }) {
  const { c } = useCalendarT();
  const stored = useCalendarEvent(o.eventId);
  const remove = useDeleteEvent();
  // gone or no longer mine to read (deleted in another tab): said, and the dialog not opened
  useEffect(() => {
    if (!stored.isError) return;
    toast.error(errorMessage(stored.error));
    onClose();
  }, [stored.isError, stored.error, onClose]);
  if (!stored.data) return null;
  const e = stored.data;
  const drop = (occurrence: string | null) =>
    remove.mutate(
      { id: e.id, occurrence },
      {
        onSuccess: () => {
          toast.success(c('hints.deleted'));
          onClose();
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  const onDelete = async () => {
    if (e.rrule !== null && o.occurrence !== null) {
      onAsk({ question: c('hints.deleteSeriesAsk', { title: e.title }), oneLabel: c('actions.deleteOne'), seriesLabel: c('actions.deleteSeries'), one: () => drop(o.occurrence), series: () => drop(null), cancel: () => undefined });
      return;
    }
    if (await confirmAction(c('hints.deleteAsk', { title: e.title }))) drop(null);
  };
  return <EventDialog id={e.id} draft={eventDraft(e)} calendars={calendars} readOnly={!e.canEdit} override={e.seriesId !== null} onDelete={e.canEdit ? () => void onDelete() : null} onClose={onClose} />;
}

/** The calendars beside the grid: shown or hidden, their colour and kind, iCal export; managers add and change shared ones. */
function CalendarList({ calendars, hidden, manages, onToggle, onEdit, onNew }: { calendars: readonly SchoolCalendar[]; hidden: ReadonlySet<string>; manages: boolean; onToggle: (id: string) => void; onEdit: (c: SchoolCalendar) => void; onNew: () => void }) {
  const { c } = useCalendarT();
  const ics = useExportIcs();
  const remove = useDeleteCalendar();
  const onDelete = async (x: SchoolCalendar) => {
    if (!(await confirmAction(c('hints.confirmDeleteCalendar', { name: x.name })))) return;
    remove.mutate(x.id, { onSuccess: () => toast.success(c('hints.calendarDeleted')), onError: (e) => toast.error(errorMessage(e)) });
  };
  return (
    <Segment className="sf-calendar-side" data-testid="calendar-list">
      <div className="sf-calendar-side-head">
        <strong>{c('page.calendars')}</strong>
        {manages ? <Button size="mini" basic icon="plus" content={c('actions.newCalendar')} onClick={onNew} data-testid="calendar-new" /> : null}
      </div>
      <List relaxed>
        {calendars.map((x) => (
          <List.Item key={x.id} data-testid="calendar-item" data-kind={x.kind} data-calendar={x.id}>
            <div className="sf-calendar-item">
              <Checkbox checked={!hidden.has(x.id)} onChange={() => onToggle(x.id)} data-testid={`calendar-toggle-${x.kind}`} aria-label={calendarName(x)} />
              <span className="sf-calendar-swatch" style={{ background: x.color }} />
              <span className="sf-calendar-name">{calendarName(x)}</span>
              {x.kind === 'shared' ? <Label size="mini" basic content={c('kinds.shared')} /> : null}
            </div>
            <div className="sf-calendar-item-tools">
              <Button size="mini" basic icon title={c('actions.exportIcs')} aria-label={c('actions.exportIcs')} loading={ics.isPending && ics.variables?.id === x.id} data-testid="calendar-ics" onClick={() => ics.mutate({ id: x.id, name: calendarName(x) }, { onSuccess: () => toast.success(c('hints.exported')), onError: (e) => toast.error(errorMessage(e)) })}>
                <Icon name="download" />
              </Button>
              {manages && x.kind !== 'personal' ? (
                <Button size="mini" basic icon title={c('actions.editCalendar')} aria-label={c('actions.editCalendar')} data-testid="calendar-edit" onClick={() => onEdit(x)}>
                  <Icon name="edit" />
                </Button>
              ) : null}
              {manages && x.kind === 'shared' ? (
                <Button size="mini" basic icon title={c('actions.deleteCalendar')} aria-label={c('actions.deleteCalendar')} data-testid="calendar-delete" onClick={() => void onDelete(x)}>
                  <Icon name="trash alternate outline" />
                </Button>
              ) : null}
            </div>
          </List.Item>
        ))}
      </List>
    </Segment>
  );
}
