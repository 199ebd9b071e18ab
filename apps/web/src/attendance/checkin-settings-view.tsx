import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Form, Loader, Segment } from 'semantic-ui-react';
import { type CheckinSettings, type CheckinSettingsInput, checkinSettingsSchema, type CheckinSettingsValues } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { FieldError } from '../components/form-field.js';
import type { ViewProps } from '../router/view-props.js';
import { firstMessage, namespacedMessage } from '../util/form-errors.js';
import { toast } from '../util/toast.js';
import type { AttendanceKey } from './use-attendance-t.js';
import { useAttendanceT } from './use-attendance-t.js';
import { useCheckinSettings } from './use-checkin-settings.js';
import { useSaveCheckinSettings } from './use-save-checkin-settings.js';
import './attendance.css';

type Field = keyof CheckinSettingsInput;
/** The inputs as typed: numbers as text ('' while the place is not set). */
type Draft = Record<Field, string>;
const draftOf = (s: CheckinSettings): Draft => ({
  checkInStart: s.checkInStart,
  checkInEnd: s.checkInEnd,
  checkOutStart: s.checkOutStart,
  checkOutEnd: s.checkOutEnd,
  latitude: s.latitude === null ? '' : String(s.latitude),
  longitude: s.longitude === null ? '' : String(s.longitude),
  radiusMeters: String(s.radiusMeters),
  placeName: s.placeName,
});

const TIMES: Field[] = ['checkInStart', 'checkInEnd', 'checkOutStart', 'checkOutEnd'];
const PLACE: Field[] = ['latitude', 'longitude', 'radiusMeters', 'placeName'];

/**
 * 考勤设置 (`/kqgl/kqsz`; docs/product/campus-life.md#attendance): the check-in and check-out windows and the place
 * (latitude, longitude, radius) teachers check in from — checked by the contract's schema here and again by the server.
 */
export default function CheckinSettingsView({ active }: ViewProps) {
  const { a } = useAttendanceT();
  const settings = useCheckinSettings(active);
  const save = useSaveCheckinSettings();
  const { register, handleSubmit, reset, formState } = useForm<Draft, unknown, CheckinSettingsValues>({ resolver: zodResolver(checkinSettingsSchema) as never });
  useEffect(() => {
    if (settings.data) reset(draftOf(settings.data));
  }, [settings.data, reset]);
  const err = (f: Field) => {
    const m = firstMessage(formState.errors[f]);
    return m ? namespacedMessage(m) : undefined;
  };
  const submit = handleSubmit(async (body) => {
    try {
      const res = await save.mutateAsync(body);
      toast.success(res.msg || a('results.settingsSaved'));
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });
  const input = (f: Field, type: string) => (
    <Form.Field key={f} required={f !== 'placeName'} error={Boolean(err(f))}>
      <label htmlFor={`kqsz-${f}`}>{a(`fields.${f}` as AttendanceKey)}</label>
      <input id={`kqsz-${f}`} type={type} step="any" data-testid={`kqsz-${f}`} {...register(f)} />
      <FieldError testId={`kqsz-${f}`} error={err(f)} />
    </Form.Field>
  );
  return (
    <div className="sf-page sf-attendance" data-testid="kqsz-view">
      <Segment className="sf-card">
        <h3>{a('page.settings')}</h3>
        {settings.isLoading ? <Loader active inline="centered" size="small" /> : null}
        <Form onSubmit={() => void submit()} data-testid="kqsz-form">
          <Form.Group widths="equal">{TIMES.map((f) => input(f, 'time'))}</Form.Group>
          <Form.Group widths="equal">{PLACE.map((f) => input(f, f === 'placeName' ? 'text' : 'number'))}</Form.Group>
          <div className="sf-hint">{a('hints.faceSettings')}</div>
          <Button type="submit" primary size="small" loading={save.isPending} content={a('actions.saveSettings')} data-testid="kqsz-save" />
        </Form>
      </Segment>
    </div>
  );
}
