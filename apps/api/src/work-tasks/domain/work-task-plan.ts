import { formatSchoolTime, parseSchoolTime, WORK_TASK_LIMITS, type WorkTaskValues } from '@schoolflow/contracts';
import type { WorkTaskAssigned } from '@schoolflow/workflows/work-task/work-task.machine.js';
import type { StartPlan } from '../../workflow/domain/flow-plugin.js';
import { WorkTasksErrors } from '../work-tasks.errors.js';

/** What an assignment reads: the named people who are enabled staff, the departments found, their staff members. */
export interface WorkTaskRead {
  /** Of the people named, those that are enabled staff accounts. */
  staff: string[];
  /** Of the departments named, those that exist. */
  departments: string[];
  /** The enabled staff of those departments (and of their sub-departments). */
  members: string[];
}

/** A task decided: its deadline instant, and one start per assignee (the engine opens each). */
export interface WorkTaskPlan {
  deadlineAt: string;
  assignees: string[];
  starts: (taskId: string) => { assigneeId: string; plan: StartPlan }[];
}

/**
 * Decides an assignment purely (docs/adr/0055-work-tasks.md#decision): the deadline is today or later (school days) and
 * ends with its day; every person named is enabled staff and every department exists; departments expand to their
 * members now (who joins later is not assigned); the leader is left out (nobody reviews their own task); someone is left,
 * at most the limit. Each assignee's start names them and the leader as the assignment's two sides.
 */
export function planWorkTask(v: WorkTaskValues, read: WorkTaskRead, leaderId: string, now: number, timeZone: string): WorkTaskPlan {
  const today = formatSchoolTime(now, timeZone).slice(0, 10);
  if (v.deadline < today) throw WorkTasksErrors.deadlinePassed();
  const named = [...new Set(v.assigneeIds)];
  if (named.some((id) => !read.staff.includes(id))) throw WorkTasksErrors.assigneeUnknown();
  if ([...new Set(v.departmentIds)].some((id) => !read.departments.includes(id))) throw WorkTasksErrors.departmentUnknown();
  const assignees = [...new Set([...named, ...read.members])].filter((id) => id !== leaderId).sort();
  if (assignees.length === 0) throw WorkTasksErrors.nobodyAssigned();
  if (assignees.length > WORK_TASK_LIMITS.assigneesMax) throw WorkTasksErrors.tooMany();
  const end = parseSchoolTime(`${v.deadline} 23:59:59`, timeZone);
  const deadlineAt = new Date((end ?? now) + 999).toISOString();
  return {
    deadlineAt,
    assignees,
    starts: (taskId) =>
      assignees.map((assigneeId) => {
        const data: Omit<WorkTaskAssigned, 'type' | 'actorId'> = {
          taskId,
          title: v.title,
          deadline: deadlineAt,
          deadlineDate: v.deadline,
          assigneeId,
          leaderId,
          route: { assignee: [assigneeId], leader: [leaderId] },
          studentId: null,
          studentUserId: null,
        };
        return { assigneeId, plan: { data: data as unknown as Record<string, unknown>, studentId: null, applicantId: assigneeId, owners: [assigneeId], reviewers: [leaderId], attachments: [] } };
      }),
  };
}
