import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  LEAVE_PICTURE_MAX_BYTES,
  leaveFormSchema,
  MessageType,
  parseSchoolTime,
  Permission,
  RoleCode,
  type WorkflowEventInput,
} from '@schoolflow/contracts';
import { leaveDuration, leaveFlow, type LeaveContext, type LeaveSubmitted, stateString } from '@schoolflow/workflows';
import type { AnyMachineSnapshot } from 'xstate';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STEP_KEY: Record<string, string> = {
  headTeacherReview: 'messages.step.headTeacherReview',
  officeReview: 'messages.step.officeReview',
  principalReview: 'messages.step.principalReview',
};

export const leaveLink = (id: string): string => `/apply/leave/detail?id=${id}`;

/** Student leave on the engine: who may apply, the route of reviewers, pictures, and the messages each step sends. */
@Injectable()
export class LeavePlugin implements FlowPlugin {
  readonly definition = leaveFlow as unknown as FlowPlugin['definition'];
  readonly applyPermission = Permission.leaveApply;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async buildStart(body: unknown, actor: Principal, tx: EntityManager): Promise<StartPlan> {
    const form = validate(leaveFormSchema, body);
    const student = await this.studentFor(actor, form.studentId, tx);
    const start = parseSchoolTime(form.start, this.config.timeZone);
    const end = parseSchoolTime(form.end, this.config.timeZone);
    if (start === null || end === null) throw AppException.badRequest('validation.timeInvalid');
    if (end <= start) throw AppException.badRequest('validation.endBeforeStart');
    const attachments = [...new Set(form.attachments ?? [])];
    await this.checkPictures(attachments, actor, tx);
    if (!student.head_teacher_id) throw AppException.unprocessable('workflow.noHeadTeacher');

    const roleUsers = async (code: string): Promise<string[]> =>
      ((await tx.query(
        `SELECT u.id FROM sys_user u JOIN sys_user_role ur ON ur.user_id = u.id JOIN sys_role r ON r.id = ur.role_id
          WHERE r.code = $1 AND r.enabled AND u.enabled ORDER BY u.account`,
        [code],
      )) as { id: string }[]).map((r) => r.id);
    const office = await roleUsers(RoleCode.office);
    let principal = await roleUsers(RoleCode.principal);
    // The last step must have a reviewer who is not the applicant: administrators stand in.
    if (principal.filter((id) => id !== actor.userId).length === 0) principal = [...principal, ...(await roleUsers(RoleCode.admin))];
    const guardians = ((await tx.query(`SELECT user_id FROM guardian WHERE student_id = $1`, [student.id])) as { user_id: string }[]).map((r) => r.user_id);
    const thresholdRows: { value: number }[] = await tx.query(`SELECT value FROM sys_config WHERE key = 'workflow.leave.principalThresholdDays'`);
    const thresholdDays = Number(thresholdRows[0]?.value ?? 3);

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
      route: { headTeacher: [student.head_teacher_id], office, principal },
      thresholdDays,
    };
    const owners = [actor.userId, ...(student.user_id ? [student.user_id] : []), ...guardians];
    return {
      data: data as unknown as Record<string, unknown>,
      studentId: student.id,
      owners,
      reviewers: [student.head_teacher_id, ...office, ...principal],
      attachments,
    };
  }

  commandData(input: WorkflowEventInput): Record<string, unknown> {
    if (input.type !== 'CANCEL_LEAVE') return {};
    if (!input.returnedAt) throw AppException.badRequest('validation.returnedAtRequired');
    const at = parseSchoolTime(input.returnedAt, this.config.timeZone);
    if (at === null) throw AppException.badRequest('validation.timeInvalid');
    return { returnedAt: new Date(at).toISOString() };
  }

  probe(type: string, actorId: string, snapshot: AnyMachineSnapshot): Record<string, unknown> & { type: string; actorId: string } {
    const ctx = snapshot.context as LeaveContext;
    if (type === 'CANCEL_LEAVE') return { type, actorId, returnedAt: ctx.start };
    if (type === 'REJECT') return { type, actorId, comment: 'probe' };
    return { type, actorId };
  }

  formView(d: Record<string, unknown>): Record<string, unknown> {
    return {
      type: d.leaveType,
      start: d.start,
      end: d.end,
      durationHours: d.durationHours,
      durationDays: d.durationDays,
      reason: d.reason,
      attachments: d.attachments,
      studentId: d.studentId,
    };
  }

  async messages({ instanceId, event, before, after, tx }: NotificationInput): Promise<PlannedMessage[]> {
    const ctx = after.context as LeaveContext;
    const rows = (await tx.query(
      `SELECT s.name, c.name AS class_name, c.name_en AS class_name_en FROM student s JOIN admin_class c ON c.id = s.class_id WHERE s.id = $1`,
      [ctx.studentId],
    )) as { name: string; class_name: string; class_name_en: string }[];
    const student = rows[0]?.name ?? '';
    const className = { zh: rows[0]?.class_name ?? '', en: rows[0]?.class_name_en || (rows[0]?.class_name ?? '') };
    const actorId = typeof event.data.actorId === 'string' ? event.data.actorId : null;
    const actorRows = actorId && UUID.test(actorId) ? ((await tx.query(`SELECT name FROM sys_user WHERE id = $1`, [actorId])) as { name: string }[]) : [];
    const actor = actorRows[0]?.name ?? '';
    const owners = (((await tx.query(`SELECT owners FROM wf_instance WHERE id = $1`, [instanceId])) as { owners: string[] }[])[0]?.owners ?? []).filter((id) => id !== actorId);
    const link = leaveLink(instanceId);
    const fmt = (iso: string) => ({ time: iso });
    const base = {
      student,
      className,
      actor,
      start: fmt(ctx.start),
      end: fmt(ctx.end),
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
    const beforeAssignees = leaveFlow.assignees(before as never);
    const afterAssignees = leaveFlow.assignees(after as never);
    const newTask = afterState !== beforeState && afterAssignees.length > 0;

    switch (event.type) {
      case 'SUBMIT':
      case 'SKIP_STEP':
        break;
      case 'APPROVE':
        if (afterState.startsWith('approved')) to(owners, MessageType.result, 'leaveApproved');
        else to(owners, MessageType.result, 'leaveStepApproved', { nextKey: STEP_KEY[afterState] ?? 'messages.system' });
        break;
      case 'REJECT':
        to(owners, MessageType.result, 'leaveRejected', { reason: String(event.data.comment ?? '') });
        break;
      case 'WITHDRAW':
        to(beforeAssignees.filter((id) => id !== actorId), MessageType.system, 'leaveWithdrawn');
        break;
      case 'CANCEL_LEAVE':
        to([...ctx.route.headTeacher, ...owners].filter((id) => id !== actorId), MessageType.system, 'leaveReturned', { returnedAt: fmt(String(event.data.returnedAt ?? '')) });
        break;
      default:
        break;
    }
    if (newTask) to(afterAssignees, MessageType.task, 'leaveTask');
    return out;
  }

  /** The student of this leave: a student applies for themself; a parent names one of their own children. */
  private async studentFor(actor: Principal, requested: string | undefined, tx: EntityManager): Promise<StudentRow> {
    const select = `SELECT s.id, s.user_id, s.name, s.student_no, c.name AS class_name, c.head_teacher_id
                      FROM student s JOIN admin_class c ON c.id = s.class_id`;
    if (actor.roles.includes(RoleCode.student)) {
      const own: StudentRow[] = await tx.query(`${select} WHERE s.user_id = $1`, [actor.userId]);
      const me = own[0];
      if (!me) throw AppException.unprocessable('workflow.studentNotFound');
      if (requested && requested !== me.id && requested !== me.student_no) throw new AppException(403, 403, 'workflow.notYourChild');
      return me;
    }
    const children: StudentRow[] = await tx.query(`${select} JOIN guardian g ON g.student_id = s.id WHERE g.user_id = $1 ORDER BY s.student_no`, [actor.userId]);
    if (children.length === 0) throw new AppException(403, 403, 'workflow.notApplicant');
    if (!requested) {
      if (children.length === 1) return children[0] as StudentRow;
      throw AppException.badRequest('validation.studentRequired');
    }
    const child = children.find((c) => c.id === requested || c.student_no === requested);
    if (!child) throw new AppException(403, 403, 'workflow.notYourChild');
    return child;
  }

  private async checkPictures(resIds: string[], actor: Principal, tx: EntityManager): Promise<void> {
    if (resIds.length === 0) return;
    const rows: { res_id: string; owner_id: string; mime: string; size: number; removed_at: Date | null }[] = await tx.query(
      `SELECT res_id, owner_id, mime, size, removed_at FROM sys_file WHERE res_id = ANY($1::uuid[])`,
      [resIds],
    );
    for (const id of resIds) {
      const f = rows.find((r) => r.res_id === id);
      if (!f || f.removed_at || f.owner_id !== actor.userId) throw AppException.badRequest('workflow.attachmentNotYours');
      if (!['image/jpeg', 'image/png'].includes(f.mime) || f.size > LEAVE_PICTURE_MAX_BYTES) throw AppException.badRequest('workflow.attachmentNotPicture');
    }
  }
}
