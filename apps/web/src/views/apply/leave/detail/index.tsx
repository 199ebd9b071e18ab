import type { LeaveContext } from '@schoolflow/workflows';
import { leaveFlow } from '@schoolflow/workflows';
import { PictureUpload } from '../../../../components/picture-upload.js';
import { useT } from '../../../../i18n/use-t.js';
import type { ViewProps } from '../../../../router/view-props.js';
import { type FieldsSection, FlowDetail } from '../../../../workflow/flow-detail.js';
import { schoolTime } from '../../../../workflow/flow-model.js';
import { leaveTypeLabel } from '../../../../workflow/labels.js';

const NO_RULES = { maxSizeKb: 0, types: [], limit: 0 } as const;

/** Leave's own part of the kit's detail page: its type, period with the duration, reason and pictures. */
const LeaveFields: FieldsSection = ({ view: v }) => {
  const { t } = useT();
  const ctx = v.context as unknown as LeaveContext; // the machine's context (WorkflowInstanceView.context)
  const form = v.form;
  const start = typeof form.start === 'string' ? form.start : ctx.start;
  const end = typeof form.end === 'string' ? form.end : ctx.end;
  return (
    <>
      <div>
        <dt>{t('leave.type')}</dt>
        <dd data-testid="leave-type-value">{leaveTypeLabel(t, form.type)}</dd>
      </div>
      <div className="wide">
        <dt>{t('leave.period')}</dt>
        <dd data-testid="leave-period">{t('leave.periodValue', { start: schoolTime(start), end: schoolTime(end) })}</dd>
      </div>
      <div>
        <dt>{t('leave.duration')}</dt>
        <dd data-testid="leave-duration-value">{t('leave.durationValue', { hours: Number(form.durationHours) || 0, days: Number(form.durationDays) || 0 })}</dd>
      </div>
      <div className="full">
        <dt>{t('leave.reason')}</dt>
        <dd className="sf-pre" data-testid="leave-reason-value">
          {typeof form.reason === 'string' ? form.reason : ''}
        </dd>
      </div>
      <div className="full">
        <dt>{t('leave.attachments')}</dt>
        <dd>{v.attachments.length > 0 ? <PictureUpload value={v.attachments} onChange={() => undefined} rules={NO_RULES} testId="leave-attachments" disabled /> : t('leave.noAttachments')}</dd>
      </div>
    </>
  );
};

/** 请假申请详情 (apply/leave/detail?id=): the kit's detail page with leave's fields. */
export default function LeaveDetailView({ active }: ViewProps) {
  return <FlowDetail def={leaveFlow} active={active} Fields={LeaveFields} />;
}
