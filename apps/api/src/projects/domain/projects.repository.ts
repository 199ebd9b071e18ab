import { Injectable } from '@nestjs/common';
import { formatSchoolTime, isTaskOverdue, type ProjectCandidate, type ProjectMember, type ProjectRole, type ProjectSummary, type ProjectTask, type ProjectValues, STAFF_USER_TYPES, type TaskAttachment, type TaskComment, type TaskPriority, type TaskStatus, TASK_STATUSES, type TaskValues } from '@schoolflow/contracts';
import { likePattern } from '../../infrastructure/database/like-pattern.js';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';

export type { Db };

/** A project as a write locks it. */
export interface LockedProject {
  id: string;
  name: string;
  archived: boolean;
}

interface ProjectRow {
  id: string;
  name: string;
  description: string;
  start_date: string | null;
  end_date: string | null;
  archived: boolean;
  updated_at: Date;
}

interface TaskRow {
  id: string;
  project_id: string;
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  assignee_id: string | null;
  assignee_name: string | null;
  start_date: string | null;
  due_date: string | null;
  position: number;
  comments: number;
  attachments: number;
  done_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const TASK_COLUMNS = `t.id, t.project_id, t.title, t.description, t.status, t.priority, t.assignee_id, u.name AS assignee_name,
  to_char(t.start_date, 'YYYY-MM-DD') AS start_date, to_char(t.due_date, 'YYYY-MM-DD') AS due_date, t.position,
  (SELECT count(*)::int FROM project_task_comment c WHERE c.task_id = t.id) AS comments,
  (SELECT count(*)::int FROM project_task_attachment a WHERE a.task_id = t.id) AS attachments,
  t.done_at, t.created_at, t.updated_at`;
const TASK_FROM = `project_task t LEFT JOIN sys_user u ON u.id = t.assignee_id`;
const COLUMN_ORDER = `array_position(ARRAY['todo', 'doing', 'blocked', 'done'], t.status), t.position, t.created_at`;

/**
 * 项目管理's SQL (tables `project`, `project_member`, `project_task`, `project_task_comment`,
 * `project_task_attachment`; docs/adr/0059-projects.md#tables): the use cases decide who may, this reads and writes.
 */
@Injectable()
export class ProjectsRepository {
  /** The project's row FOR UPDATE: every write of one project takes it, so moves and positions follow one another. */
  async lock(tx: Db, id: string): Promise<LockedProject | null> {
    const [row] = await rows<LockedProject>(tx, `SELECT id, name, archived FROM project WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  async exists(db: Db, id: string): Promise<boolean> {
    return (await rows(db, `SELECT 1 FROM project WHERE id = $1`, [id])).length > 0;
  }

  async roleOf(db: Db, projectId: string, userId: string): Promise<ProjectRole | null> {
    const [row] = await rows<{ role: ProjectRole }>(db, `SELECT role FROM project_member WHERE project_id = $1 AND user_id = $2`, [projectId, userId]);
    return row?.role ?? null;
  }

  /** The projects I am a member of (archived ones only when asked), the latest changed first, with their column counts. */
  async mine(db: Db, userId: string, archived: boolean, today: string): Promise<ProjectSummary[]> {
    const list = await rows<ProjectRow & { owner_name: string | null; my_role: ProjectRole; members: number; counts: Record<string, number> | null; overdue: number }>(
      db,
      `SELECT p.id, p.name, p.description, to_char(p.start_date, 'YYYY-MM-DD') AS start_date, to_char(p.end_date, 'YYYY-MM-DD') AS end_date, p.archived, p.updated_at,
              (SELECT u.name FROM project_member o JOIN sys_user u ON u.id = o.user_id WHERE o.project_id = p.id AND o.role = 'owner') AS owner_name,
              me.role AS my_role,
              (SELECT count(*)::int FROM project_member m WHERE m.project_id = p.id) AS members,
              (SELECT jsonb_object_agg(s.status, s.n) FROM (SELECT status, count(*)::int AS n FROM project_task WHERE project_id = p.id GROUP BY status) s) AS counts,
              (SELECT count(*)::int FROM project_task t WHERE t.project_id = p.id AND t.status <> 'done' AND t.due_date < $3::date) AS overdue
         FROM project p JOIN project_member me ON me.project_id = p.id AND me.user_id = $1
        WHERE p.archived = $2
        ORDER BY p.updated_at DESC, p.id`,
      [userId, archived, today],
    );
    return list.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      startDate: r.start_date,
      endDate: r.end_date,
      archived: r.archived,
      ownerName: r.owner_name ?? '',
      myRole: r.my_role,
      members: r.members,
      counts: Object.fromEntries(TASK_STATUSES.map((s) => [s, r.counts?.[s] ?? 0])) as ProjectSummary['counts'],
      overdue: r.overdue,
      updatedAt: new Date(r.updated_at).toISOString(),
    }));
  }

  async project(db: Db, id: string): Promise<(ProjectRow & { owner_id: string | null }) | null> {
    const [row] = await rows<ProjectRow & { owner_id: string | null }>(
      db,
      `SELECT p.id, p.name, p.description, to_char(p.start_date, 'YYYY-MM-DD') AS start_date, to_char(p.end_date, 'YYYY-MM-DD') AS end_date, p.archived, p.updated_at,
              (SELECT o.user_id FROM project_member o WHERE o.project_id = p.id AND o.role = 'owner') AS owner_id
         FROM project p WHERE p.id = $1`,
      [id],
    );
    return row ?? null;
  }

  async insertProject(tx: Db, v: ProjectValues, ownerId: string): Promise<string> {
    const [row] = await rows<{ id: string }>(
      tx,
      `INSERT INTO project (name, description, start_date, end_date, archived, created_by) VALUES ($1, $2, $3::date, $4::date, false, $5) RETURNING id`,
      [v.name, v.description, v.startDate, v.endDate, ownerId],
    );
    const id = (row as { id: string }).id;
    await tx.query(`INSERT INTO project_member (project_id, user_id, role) VALUES ($1, $2, 'owner')`, [id, ownerId]);
    return id;
  }

  async updateProject(tx: Db, id: string, v: ProjectValues): Promise<void> {
    await tx.query(`UPDATE project SET name = $2, description = $3, start_date = $4::date, end_date = $5::date, archived = $6, updated_at = now() WHERE id = $1`, [id, v.name, v.description, v.startDate, v.endDate, v.archived]);
  }

  /** The project changed (a task, a comment, a member): it moves to the top of its members' lists. */
  async touch(tx: Db, id: string): Promise<void> {
    await tx.query(`UPDATE project SET updated_at = now() WHERE id = $1`, [id]);
  }

  async deleteProject(tx: Db, id: string): Promise<void> {
    await tx.query(`DELETE FROM project WHERE id = $1`, [id]);
  }

  async members(db: Db, projectId: string): Promise<ProjectMember[]> {
    return rows<ProjectMember>(
      db,
      `SELECT m.user_id AS "userId", u.name, u.account, d.name AS department, m.role
         FROM project_member m JOIN sys_user u ON u.id = m.user_id LEFT JOIN org_department d ON d.id = u.department_id
        WHERE m.project_id = $1
        ORDER BY array_position(ARRAY['owner', 'member', 'viewer'], m.role), m.added_at, u.account`,
      [projectId],
    );
  }

  async memberIds(db: Db, projectId: string): Promise<string[]> {
    return (await rows<{ user_id: string }>(db, `SELECT user_id FROM project_member WHERE project_id = $1`, [projectId])).map((r) => r.user_id);
  }

  async memberCount(db: Db, projectId: string): Promise<number> {
    const [row] = await rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM project_member WHERE project_id = $1`, [projectId]);
    return row?.n ?? 0;
  }

  /** A member's role set (added when new). */
  async setRole(tx: Db, projectId: string, userId: string, role: ProjectRole): Promise<void> {
    await tx.query(`INSERT INTO project_member (project_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT (project_id, user_id) DO UPDATE SET role = EXCLUDED.role`, [projectId, userId, role]);
  }

  async removeMember(tx: Db, projectId: string, userId: string): Promise<boolean> {
    const [gone] = (await tx.query(`DELETE FROM project_member WHERE project_id = $1 AND user_id = $2 RETURNING 1`, [projectId, userId])) as [unknown[], number];
    return gone.length > 0;
  }

  /** Whoever no longer writes owns none of the project's tasks. */
  async unassign(tx: Db, projectId: string, userId: string): Promise<void> {
    await tx.query(`UPDATE project_task SET assignee_id = NULL, updated_at = now() WHERE project_id = $1 AND assignee_id = $2`, [projectId, userId]);
  }

  /** The user's name when they are staff (an administrator or a teacher) and may sign in; null otherwise. */
  async staffName(db: Db, userId: string): Promise<string | null> {
    const [row] = await rows<{ name: string }>(db, `SELECT name FROM sys_user WHERE id = $1 AND user_type = ANY($2::text[]) AND enabled`, [userId, STAFF_USER_TYPES]);
    return row?.name ?? null;
  }

  /** Staff matching a name or account, for the member picker. */
  candidates(db: Db, q: string, limit: number): Promise<ProjectCandidate[]> {
    return rows<ProjectCandidate>(
      db,
      `SELECT u.id AS "userId", u.name, u.account, d.name AS department
         FROM sys_user u LEFT JOIN org_department d ON d.id = u.department_id
        WHERE u.user_type = ANY($1::text[]) AND u.enabled AND (u.name ILIKE $2 OR u.account ILIKE $2)
        ORDER BY u.account LIMIT $3`,
      [STAFF_USER_TYPES, likePattern(q), limit],
    );
  }

  async tasks(db: Db, projectId: string, today: string): Promise<ProjectTask[]> {
    const list = await rows<TaskRow>(db, `SELECT ${TASK_COLUMNS} FROM ${TASK_FROM} WHERE t.project_id = $1 ORDER BY ${COLUMN_ORDER}`, [projectId]);
    return list.map((r) => shapeTask(r, today));
  }

  async task(db: Db, projectId: string, taskId: string, today: string): Promise<ProjectTask | null> {
    const [row] = await rows<TaskRow>(db, `SELECT ${TASK_COLUMNS} FROM ${TASK_FROM} WHERE t.project_id = $1 AND t.id = $2`, [projectId, taskId]);
    return row ? shapeTask(row, today) : null;
  }

  async taskCount(db: Db, projectId: string): Promise<number> {
    const [row] = await rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM project_task WHERE project_id = $1`, [projectId]);
    return row?.n ?? 0;
  }

  /** A new task, last in its column. */
  async insertTask(tx: Db, projectId: string, v: TaskValues, by: string): Promise<string> {
    const [row] = await rows<{ id: string }>(
      tx,
      `INSERT INTO project_task (project_id, title, description, status, priority, assignee_id, start_date, due_date, position, done_at, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7::date, $8::date,
               (SELECT coalesce(max(position), 0) + 1 FROM project_task WHERE project_id = $1 AND status = $4),
               CASE WHEN $4 = 'done' THEN now() END, $9)
       RETURNING id`,
      [projectId, v.title, v.description, v.status, v.priority, v.assigneeId, v.startDate, v.dueDate, by],
    );
    return (row as { id: string }).id;
  }

  /** The task's values; a changed column is entered last (the caller closes the gap it left). */
  async updateTask(tx: Db, projectId: string, taskId: string, v: TaskValues): Promise<void> {
    await tx.query(
      `UPDATE project_task SET title = $3, description = $4, priority = $6, assignee_id = $7, start_date = $8::date, due_date = $9::date,
              position = CASE WHEN status = $5 THEN position ELSE (SELECT coalesce(max(position), 0) + 1 FROM project_task WHERE project_id = $1 AND status = $5) END,
              done_at = CASE WHEN $5 = 'done' THEN coalesce(done_at, now()) END,
              status = $5, updated_at = now()
        WHERE project_id = $1 AND id = $2`,
      [projectId, taskId, v.title, v.description, v.status, v.priority, v.assigneeId, v.startDate, v.dueDate],
    );
  }

  async setStatus(tx: Db, taskId: string, status: TaskStatus): Promise<void> {
    await tx.query(`UPDATE project_task SET status = $2, done_at = CASE WHEN $2 = 'done' THEN coalesce(done_at, now()) END, updated_at = now() WHERE id = $1`, [taskId, status]);
  }

  /** A column's task ids in their order. */
  async column(db: Db, projectId: string, status: TaskStatus): Promise<string[]> {
    return (await rows<{ id: string }>(db, `SELECT id FROM project_task WHERE project_id = $1 AND status = $2 ORDER BY position, created_at`, [projectId, status])).map((r) => r.id);
  }

  /** Positions 1, 2, 3, … in the order given (only rows whose place changed are written). */
  async setPositions(tx: Db, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await tx.query(
      `UPDATE project_task t SET position = o.n, updated_at = now()
         FROM unnest($1::uuid[]) WITH ORDINALITY AS o(id, n)
        WHERE t.id = o.id AND t.position <> o.n`,
      [ids],
    );
  }

  async deleteTask(tx: Db, projectId: string, taskId: string): Promise<boolean> {
    const [gone] = (await tx.query(`DELETE FROM project_task WHERE project_id = $1 AND id = $2 RETURNING 1`, [projectId, taskId])) as [unknown[], number];
    return gone.length > 0;
  }

  async comments(db: Db, taskId: string, tz: string): Promise<(Omit<TaskComment, 'deletable'>)[]> {
    const list = await rows<{ id: string; author_id: string | null; author_name: string | null; content: string; created_at: Date }>(
      db,
      `SELECT c.id, c.author_id, u.name AS author_name, c.content, c.created_at FROM project_task_comment c LEFT JOIN sys_user u ON u.id = c.author_id WHERE c.task_id = $1 ORDER BY c.created_at, c.id`,
      [taskId],
    );
    return list.map((c) => ({ id: c.id, authorId: c.author_id, authorName: c.author_name, content: c.content, createdAt: formatSchoolTime(new Date(c.created_at).getTime(), tz) }));
  }

  async insertComment(tx: Db, taskId: string, authorId: string, content: string): Promise<string> {
    const [row] = await rows<{ id: string }>(tx, `INSERT INTO project_task_comment (task_id, author_id, content) VALUES ($1, $2, $3) RETURNING id`, [taskId, authorId, content]);
    return (row as { id: string }).id;
  }

  async commentAuthor(db: Db, taskId: string, commentId: string): Promise<{ authorId: string | null } | null> {
    const [row] = await rows<{ author_id: string | null }>(db, `SELECT author_id FROM project_task_comment WHERE task_id = $1 AND id = $2`, [taskId, commentId]);
    return row ? { authorId: row.author_id } : null;
  }

  async deleteComment(tx: Db, commentId: string): Promise<void> {
    await tx.query(`DELETE FROM project_task_comment WHERE id = $1`, [commentId]);
  }

  async attachments(db: Db, taskId: string, tz: string): Promise<(Omit<TaskAttachment, 'deletable'> & { addedById: string | null })[]> {
    const list = await rows<{ res_id: string; res_name: string; res_suffix: string; size: number; added_by: string | null; added_name: string | null; added_at: Date }>(
      db,
      `SELECT a.res_id, f.res_name, f.res_suffix, f.size, a.added_by, u.name AS added_name, a.added_at
         FROM project_task_attachment a JOIN sys_file f ON f.res_id = a.res_id LEFT JOIN sys_user u ON u.id = a.added_by
        WHERE a.task_id = $1 ORDER BY a.added_at, a.res_id`,
      [taskId],
    );
    return list.map((a) => ({ resId: a.res_id, name: a.res_name, suffix: a.res_suffix, size: Number(a.size), addedBy: a.added_name, addedById: a.added_by, addedAt: formatSchoolTime(new Date(a.added_at).getTime(), tz) }));
  }

  async attachmentCount(db: Db, taskId: string): Promise<number> {
    const [row] = await rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM project_task_attachment WHERE task_id = $1`, [taskId]);
    return row?.n ?? 0;
  }

  /** Attaches files (one already attached stays as it was); the trigger links each for the files' sweep. */
  async attach(tx: Db, taskId: string, resIds: readonly string[], by: string): Promise<void> {
    await tx.query(`INSERT INTO project_task_attachment (task_id, res_id, added_by) SELECT $1, unnest($2::uuid[]), $3 ON CONFLICT DO NOTHING`, [taskId, resIds, by]);
  }

  async attachmentAdder(db: Db, taskId: string, resId: string): Promise<{ addedBy: string | null } | null> {
    const [row] = await rows<{ added_by: string | null }>(db, `SELECT added_by FROM project_task_attachment WHERE task_id = $1 AND res_id = $2`, [taskId, resId]);
    return row ? { addedBy: row.added_by } : null;
  }

  async detach(tx: Db, taskId: string, resId: string): Promise<void> {
    await tx.query(`DELETE FROM project_task_attachment WHERE task_id = $1 AND res_id = $2`, [taskId, resId]);
  }
}

function shapeTask(r: TaskRow, today: string): ProjectTask {
  return {
    id: r.id,
    projectId: r.project_id,
    title: r.title,
    description: r.description,
    status: r.status,
    priority: r.priority,
    assigneeId: r.assignee_id,
    assigneeName: r.assignee_name,
    startDate: r.start_date,
    dueDate: r.due_date,
    position: r.position,
    overdue: isTaskOverdue({ dueDate: r.due_date, status: r.status }, today),
    comments: r.comments,
    attachments: r.attachments,
    doneAt: r.done_at ? new Date(r.done_at).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}
