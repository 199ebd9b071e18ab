import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Form, Icon, Message, Segment } from 'semantic-ui-react';
import {
  LEAVE_MAX_ATTACHMENTS,
  LEAVE_PICTURE_MAX_BYTES,
  LEAVE_PICTURE_TYPES,
  LEAVE_REASON_MAX,
  type LeaveForm,
  leaveFormSchema,
  type MyStudent,
  RoleCode,
} from '@schoolflow/contracts';
import type { FileRef, UploadRules } from '../../../../api/file-api.js';
import { reportError } from '../../../../api/http.js';
import { newActionKey, workflowApi } from '../../../../api/workflow-api.js';
import { PictureUpload } from '../../../../components/picture-upload.js';
import { useT } from '../../../../i18n/use-t.js';
import type { ViewProps } from '../../../../router/view-props.js';
import { useReadySession } from '../../../../session/session-store.js';
import { toast } from '../../../../util/toast.js';
import { detailPath } from '../../../../workflow/labels.js';
import { localInput } from '../../../../workflow/flow-model.js';
import { leaveDuration } from '../leave-duration.js';

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
type Errors = Partial<Record<Field, string>>;

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

/** Validates with the shared leave schema, plus end after start (the server's rule). */
function validateDraft(d: Draft, tv: (m: string) => string): { form: LeaveForm | null; errors: Errors } {
  const parsed = leaveFormSchema.safeParse(toForm(d));
  const errors: Errors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '') as Field;
      errors[field] ??= tv(issue.message);
    }
  }
  if (d.start && d.end && !errors.start && !errors.end && !leaveDuration(localInput.toSchool(d.start), localInput.toSchool(d.end))) {
    errors.end = tv('validation.endBeforeStart');
  }
  return { form: parsed.success && Object.keys(errors).length === 0 ? parsed.data : null, errors };
}

/** 请假申请 (apply/leave/new): type, period with live duration, reason, up to 4 pictures. */
export default function LeaveNewView(_props: ViewProps) {
  const { t, tv } = useT();
  const navigate = useNavigate();
  const session = useReadySession();
  const isParent = session?.info.roles.includes(RoleCode.parent) === true && !session.info.roles.includes(RoleCode.student);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [children, setChildren] = useState<MyStudent[]>([]);
  useEffect(() => {
    if (!isParent) return;
    const ac = new AbortController();
    workflowApi.myStudents(ac.signal).then(
      (list) => {
        setChildren(list);
        // one child: chosen already
        if (list.length === 1 && list[0]) setDraft((d) => (d.studentNo ? d : { ...d, studentNo: list[0]?.studentNo ?? '' }));
      },
      (err: unknown) => reportError(err),
    );
    return () => ac.abort();
  }, [isParent]);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);

  const duration = useMemo(() => (draft.start && draft.end ? leaveDuration(localInput.toSchool(draft.start), localInput.toSchool(draft.end)) : null), [draft.start, draft.end]);
  // Validation fires on save (docs/product/shell-and-sign-in.md#forms), then follows every change so fixed fields clear.
  const errors = tried ? validateDraft(draft, tv).errors : {};

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  // One key per application: a double click or a retry sends the same key, and the server creates one request.
  const actionKey = useRef(newActionKey());

  const save = async () => {
    setTried(true);
    const { form } = validateDraft(draft, tv);
    if (!form) {
      toast.warning(t('leave.fixErrors'));
      return;
    }
    setSaving(true);
    try {
      const { result, msg } = await workflowApi.start('leave', form, actionKey.current);
      actionKey.current = newActionKey(); // the next application is a new action
      toast.success(msg || t('leave.submitted'));
      setDraft(EMPTY);
      setTried(false);
      void navigate(detailPath('leave', result.id));
    } catch (err) {
      reportError(err);
    } finally {
      setSaving(false);
    }
  };

  const reset = () => {
    setDraft(EMPTY);
    setTried(false);
  };

  const fieldError = (field: Field) =>
    errors[field] ? (
      <div className="sf-field-error" role="alert" data-testid={`leave-${field}-error`}>
        {errors[field]}
      </div>
    ) : null;

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
            <Form.Field error={Boolean(errors.studentId)}>
              <label htmlFor="leave-student">{t('leave.studentNo')}</label>
              <select id="leave-student" className="ui dropdown" value={draft.studentNo} data-testid="leave-student-no" onChange={(e) => set('studentNo', e.target.value)}>
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
          <Form.Field required error={Boolean(errors.type)}>
            <label htmlFor="leave-type">{t('leave.type')}</label>
            <select
              id="leave-type"
              className="ui dropdown"
              value={draft.type}
              data-testid="leave-type"
              onChange={(e) => set('type', e.target.value === 'personal' || e.target.value === 'sick' ? e.target.value : '')}
            >
              <option value="">{t('leave.typePlaceholder')}</option>
              <option value="personal">{t('leave.types.personal')}</option>
              <option value="sick">{t('leave.types.sick')}</option>
            </select>
            {fieldError('type')}
          </Form.Field>
          <Form.Group widths="equal">
            <Form.Field required error={Boolean(errors.start)}>
              <label htmlFor="leave-start">{t('leave.start')}</label>
              <input id="leave-start" type="datetime-local" value={draft.start} max={draft.end || undefined} data-testid="leave-start" onChange={(e) => set('start', e.target.value)} />
              {fieldError('start')}
            </Form.Field>
            <Form.Field required error={Boolean(errors.end)}>
              <label htmlFor="leave-end">{t('leave.end')}</label>
              <input id="leave-end" type="datetime-local" value={draft.end} min={draft.start || undefined} data-testid="leave-end" onChange={(e) => set('end', e.target.value)} />
              {fieldError('end')}
            </Form.Field>
          </Form.Group>
          <Form.Field>
            <label>{t('leave.duration')}</label>
            <div className={`sf-duration ${duration ? '' : 'empty'}`} data-testid="leave-duration" data-hours={duration?.hours ?? ''} data-days={duration?.days ?? ''}>
              <Icon name="hourglass half" />
              {duration ? t('leave.durationValue', { hours: duration.hours, days: duration.days }) : t('leave.durationEmpty')}
            </div>
          </Form.Field>
          <Form.Field required error={Boolean(errors.reason)}>
            <label htmlFor="leave-reason">{t('leave.reason')}</label>
            <textarea id="leave-reason" rows={4} value={draft.reason} placeholder={t('leave.reasonPlaceholder')} data-testid="leave-reason" onChange={(e) => set('reason', e.target.value)} />
            <div className={`sf-char-count ${draft.reason.trim().length > LEAVE_REASON_MAX ? 'over' : ''}`}>{t('leave.reasonCount', { n: draft.reason.trim().length, max: LEAVE_REASON_MAX })}</div>
            {fieldError('reason')}
          </Form.Field>
          <Form.Field error={Boolean(errors.attachments)}>
            <label>{t('leave.pictures')}</label>
            <PictureUpload value={draft.pictures} onChange={(p) => set('pictures', p)} rules={PICTURE_RULES} testId="leave-pictures" onBusy={setUploading} />
            {fieldError('attachments')}
          </Form.Field>
          <div className="sf-form-actions">
            <Button primary type="submit" loading={saving} disabled={saving || uploading} data-testid="leave-submit">
              <Icon name="send" /> {t('leave.submit')}
            </Button>
            <Button type="button" basic onClick={reset} disabled={saving} data-testid="leave-reset">
              <Icon name="undo" /> {t('leave.reset')}
            </Button>
          </div>
        </Form>
      </Segment>
    </div>
  );
}
