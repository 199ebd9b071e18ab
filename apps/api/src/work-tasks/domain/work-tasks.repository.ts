import { Injectable } from '@nestjs/common';
import { assignmentStateOf, formatSchoolTime, isAssignmentOverdue, STAFF_USER_TYPES, type WorkAssignment, WORK_TASK_FLOW, type WorkTaskCandidates, type WorkTaskSummary, type WorkTaskValues } from '@schoolflow/contracts';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';
import type { WorkTaskRead } from './work-task-plan.js';

export type { Db };

/** An assignment's row as read (task, person, instance joined). */
interface AssignmentRow {
  instance_id: string;
  version: number;
  task_id: string;
  title: string;
  deadline_date: string;
  deadline_at: Date;
  assignee_id: string;
  assignee_name: string;
  dept_zh: string | null;
  dept_en: string | null;
  leader_name: string;
  state: string;
  percent: number;
  last_comment: string | null;
  updated_at: Date;
}

interface TaskRow {
  id: string;
  title: string;
  content: string;
  deadline_date: string;
  leader_id: string;
  leader_name: string;
  created_at: Date;
}

const ASSIGNMENTS = `SELECT a.instance_id, i.version, t.id AS task_id, t.title, to_char(t.deadline_date, 'YYYY-MM-DD') AS deadline_date, t.deadline_at,
       a.user_id AS assignee_id, u.name AS assignee_name, d.name AS dept_zh, d.name_en AS dept_en, l.name AS leader_name,
       i.state, a.percent, a.last_comment, i.updated_at
  FROM work_task_assignee a
  JOIN work_task t ON t.id = a.task_id
  JOIN wf_instance i ON i.id = a.instance_id
  JOIN sys_user u ON u.id = a.user_id
  JOIN sys_user l ON l.id = t.leader_id
  LEFT JOIN org_department d ON d.id = u.department_id`;

const TASKS = `SELECT t.id, t.title, t.content, to_char(t.deadline_date, 'YYYY-MM-DD') AS deadline_date, t.leader_id, l.name AS leader_name, t.created_at
  FROM work_task t JOIN sys_user l ON l.id = t.leader_id`;

/** The assignment as the pages show it; `now` decides what is overdue. */
export function assignmentOf(r: AssignmentRow, now: number): WorkAssignment {
  const state = assignmentStateOf(r.state);
  const deadlineAt = new Date(r.deadline_at).toISOString();
  return {
    instanceId: r.instance_id,
    version: r.version,
    taskId: r.task_id,
    title: r.title,
    deadline: r.deadline_date,
    assigneeId: r.assignee_id,
    assigneeName: r.assignee_name,
    department: r.dept_zh === null ? null : { zh: r.dept_zh, en: r.dept_en || r.dept_zh },
    leaderName: r.leader_name,
    state,
    percent: r.percent,
    lastComment: r.last_comment,
    overdue: isAssignmentOverdue(state, deadlineAt, now),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** A task with its assignments' counts. */
export function summaryOf(t: TaskRow, assignments: readonly WorkAssignment[], timeZone: string): WorkTaskSummary {
  const count = (f: (a: WorkAssignment) => boolean) => assignments.filter(f).length;
  return {
    id: t.id,
    title: t.title,
    deadline: t.deadline_date,
    leaderName: t.leader_name,
    createdAt: formatSchoolTime(new Date(t.created_at).getTime(), timeZone),
    total: assignments.length,
    submitted: count((a) => a.state === 'submitted' || a.state === 'approved'),
    approved: count((a) => a.state === 'approved'),
    overdue: count((a) => a.overdue),
    done: assignments.length > 0 && assignments.every((a) => a.state === 'approved' || a.state === 'cancelled'),
  };
}

/** Work tasks' SQL (tables `work_task`, `work_task_assignee`; the assignments' states are the flow's `wf_instance`). */
@Injectable()
export class WorkTasksRepository {
  /** What an assignment checks: the named people who are enabled staff, the departments found and their staff members. */
  async readAssignment(db: Db, v: Pick<WorkTaskValues, 'assigneeIds' | 'departmentIds'>): Promise<WorkTaskRead> {
    const [row] = await rows<WorkTaskRead>(
      db,
      `WITH RECURSIVE tree AS (SELECT id FROM org_department WHERE id = ANY($2::uuid[])
                               UNION SELECT c.id FROM org_department c JOIN tree ON c.parent_id = tree.id)
       SELECT coalesce((SELECT array_agg(id::text) FROM sys_user WHERE id = ANY($1::uuid[]) AND enabled AND user_type = ANY($3::text[])), '{}') AS staff,
              coalesce((SELECT array_agg(id::text) FROM org_department WHERE id = ANY($2::uuid[])), '{}') AS departments,
              coalesce((SELECT array_agg(id::text) FROM sys_user WHERE department_id IN (SELECT id FROM tree) AND enabled AND user_type = ANY($3::text[])), '{}') AS members`,
      [v.assigneeIds, v.departmentIds, STAFF_USER_TYPES],
    );
    return row ?? { staff: [], departments: [], members: [] };
  }

  /** Every enabled staff account but `me`, by department and name; every department, in the tree's order. */
  async candidates(db: Db, me: string): Promise<WorkTaskCandidates> {
    const people = await rows<{ id: string; name: string; dept_zh: string | null; dept_en: string | null }>(
      db,
      `SELECT u.id, u.name, d.name AS dept_zh, d.name_en AS dept_en FROM sys_user u LEFT JOIN org_department d ON d.id = u.department_id
        WHERE u.enabled AND u.user_type = ANY($1::text[]) AND u.id <> $2 ORDER BY d.sort NULLS LAST, u.name, u.id LIMIT 2000`,
      [STAFF_USER_TYPES, me],
    );
    const departments = await rows<{ id: string; zh: string; en: string | null }>(db, `SELECT id, name AS zh, name_en AS en FROM org_department ORDER BY sort, name`);
    return {
      people: people.map((p) => ({ id: p.id, name: p.name, department: p.dept_zh === null ? null : { zh: p.dept_zh, en: p.dept_en || p.dept_zh } })),
      departments: departments.map((d) => ({ id: d.id, name: { zh: d.zh, en: d.en || d.zh } })),
    };
  }

  async insertTask(db: Db, v: WorkTaskValues, leaderId: string, deadlineAt: string): Promise<string> {
    const [row] = await rows<{ id: string }>(
      db,
      `INSERT INTO work_task (title, content, deadline_date, deadline_at, leader_id, department_ids) VALUES ($1, $2, $3::date, $4, $5, $6::uuid[]) RETURNING id`,
      [v.title, v.content, v.deadline, deadlineAt, leaderId, [...new Set(v.departmentIds)]],
    );
    return (row as { id: string }).id;
  }

  async task(db: Db, id: string): Promise<TaskRow | null> {
    const [row] = await rows<TaskRow>(db, `${TASKS} WHERE t.id = $1`, [id]);
    return row ?? null;
  }

  /** Tasks, newest first: a leader's own (`leaderId`) or all of them. */
  tasks(db: Db, leaderId: string | null, limit = 200): Promise<TaskRow[]> {
    return rows<TaskRow>(db, `${TASKS} WHERE ($1::uuid IS NULL OR t.leader_id = $1) ORDER BY t.created_at DESC, t.id LIMIT $2`, [leaderId, limit]);
  }

  /** The assignments of some tasks, by task then assignee name. */
  async ofTasks(db: Db, taskIds: readonly string[], now: number): Promise<WorkAssignment[]> {
    if (taskIds.length === 0) return [];
    const list = await rows<AssignmentRow>(db, `${ASSIGNMENTS} WHERE a.task_id = ANY($1::uuid[]) AND i.flow = $2 ORDER BY a.task_id, u.name, a.user_id`, [taskIds, WORK_TASK_FLOW]);
    return list.map((r) => assignmentOf(r, now));
  }

  /** One person's assignments: open ones first (by deadline), then the ended, newest first. */
  async ofAssignee(db: Db, userId: string, now: number): Promise<WorkAssignment[]> {
    const list = await rows<AssignmentRow>(
      db,
      `${ASSIGNMENTS} WHERE a.user_id = $1 AND i.flow = $2
        ORDER BY (i.state IN ('approved', 'cancelled')), CASE WHEN i.state IN ('approved', 'cancelled') THEN NULL ELSE t.deadline_at END, t.created_at DESC LIMIT 200`,
      [userId, WORK_TASK_FLOW],
    );
    return list.map((r) => assignmentOf(r, now));
  }

  /** The submissions waiting for a leader's review, oldest first. */
  async toReview(db: Db, leaderId: string, now: number): Promise<WorkAssignment[]> {
    const list = await rows<AssignmentRow>(db, `${ASSIGNMENTS} WHERE t.leader_id = $1 AND i.flow = $2 AND i.state = 'review' ORDER BY i.updated_at, a.instance_id LIMIT 200`, [leaderId, WORK_TASK_FLOW]);
    return list.map((r) => assignmentOf(r, now));
  }

  /**
   * Overdue assignments not yet reminded on the school's day `today`, claimed (marked reminded) in the caller's
   * transaction: a second sweep the same day, here or on another instance, finds none of them.
   */
  claimOverdue(tx: Db, today: string, limit: number): Promise<{ instance_id: string; user_id: string; task_id: string; title: string; deadline_date: string }[]> {
    return rows(
      tx,
      `UPDATE work_task_assignee a SET reminded_on = $1::date
         FROM (SELECT a2.instance_id FROM work_task_assignee a2 JOIN work_task t2 ON t2.id = a2.task_id JOIN wf_instance i2 ON i2.id = a2.instance_id
                WHERE t2.deadline_at < now() AND i2.state LIKE 'working%' AND (a2.reminded_on IS NULL OR a2.reminded_on < $1::date)
                ORDER BY t2.deadline_at LIMIT $2 FOR UPDATE OF a2 SKIP LOCKED) due, work_task t
        WHERE a.instance_id = due.instance_id AND t.id = a.task_id
        RETURNING a.instance_id, a.user_id, a.task_id, t.title, to_char(t.deadline_date, 'YYYY-MM-DD') AS deadline_date`,
      [today, limit],
    );
  }
}
