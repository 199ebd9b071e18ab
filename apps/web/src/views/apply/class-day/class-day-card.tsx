import { type ClassDay, type ClashKind, dayLessonClash, type DayLesson, periodLabel } from '@schoolflow/contracts';
import { Icon, Label, Message, Segment } from 'semantic-ui-react';
import { i18n } from '../../../i18n/i18n.js';
import { useT } from '../../../i18n/use-t.js';
import { useRealtime } from '../../../realtime/use-realtime.js';
import { useFlowView, useFlowViewsRefresh } from '../../../workflow/use-flow-view.js';

const REFRESH_MS = 15_000;

/** A period of the day as the form marks it: chosen (and how), and the lessons there that would clash. */
export interface PeriodMark {
  period: number;
  /** 'chosen' for a make-up's period; 'from' / 'to' for where a swap's lesson leaves and arrives. */
  as: 'chosen' | 'from' | 'to';
  /** Which lessons at that period clash with what the form puts there (the one rule, `dayLessonClash`). */
  clashes: (lesson: DayLesson, day: ClassDay) => ClashKind | null;
}

/** A lesson of the class by the asking teacher placed in `classroomId` (none chosen: the class's own room). */
export const placedIn = (classroomId: string) => (lesson: DayLesson, day: ClassDay) => dayLessonClash(lesson, classroomId || day.homeRoomId);

/** Whether a class and a whole date are chosen (the day can be read). */
const readyFor = (classId: string, date: string) => classId !== '' && /^\d{4}-\d{2}-\d{2}$/.test(date);

/**
 * A class's day on a date (null until read, or while no class or date is chosen): read every 15 s while shown, and at
 * once when one of my own requests of the flow moves. Another reader of the same day shares the one query (a swap's
 * target card needs the lesson its source card shows).
 */
export function useClassDay(flow: string, classId: string, date: string): ClassDay | null {
  const ready = readyFor(classId, date);
  const refresh = useFlowViewsRefresh(flow);
  useRealtime('workflow.transitioned', (p) => {
    if (p.flow === flow) refresh();
  }, refresh);
  return useFlowView<ClassDay>(flow, 'day', ready ? { classId, date } : null, 0, REFRESH_MS);
}

/**
 * A class's day on a date beside a form (make-up classes, swaps): each period with its time and the lessons holding it
 * — the class's and the asking teacher's, pending ones and those a request takes away too (they hold their time) —
 * the periods the form chose marked, and a warning when one clashes. Read again as the choice changes, every 15 s
 * while open, and at once when one of my own requests of the flow moves (`useClassDay`).
 */
export function ClassDayCard({
  flow,
  classId,
  date,
  marks,
  testId = 'class-day',
}: {
  flow: string;
  classId: string;
  date: string;
  marks: readonly PeriodMark[];
  testId?: string;
}) {
  const { t, lang } = useT();
  const day = useClassDay(flow, classId, date);
  const ready = readyFor(classId, date);
  // the timetable's own words for the weekday (its namespace, not the web one)
  const weekday = day ? i18n.t(`weekdays.${day.weekday}`, { ns: 'timetable' }) : '';
  const markOf = (period: number) => marks.find((m) => m.period === period);
  const clashing = (period: number) => {
    const mark = markOf(period);
    return mark && day ? day.lessons.filter((l) => l.period === period && mark.clashes(l, day) !== null) : [];
  };
  const anyClash = day !== null && marks.some((m) => clashing(m.period).length > 0);

  return (
    <Segment className="sf-card sf-class-day" data-testid={testId}>
      <h3 className="sf-card-title">
        <Icon name="calendar alternate outline" /> {day ? t('workflow.classDay.titleOf', { className: day.className, date: day.date, weekday }) : t('workflow.classDay.title')}
      </h3>
      {!ready ? (
        <p className="sf-hint">{t('workflow.classDay.choose')}</p>
      ) : !day ? null : !day.teaching ? (
        <Message warning size="small" content={t('workflow.classDay.notTeaching')} data-testid={`${testId}-not-teaching`} />
      ) : (
        <>
          {anyClash ? <Message warning size="small" content={t('workflow.classDay.clash')} data-testid={`${testId}-clash`} /> : null}
          <ul className="sf-aside-list">
            {day.periods.map((p) => {
              const mark = markOf(p.no);
              const here = day.lessons.filter((l) => l.period === p.no);
              const clash = clashing(p.no).length > 0;
              return (
                <li key={p.no} className={[mark ? 'chosen' : '', clash ? 'clash' : ''].join(' ').trim() || undefined} data-testid={`${testId}-period-${p.no}`} data-clash={clash ? 'true' : 'false'}>
                  <span className="sf-aside-time">
                    {periodLabel(p, lang)} {p.start}–{p.end}
                  </span>
                  <span className="sf-class-day-lessons">
                    {here.length === 0 ? <span className="sf-hint">{t('workflow.classDay.free')}</span> : null}
                    {here.map((l) => (
                      <span key={`${l.id}-${String(l.leaving)}`} data-testid={`${testId}-lesson`}>
                        {l.courseName} · {l.teacherName} · {l.className}
                        {l.classroomName ? ` · ${l.classroomName}` : ''}{' '}
                        {l.ofClass ? (
                          <Label size="mini" basic color="blue">
                            {t('workflow.classDay.ofClass')}
                          </Label>
                        ) : null}
                        {l.mine ? (
                          <Label size="mini" basic color="teal">
                            {t('workflow.classDay.mine')}
                          </Label>
                        ) : null}
                        {l.change ? (
                          <Label size="mini" basic>
                            {t(`workflow.classDay.change.${l.change}`)}
                          </Label>
                        ) : null}
                        {l.leaving ? (
                          <Label size="mini" basic color="orange">
                            {t('workflow.classDay.from')}
                          </Label>
                        ) : null}
                        {l.pending ? (
                          <Label size="mini" basic color="orange">
                            {t('workflow.classDay.pending')}
                          </Label>
                        ) : null}
                      </span>
                    ))}
                  </span>
                  {mark ? (
                    <Label size="mini" color={clash ? 'orange' : 'blue'}>
                      {mark.as === 'chosen' ? t('workflow.classDay.chosen') : t(mark.as === 'from' ? 'workflow.classDay.from' : 'workflow.classDay.to')}
                    </Label>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Segment>
  );
}
