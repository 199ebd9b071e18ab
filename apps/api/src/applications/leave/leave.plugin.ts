import { Inject, Injectable } from '@nestjs/common';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import {
  applicationWindow,
  LEAVE_PICTURE_MAX_BYTES,
  leaveFormSchema,
  MessageType,
  parseSchoolTime,
  Permission,
  RoleCode,
  workflowDetailPage,
} from '@schoolflow/contracts';
import { leaveDuration, leaveFlow, type LeaveContext, type LeaveSubmitted, stateString } from '@schoolflow/workflows';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { AppException } from '../../infrastructure/http/app-exception.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import type { FlowPlugin, NotificationInput, PlannedMessage, StartPlan } from '../../workflow/domain/flow-plugin.js';

interface StudentRow {
  id: string;
  user_id: string | null;
  name: string;
  student_no: string;
  class_name: string;
  head_teacher_id: string | null;
}

type Candidate = StudentRow & { self: boolean; guardians: string[] };

interface FileRow {
  res_id: string;
  owner_id: string;
  mime: string;
  size: number;
  removed: boolean;
}

interface StartRow {
  candidates: Candidate[];
  office: string[];
  principal: string[];
  admin: string[];
  threshold: number | null;
  files?: FileRow[];
}

// The reads of a start, as one statement (texts built from code only: they are prepared by name).
// Candidates come as one json array (ordered by student number), each with its guardians and whether it is the actor.
// (The actor's own student row and their children as one UNION: an OR of the two made PostgreSQL scan every student.)
const START_SQL = `SELECT coalesce((SELECT json_agg(json_build_object(
           'id', s.id, 'user_id', s.user_id, 'name', s.name, 'student_no', s.student_no, 'class_name', c.name,
           'head_teacher_id', c.head_teacher_id, 'self', (s.user_id = $1),
           'guardians', coalesce((SELECT array_agg(g.user_id) FROM guardian g WHERE g.student_id = s.id), '{}')) ORDER BY s.student_no)
         FROM (SELECT id FROM student WHERE user_id = $1 UNION SELECT student_id FROM guardian WHERE user_id = $1) m
         JOIN student s ON s.id = m.id JOIN admin_class c ON c.id = s.class_id), '[]') AS candidates,
       ${['office', 'principal', 'admin'].map((r) => `coalesce((SELECT array_agg(u.id ORDER BY u.account) FROM sys_user u JOIN sys_user_role ur ON ur.user_id = u.id
                  JOIN sys_role r ON r.id = ur.role_id WHERE r.code = '${r}' AND r.enabled AND u.enabled), '{}') AS ${r}`).join(', ')},
       (SELECT value FROM sys_config WHERE key = 'workflow.leave.principalThresholdDays') AS threshold`;
const START_WITH_FILES_SQL = `${START_SQL},
       coalesce((SELECT json_agg(json_build_object('res_id', f.res_id, 'owner_id', f.owner_id, 'mime', f.mime, 'size', f.size,
                                                   'removed', f.removed_at IS NOT NULL))
                   FROM sys_file f WHERE f.res_id = ANY($2::uuid[])), '[]') AS files`;

const STEP_KEY: Record<string, string> = {
  headTeacherReview: 'messages.step.headTeacherReview',
  officeReview: 'messages.step.officeReview',
  principalReview: 'messages.step.principalReview',
};


/** Student leave on the engine: who may apply, the route of reviewers, pictures, and the messages each step sends. */
@Injectable()
export class LeavePlugin implements FlowPlugin {
  readonly definition = leaveFlow as unknown as FlowPlugin['definition'];
  readonly applyPermission = Permission.leaveApply;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async buildStart(body: unknown, actor: Principal, tx: Prepared): Promise<StartPlan> {
    const form = validate(leaveFormSchema, body);
    const start = parseSchoolTime(form.start, this.config.timeZone);
    const end = parseSchoolTime(form.end, this.config.timeZone);
    if (start === null || end === null) throw AppException.badRequest('validation.timeInvalid');
    if (end <= start) throw AppException.badRequest('validation.endBeforeStart');
    const window = applicationWindow(Date.now(), this.config.timeZone);
    if (start < window.from || end > window.to) throw AppException.badRequest('validation.outsideWindow', { from: window.fromText, to: window.toText });
    const attachments = [...new Set(form.attachments ?? [])];
    // One read (one round trip): whom the actor may apply for (with each student's guardians), the reviewers and
    // threshold, and — only when there are pictures — the pictures' files.
    const rows: StartRow[] = attachments.length === 0
      ? await tx.query(START_SQL, [actor.userId])
      : await tx.query(START_WITH_FILES_SQL, [actor.userId, attachments]);
    const row = rows[0];
    const student = this.pickStudent(actor, form.studentId, row?.candidates ?? []);
    this.checkPictures(attachments, actor, row?.files ?? []);
    if (!student.head_teacher_id) throw AppException.unprocessable('workflow.noHeadTeacher');
    const roles = row ?? { office: [], principal: [], admin: [], threshold: null };
    // The last step must have a reviewer who is not the applicant: administrators stand in.
    const principal = roles.principal.some((id) => id !== actor.userId) ? roles.principal : [...roles.principal, ...roles.admin];
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
      route: { headTeacher: [student.head_teacher_id], office: roles.office, principal },
      thresholdDays: Number(roles.threshold ?? 3),
    };
    const owners = [actor.userId, ...(student.user_id ? [student.user_id] : []), ...student.guardians];
    return {
      data: data as unknown as Record<string, unknown>,
      studentId: student.id,
      owners,
      reviewers: [student.head_teacher_id, ...roles.office, ...principal],
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

  /** The student of this leave: a student applies for themself; a parent names one of their own children. */
  private pickStudent(actor: Principal, requested: string | undefined, candidates: Candidate[]): StudentRow & { guardians: string[] } {
    if (actor.roles.includes(RoleCode.student)) {
      const me = candidates.find((c) => c.self);
      if (!me) throw AppException.unprocessable('workflow.studentNotFound');
      if (requested && requested !== me.id && requested !== me.student_no) throw new AppException(403, 403, 'workflow.notYourChild');
      return me;
    }
    const children = candidates.filter((c) => !c.self);
    if (children.length === 0) throw new AppException(403, 403, 'workflow.notApplicant');
    if (!requested) {
      if (children.length === 1) return children[0] as StudentRow & { guardians: string[] };
      throw AppException.badRequest('validation.studentRequired');
    }
    const child = children.find((c) => c.id === requested || c.student_no === requested);
    if (!child) throw new AppException(403, 403, 'workflow.notYourChild');
    return child;
  }

  private checkPictures(resIds: string[], actor: Principal, rows: FileRow[]): void {
    if (resIds.length === 0) return;
    for (const id of resIds) {
      const f = rows.find((r) => r.res_id === id);
      if (!f || f.removed || f.owner_id !== actor.userId) throw AppException.badRequest('workflow.attachmentNotYours');
      if (!['image/jpeg', 'image/png'].includes(f.mime) || f.size > LEAVE_PICTURE_MAX_BYTES) throw AppException.badRequest('workflow.attachmentNotPicture');
    }
  }
}
