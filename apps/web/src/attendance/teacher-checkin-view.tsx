import { useState } from 'react';
import { Button, Loader, Message, Table } from 'semantic-ui-react';
import { errorMessage } from '../api/http.js';
import { type ParamCodec, useViewParam } from '../router/use-view-param.js';
import type { ViewProps } from '../router/view-props.js';
import { schoolToday } from '../timetable/week-grid-model.js';
import { toast } from '../util/toast.js';
import type { AttendanceKey } from './use-attendance-t.js';
import { useAttendanceT } from './use-attendance-t.js';
import { currentPosition } from './current-position.js';
import { useCheckIn } from './use-check-in.js';
import { useCheckinSheet } from './use-checkin-sheet.js';
import { useFaceCheckIn } from './use-face-check-in.js';
import { FaceCapture } from '../faces/face-capture.js';
import { useFaceSettings } from '../faces/use-face-settings.js';
import { useFacesT } from '../faces/use-faces-t.js';
import './attendance.css';

/** The month of the sheet in the address (`?month=2026-11`). */
const monthParam: ParamCodec<string> = { parse: (s) => (/^\d{4}-(0[1-9]|1[0-2])$/.test(s) ? s : undefined), format: (s) => s };

/** The month before or after `YYYY-MM`. */
function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * 教师考勤, the phone page (`/qt_app/jskq`; docs/product/campus-life.md#attendance): the windows and the place, one
 * button that checks in or out (which one the server's clock decides) from where the browser says I am, or by face —
 * the camera's picture or a photo, compared on the server with my registered faces (docs/adr/0063-face-recognition.md)
 * — and the month's sheet day by day.
 */
export default function TeacherCheckinView({ active }: ViewProps) {
  const { a } = useAttendanceT();
  const today = schoolToday();
  const [month, setMonth] = useViewParam('month', today.slice(0, 7), monthParam);
  const sheet = useCheckinSheet(month, active);
  const checkIn = useCheckIn();
  const { f } = useFacesT();
  const face = useFaceSettings(active);
  const faceCheckIn = useFaceCheckIn();
  const byFace = async (photo: Blob) => {
    try {
      const res = await faceCheckIn.mutateAsync(photo);
      toast.success(res.msg || a(res.data?.kind === 'out' ? 'results.checkedOut' : 'results.checkedIn'));
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  // whether the browser is being asked for the position: the button's spinner and its hint (UI state only)
  const [locating, setLocating] = useState(false);
  const s = sheet.data?.settings;
  const go = async () => {
    setLocating(true);
    let position;
    try {
      position = await currentPosition();
    } catch {
      setLocating(false);
      toast.error(a('hints.locationDenied'));
      return;
    }
    setLocating(false);
    try {
      const res = await checkIn.mutateAsync(position);
      toast.success(res.msg || a(res.data?.kind === 'out' ? 'results.checkedOut' : 'results.checkedIn'));
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  const todayRow = sheet.data?.days.find((d) => d.date === today);
  return (
    <div className="sf-phone sf-attendance sf-jskq" data-testid="jskq-view">
      <h3>{a('page.checkin')}</h3>
      {sheet.isLoading ? <Loader active inline="centered" size="small" /> : null}
      {sheet.error ? <Message negative content={errorMessage(sheet.error)} /> : null}
      {s ? (
        <div className="sf-jskq-rules" data-testid="jskq-rules">
          <div>{a('hints.windows', { inStart: s.checkInStart, inEnd: s.checkInEnd, outStart: s.checkOutStart, outEnd: s.checkOutEnd })}</div>
          <div className="sf-sub">{s.latitude === null ? a('hints.placeUnset') : a('hints.place', { name: s.placeName || `${s.latitude}, ${s.longitude}`, radius: s.radiusMeters })}</div>
        </div>
      ) : null}
      <div className="sf-jskq-today" data-testid="jskq-today">
        <span>
          {a('fields.in')}: <strong data-testid="jskq-today-in">{todayRow?.in ?? '—'}</strong>
        </span>
        <span>
          {a('fields.out')}: <strong data-testid="jskq-today-out">{todayRow?.out ?? '—'}</strong>
        </span>
      </div>
      <Button fluid primary size="large" icon="map marker alternate" content={locating ? a('hints.locating') : a('actions.checkIn')} loading={locating || checkIn.isPending} disabled={locating || checkIn.isPending} onClick={() => void go()} data-testid="jskq-checkin" />
      {face.data?.checkinEnabled ? (
        <FaceCapture onCapture={(photo) => void byFace(photo)} busy={faceCheckIn.isPending} cameraLabel={f('actions.faceCheckIn')} uploadLabel={f('actions.uploadCheckIn')} testId="jskq-face" />
      ) : face.data ? (
        <div className="sf-hint">{f('hints.faceOff')}</div>
      ) : null}
      {faceCheckIn.isPending ? <div className="sf-hint">{f('hints.recognising')}</div> : null}
      <div className="sf-jskq-month">
        <Button size="mini" basic icon="chevron left" aria-label={a('actions.prevMonth')} onClick={() => setMonth(shiftMonth(month, -1))} data-testid="jskq-prev" />
        <strong data-testid="jskq-month">
          {a('page.sheet')} {month}
        </strong>
        <Button size="mini" basic icon="chevron right" aria-label={a('actions.nextMonth')} onClick={() => setMonth(shiftMonth(month, 1))} data-testid="jskq-next" />
      </div>
      {sheet.data ? <div className="sf-hint">{a('sheetSummary', { complete: sheet.data.complete, partial: sheet.data.partial })}</div> : null}
      <Table compact unstackable celled className="sf-table" data-testid="jskq-sheet">
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>{a('fields.date')}</Table.HeaderCell>
            <Table.HeaderCell>{a('fields.in')}</Table.HeaderCell>
            <Table.HeaderCell>{a('fields.out')}</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {(sheet.data?.days ?? []).map((d) => (
            <Table.Row key={d.date} data-testid="jskq-day" data-date={d.date} negative={d.date < today && (d.in === null) !== (d.out === null)} className={d.weekday > 5 || d.holiday ? 'sf-jskq-off' : ''}>
              <Table.Cell>
                {d.date.slice(5)} {a(`weekdays.${d.weekday}` as AttendanceKey)}
                {d.holiday ? <span className="sf-sub"> {d.holiday}</span> : null}
              </Table.Cell>
              <Table.Cell data-testid="jskq-day-in">{d.in ?? ''}</Table.Cell>
              <Table.Cell data-testid="jskq-day-out">{d.out ?? ''}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </div>
  );
}
