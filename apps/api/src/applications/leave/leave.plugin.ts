import type { Prepared } from '../../infrastructure/database/prepared.js';
import { leaveFormSchema, MessageType, workflowDetailPage } from '@schoolflow/contracts';
import { leaveDuration, leaveFlow, type LeaveContext, type LeaveSubmitted, stateString } from '@schoolflow/workflows';
import type { ServerConfig } from '../../config/app-config.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import type { FlowPlugin, NotificationInput, PlannedMessage, PluginDeps, StartPlan } from '../../workflow/domain/flow-plugin.js';
import { applicantSql, type ApplicantRead, checkPictures, ownersOf, pickStudent, readApplicant, schoolPeriod, withStandIns } from '../shared/student-applicant.js';
import { ApplicationErrors } from '../applications.errors.js';

interface LeaveRead extends ApplicantRead {
  threshold: string | null;
}

// The applicant's reads plus leave's own setting: longer leaves go to the principal.
const START_SQL = applicantSql(`(SELECT value FROM sys_config WHERE key = 'workflow.leave.principalThresholdDays') AS threshold`);

const STEP_KEY: Record<string, string> = {
  headTeacherReview: 'messages.step.headTeacherReview',
  officeReview: 'messages.step.officeReview',
  principalReview: 'messages.step.principalReview',
};


/** Student leave on the engine: who may apply, the route of reviewers, pictures, and the messages each step sends. */
export class LeavePlugin implements FlowPlugin {
  readonly definition = leaveFlow as unknown as FlowPlugin['definition'];

  constructor(private readonly config: ServerConfig) {}

  async buildStart(body: unknown, actor: Principal, tx: Prepared): Promise<StartPlan> {
    const form = validate(leaveFormSchema, body);
    const { start, end } = schoolPeriod(form.start, form.end, this.config.timeZone);
    const attachments = [...new Set(form.attachments ?? [])];
    // One read (one round trip): whom the actor may apply for (with each student's guardians), the reviewers and
    // threshold, and — only when there are pictures — the pictures' files.
    const row = await readApplicant<LeaveRead>(tx, actor, attachments, START_SQL);
    const student = pickStudent(actor, form.studentId, row.candidates, 'workflow.notApplicant', 'validation.leaveChildRequired');
    checkPictures(attachments, actor, row.files ?? []);
    if (!student.head_teacher_id) throw ApplicationErrors.noHeadTeacher();
    const principal = withStandIns(row.principal, row.admin, actor.userId);
    const duration = leaveDuration(start, end);
    const data: Omit<LeaveSubmitted, 'type' | 'actorId'> = {
      studentId: student.id,
      studentUserId: student.user_id,
      leaveType: form.type,
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
      durationHours: duration.hours,
      durationDays: duration.days,
      reason: form.reason,
      attachments,
      route: { headTeacher: [student.head_teacher_id], office: row.office, principal },
      thresholdDays: Number(row.threshold ?? 3),
    };
    return {
      data: data as unknown as Record<string, unknown>,
      studentId: student.id,
      owners: ownersOf(actor, student),
      reviewers: [student.head_teacher_id, ...row.office, ...principal],
      attachments,
    };
  }

  messages({ instanceId, event, before, after, owners: allOwners, student: who, actorName }: NotificationInput): PlannedMessage[] {
    const ctx = after.context as LeaveContext;
    const actorId = typeof event.data.actorId === 'string' ? event.data.actorId : null;
    const owners = allOwners.filter((id) => id !== actorId);
    const link = workflowDetailPage('leave', instanceId);
    const base = {
      student: who?.name ?? '',
      className: who?.className ?? { zh: '', en: '' },
      actor: actorName,
      start: { time: ctx.start },
      end: { time: ctx.end },
      days: ctx.durationDays,
      leaveTypeKey: `messages.leaveType.${ctx.leaveType}`,
    };
    const out: PlannedMessage[] = [];
    const to = (ids: string[], type: string, key: string, extra: Record<string, unknown> = {}) => {
      for (const recipientId of new Set(ids)) {
        out.push({ recipientId, type, titleKey: `messages.${key}.title`, contentKey: `messages.${key}.content`, params: { ...base, ...extra }, link });
      }
    };
    const beforeState = stateString(before.value);
    const afterState = stateString(after.value);
    const afterAssignees = leaveFlow.assignees(after as never);
    switch (event.type) {
      case 'APPROVE':
        if (afterState.startsWith('approved')) to(owners, MessageType.result, 'leaveApproved');
        else to(owners, MessageType.result, 'leaveStepApproved', { nextKey: STEP_KEY[afterState] ?? 'messages.system' });
        break;
      case 'REJECT':
        to(owners, MessageType.result, 'leaveRejected', { reason: String(event.data.comment ?? '') });
        break;
      case 'WITHDRAW':
        to(leaveFlow.assignees(before as never).filter((id) => id !== actorId), MessageType.system, 'leaveWithdrawn');
        break;
      case 'CANCEL_LEAVE':
        to([...ctx.route.headTeacher, ...owners].filter((id) => id !== actorId), MessageType.system, 'leaveReturned', { returnedAt: { time: String(event.data.returnedAt ?? '') } });
        break;
      default:
        break;
    }
    // Each step messages its reviewers.
    if (afterState !== beforeState && afterAssignees.length > 0) to(afterAssignees, MessageType.task, 'leaveTask');
    return out;
  }
}

export const createPlugin = ({ config }: PluginDeps): FlowPlugin => new LeavePlugin(config);
