import { DEFAULT_SCHOOL_TZ, formatSchoolTime, parseSchoolTime } from '@schoolflow/contracts';
import type { RoomDay } from '@schoolflow/workflows/classroom-loan/classroom-loan.views.js';
import { Link } from 'react-router-dom';
import { Icon, Label, Message, Segment } from 'semantic-ui-react';
import { useT } from '../../../../i18n/use-t.js';
import { useRealtime } from '../../../../realtime/use-realtime.js';
import type { Draft } from '../../../../workflow/flow-form.js';
import { localInput } from '../../../../workflow/flow-model.js';
import { useFlowView, useFlowViewsRefresh } from '../../../../workflow/use-flow-view.js';
import { detailPath } from '../../../../workflow/labels.js';
import { formText } from '../../form-text.js';

const REFRESH_MS = 15_000;
const hhmm = (iso: string) => formatSchoolTime(Date.parse(iso)).slice(11, 16);

/**
 * One classroom's bookings on the day of the chosen start (pending ones hold their time as passed ones do), kept
 * current while the form is open; the chosen time is marked when it overlaps one.
 */
export function RoomDayPanel({ values }: { values: Draft }) {
  const { t } = useT();
  const classroomId = formText(values.classroomId);
  const startText = formText(values.start);
  const endText = formText(values.end);
  const date = /^\d{4}-\d{2}-\d{2}/.test(startText) ? startText.slice(0, 10) : '';
  // Others' loans are not pushed to me (pushes go to an instance's participants): the day is read again as the time
  // is changed, every 15 s while open, and at once when one of my own loans moves.
  const day = useFlowView<RoomDay>('classroom-loan', 'day', classroomId && date ? { classroomId, date } : null, `${startText}|${endText}`, REFRESH_MS);
  const refresh = useFlowViewsRefresh('classroom-loan');
  const onLoan = (p: { flow: string }) => {
    if (p.flow === 'classroom-loan') refresh();
  };
  useRealtime('workflow.transitioned', onLoan, refresh);
  // the booking an approval makes is written by the flow's effect, which may come after the step (docs/adr/0068)
  useRealtime('workflow.effected', onLoan);

  // the chosen period against the bookings (the server decides; this only warns as one types)
  const start = parseSchoolTime(localInput.toSchool(startText), DEFAULT_SCHOOL_TZ);
  const end = parseSchoolTime(localInput.toSchool(endText), DEFAULT_SCHOOL_TZ);
  const clashes = (b: { start: string; end: string }) => start !== null && end !== null && start < Date.parse(b.end) && Date.parse(b.start) < end;
  // the room's lessons that day: a loan cannot overlap them either (named for staff; a student sees the busy periods)
  const lessons = day?.lessons ?? [];

  return (
    <Segment className="sf-card sf-room-day" data-testid="room-day">
      <h3 className="sf-card-title">
        <Icon name="calendar alternate outline" /> {day ? t('flow.classroom-loan.day.titleOf', { room: day.classroom, date: day.date }) : t('flow.classroom-loan.day.title')}
      </h3>
      {!classroomId || !date ? (
        <p className="sf-hint">{t('flow.classroom-loan.day.choose')}</p>
      ) : !day ? null : day.bookings.length === 0 && lessons.length === 0 ? (
        <p className="sf-hint" data-testid="room-day-empty">
          {t('flow.classroom-loan.day.empty')}
        </p>
      ) : (
        <>
          {day.bookings.some(clashes) ? <Message warning size="small" content={t('flow.classroom-loan.day.clash')} data-testid="room-day-clash" /> : null}
          <ul className="sf-aside-list">
            {day.bookings.map((b) => (
              <li key={b.id} className={clashes(b) ? 'clash' : undefined} data-testid="room-day-booking">
                <span className="sf-aside-time">
                  {hhmm(b.start)}–{hhmm(b.end)}
                </span>
                <Label size="mini" color={b.status === 'passed' ? 'green' : 'orange'} basic>
                  {t(`flow.classroom-loan.day.status.${b.status}`)}
                </Label>
                <span className="sf-aside-main">{b.purpose}</span>
                <span className="sf-hint">{b.applicant}</span>
                {b.mine ? <Link to={detailPath('classroom-loan', b.id)}>{t('flow.classroom-loan.day.mine')}</Link> : null}
              </li>
            ))}
          </ul>
          {lessons.length > 0 ? (
            <>
              {lessons.some(clashes) ? <Message warning size="small" content={t('flow.classroom-loan.day.lessonClash')} data-testid="room-day-lesson-clash" /> : null}
              <h4 className="sf-hint">{t('flow.classroom-loan.day.lessons')}</h4>
              <ul className="sf-aside-list">
                {lessons.map((l) => (
                  <li key={`${l.period}-${'className' in l ? l.className : ''}`} className={clashes(l) ? 'clash' : undefined} data-testid="room-day-lesson">
                    <span className="sf-aside-time">
                      {hhmm(l.start)}–{hhmm(l.end)}
                    </span>
                    {'courseName' in l ? (
                      <>
                        <span className="sf-aside-main">{t('flow.classroom-loan.day.lesson', { period: l.period, course: l.courseName, className: l.className })}</span>
                        <span className="sf-hint">{l.teacherName}</span>
                      </>
                    ) : (
                      <span className="sf-aside-main">{t('flow.classroom-loan.day.busy', { period: l.period })}</span>
                    )}
                    {l.pending ? (
                      <Label size="mini" color="orange" basic>
                        {t('flow.classroom-loan.day.status.pending')}
                      </Label>
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </Segment>
  );
}
