import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Button, Form, Icon, Message, Segment } from 'semantic-ui-react';
import {
  applicationWindow,
  LEAVE_MAX_ATTACHMENTS,
  LEAVE_PICTURE_MAX_BYTES,
  LEAVE_PICTURE_TYPES,
  LEAVE_REASON_MAX,
  type LeaveForm,
  leaveFormSchema,
  RoleCode,
} from '@schoolflow/contracts';
import type { FileRef, UploadRules } from '../../../../api/file-api.js';
import { reportError } from '../../../../api/http.js';
import { newActionKey } from '../../../../api/workflow-api.js';
import { PictureUpload } from '../../../../components/picture-upload.js';
import { useT } from '../../../../i18n/use-t.js';
import type { ViewProps } from '../../../../router/view-props.js';
import { useReadySession } from '../../../../session/session-store.js';
import { toast } from '../../../../util/toast.js';
import { detailPath } from '../../../../workflow/labels.js';
import { localInput } from '../../../../workflow/flow-model.js';
import { useMyStudents, useStartFlow } from '../../../../workflow/use-apply.js';
import { useHolidaysBetween } from '../../../../calendar/use-holidays-between.js';
import { holidaysCovered, leaveDuration } from '../leave-duration.js';
import { firstMessage } from '../../../../util/form-errors.js';
import { listOf } from '../../../../i18n/punctuation.js';

const PICTURE_RULES: UploadRules = { maxSizeKb: LEAVE_PICTURE_MAX_BYTES / 1024, types: LEAVE_PICTURE_TYPES, limit: LEAVE_MAX_ATTACHMENTS };

interface Draft {
  type: '' | 'personal' | 'sick';
  start: string;
  end: string;
  reason: string;
  studentNo: string;
  pictures: FileRef[];
}
const EMPTY: Draft = { type: '', start: '', end: '', reason: '', studentNo: '', pictures: [] };
type Field = 'type' | 'start' | 'end' | 'reason' | 'studentId' | 'attachments';
/** The draft's input for each of the schema's fields (what an error of the schema marks). */
const INPUT_OF: Record<Field, keyof Draft> = { type: 'type', start: 'start', end: 'end', reason: 'reason', studentId: 'studentNo', attachments: 'pictures' };

/** The form as the shared schema reads it; times as school time text 'YYYY-MM-DD HH:mm'. */
function toForm(d: Draft): Record<string, unknown> {
  return {
    type: d.type === '' ? undefined : d.type,
    start: d.start ? localInput.toSchool(d.start) : '',
    end: d.end ? localInput.toSchool(d.end) : '',
    reason: d.reason,
    attachments: d.pictures.map((p) => p.resId),
    ...(d.studentNo.trim() ? { studentId: d.studentNo.trim() } : {}),
  };
}

const schemaResolver = zodResolver(leaveFormSchema);

/**
 * Validates with the shared leave schema (the server's), plus end after start (the server's rule); its errors mark
 * the inputs they are about. Messages stay `validation.*` keys, translated when shown.
 */
const resolver: Resolver<Draft, unknown, LeaveForm> = async (values, context, options) => {
  const parsed = await schemaResolver(toForm(values) as never, context, options as never);
  const errors: FieldErrors<Draft> = {};
  for (const [field, error] of Object.entries(parsed.errors) as [Field, unknown][]) {
    const input = INPUT_OF[field];
    const message = firstMessage(error);
    if (input && message) errors[input] = { type: 'validate', message };
  }
  if (values.start && values.end && !errors.start && !errors.end && !leaveDuration(localInput.toSchool(values.start), localInput.toSchool(values.end))) {
    errors.end = { type: 'validate', message: 'validation.endBeforeStart' };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values: parsed.values as LeaveForm, errors: {} };
};

/** 请假申请 (apply/leave/new): type, period with live duration, reason, up to 4 pictures. */
export default function LeaveNewView(_props: ViewProps) {
  const { t, tv } = useT();
  const navigate = useNavigate();
  const session = useReadySession();
  const isParent = session?.info.roles.includes(RoleCode.parent) === true && !session.info.roles.includes(RoleCode.student);
  // Validation fires on save (docs/product/shell-and-sign-in.md#forms), then follows every change so fixed fields clear.
  const { control, register, handleSubmit, reset, getValues, setValue, formState } = useForm<Draft, unknown, LeaveForm>({
    defaultValues: EMPTY,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const children = useMyStudents(isParent);
  // one child: chosen already
  useEffect(() => {
    const only = children.length === 1 ? children[0] : undefined;
    if (only && !getValues('studentNo')) setValue('studentNo', only.studentNo);
  }, [children, getValues, setValue]);
  const [uploading, setUploading] = useState(false);
  const start = useStartFlow('leave');
  const saving = formState.isSubmitting;

  const [from, to, reason] = useWatch({ control, name: ['start', 'end', 'reason'] });
  // The declared holidays a leave may cover — those of the window applications may cover, read once as the form opens
  // (the set the server reads at the start, not a read per date typed): not counted, as the server will not count them.
  const [applicable] = useState(() => applicationWindow(Date.now()));
  const declared = useHolidaysBetween(applicable.fromText, applicable.toText);
  const holidays = useMemo(() => (declared.data ?? []).filter((h) => h.kind === 'holiday'), [declared.data]);
  const duration = useMemo(() => {
    if (!from || !to) return null;
    const dates = holidays.map((h) => h.date);
    const d = leaveDuration(localInput.toSchool(from), localInput.toSchool(to), dates);
    return d ? { ...d, holidays: holidaysCovered(localInput.toSchool(from), localInput.toSchool(to), dates) } : null;
  }, [from, to, holidays]);

  // One key per application: a double click or a retry sends the same key, and the server creates one request.
  const [actionKey, setActionKey] = useState(newActionKey);

  const save = handleSubmit(
    async (form) => {
      try {
        const { result, msg } = await start.mutateAsync({ form, key: actionKey });
        setActionKey(newActionKey()); // the next application is a new action
        toast.success(msg || t('leave.submitted'));
        reset(EMPTY);
        void navigate(detailPath('leave', result.id));
      } catch (err) {
        reportError(err);
      }
    },
    () => toast.warning(t('leave.fixErrors')),
  );

  const errorOf = (field: Field): string | undefined => formState.errors[INPUT_OF[field]]?.message;
  const fieldError = (field: Field) => {
    const message = errorOf(field);
    return message ? (
      <div className="sf-field-error" role="alert" data-testid={`leave-${field}-error`}>
        {tv(message)}
      </div>
    ) : null;
  };

  return (
    <div className="sf-page sf-leave-new" data-testid="leave-new">
      <Segment className="sf-card sf-form-card">
        <h3 className="sf-card-title">
          <Icon name="edit outline" /> {t('leave.formTitle')}
        </h3>
        <Message info size="small" className="sf-form-hint">
          <Icon name="info circle" />
          {t('leave.formHint')}
        </Message>
        <Form onSubmit={() => void save()} data-testid="leave-form" className="sf-leave-form">
          {isParent ? (
            <Form.Field error={Boolean(errorOf('studentId'))}>
              <label htmlFor="leave-student">{t('leave.studentNo')}</label>
              <select id="leave-student" className="ui dropdown" data-testid="leave-student-no" {...register('studentNo')}>
                <option value="">{t('leave.studentNoPlaceholder')}</option>
                {children.map((c) => (
                  <option key={c.id} value={c.studentNo}>
                    {c.name} · {c.className} · {c.studentNo}
                  </option>
                ))}
              </select>
              {fieldError('studentId')}
            </Form.Field>
          ) : null}
          <Form.Field required error={Boolean(errorOf('type'))}>
            <label htmlFor="leave-type">{t('leave.type')}</label>
            <select id="leave-type" className="ui dropdown" data-testid="leave-type" {...register('type')}>
              <option value="">{t('leave.typePlaceholder')}</option>
              <option value="personal">{t('leave.types.personal')}</option>
              <option value="sick">{t('leave.types.sick')}</option>
            </select>
            {fieldError('type')}
          </Form.Field>
          <Form.Group widths="equal">
            <Form.Field required error={Boolean(errorOf('start'))}>
              <label htmlFor="leave-start">{t('leave.start')}</label>
              <input id="leave-start" type="datetime-local" max={to || undefined} data-testid="leave-start" {...register('start', { deps: ['end'] })} />
              {fieldError('start')}
            </Form.Field>
            <Form.Field required error={Boolean(errorOf('end'))}>
              <label htmlFor="leave-end">{t('leave.end')}</label>
              <input id="leave-end" type="datetime-local" min={from || undefined} data-testid="leave-end" {...register('end')} />
              {fieldError('end')}
            </Form.Field>
          </Form.Group>
          <Form.Field>
            <label>{t('leave.duration')}</label>
            <div className={`sf-duration ${duration ? '' : 'empty'}`} data-testid="leave-duration" data-hours={duration?.hours ?? ''} data-days={duration?.days ?? ''}>
              <Icon name="hourglass half" />
              {duration ? t('leave.durationValue', { hours: duration.hours, days: duration.days }) : t('leave.durationEmpty')}
            </div>
            {duration && duration.holidays.length > 0 ? (
              <div className="sf-field-hint" data-testid="leave-duration-holidays">
                {t('leave.durationHolidays', { names: listOf(duration.holidays.map((d) => `${d} ${holidays.find((h) => h.date === d)?.name ?? ''}`)) })}
              </div>
            ) : null}
          </Form.Field>
          <Form.Field required error={Boolean(errorOf('reason'))}>
            <label htmlFor="leave-reason">{t('leave.reason')}</label>
            <textarea id="leave-reason" rows={4} placeholder={t('leave.reasonPlaceholder')} data-testid="leave-reason" {...register('reason')} />
            <div className={`sf-char-count ${reason.trim().length > LEAVE_REASON_MAX ? 'over' : ''}`}>{t('leave.reasonCount', { n: reason.trim().length, max: LEAVE_REASON_MAX })}</div>
            {fieldError('reason')}
          </Form.Field>
          <Form.Field error={Boolean(errorOf('attachments'))}>
            <label>{t('leave.pictures')}</label>
            <Controller
              name="pictures"
              control={control}
              render={({ field }) => <PictureUpload value={field.value} onChange={field.onChange} rules={PICTURE_RULES} testId="leave-pictures" onBusy={setUploading} />}
            />
            {fieldError('attachments')}
          </Form.Field>
          <div className="sf-form-actions">
            <Button primary type="submit" loading={saving} disabled={saving || uploading} data-testid="leave-submit">
              <Icon name="send" /> {t('leave.submit')}
            </Button>
            <Button type="button" basic onClick={() => reset(EMPTY)} disabled={saving} data-testid="leave-reset">
              <Icon name="undo" /> {t('leave.reset')}
            </Button>
          </div>
        </Form>
      </Segment>
    </div>
  );
}
