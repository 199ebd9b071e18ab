import { addDays, type ProjectRole, type TaskPriority, type TaskStatus } from '@schoolflow/contracts';
import type { EntityManager } from 'typeorm';

const MEMBERS: [string, ProjectRole][] = [
  ['headteacher', 'owner'],
  ['teacher', 'member'],
  ['office', 'member'],
  ['teacher01', 'member'],
  ['principal', 'viewer'],
];

/** The tasks: title, status, priority, owner's account, start and due as days from the seeding day. */
const TASKS: [string, TaskStatus, TaskPriority, string | null, number | null, number | null, string][] = [
  ['确定研学路线与行程', 'done', 'high', 'headteacher', -14, -7, '两天一晚：博物馆、科技馆、湿地公园'],
  ['经费预算报批', 'doing', 'high', 'headteacher', -6, -1, '按每生 300 元编制，报校长室审批'],
  ['联系大巴与保险', 'doing', 'normal', 'office', -3, 4, '三辆 53 座大巴，学生意外险'],
  ['研学手册编写', 'blocked', 'normal', 'teacher', -2, 8, '等路线里的科技馆确认开放时段'],
  ['家长告知书与回执', 'todo', 'normal', 'teacher01', 1, 6, ''],
  ['学生分组与安全培训', 'todo', 'high', 'teacher', 5, 12, '每组 8 人，组长负责点名'],
  ['出发', 'todo', 'urgent', 'headteacher', null, 14, '7:30 校门口集合'],
];

/**
 * The demo's project (docs/product/office.md#projects): 高一年级研学活动筹备, owned by 张老师 (headteacher) with 陈老师,
 * 李主任 and teacher01 as members and 王校长 as a viewer; seven tasks over all four columns, dated from the seeding day
 * (one overdue, one a due-date-only milestone), and two comments. Runs inside the demo school's seed; once.
 */
export async function seedDemoProjects(tx: EntityManager, o: { today: string; userId: ReadonlyMap<string, string> }): Promise<void> {
  if (((await tx.query(`SELECT 1 FROM project LIMIT 1`)) as unknown[]).length > 0) return;
  const id = (account: string) => o.userId.get(account) ?? null;
  const [project] = (await tx.query(
    `INSERT INTO project (name, description, start_date, end_date, created_by) VALUES ($1, $2, $3::date, $4::date, $5) RETURNING id`,
    ['高一年级研学活动筹备', '高一年级秋季研学活动的筹备：路线、经费、交通、安全与家校沟通。', addDays(o.today, -14), addDays(o.today, 14), id('headteacher')],
  )) as { id: string }[];
  const projectId = (project as { id: string }).id;
  for (const [account, role] of MEMBERS) {
    if (id(account)) await tx.query(`INSERT INTO project_member (project_id, user_id, role) VALUES ($1, $2, $3)`, [projectId, id(account), role]);
  }
  const positions = new Map<TaskStatus, number>();
  const taskIds: string[] = [];
  for (const [title, status, priority, assignee, start, due, description] of TASKS) {
    const position = (positions.get(status) ?? 0) + 1;
    positions.set(status, position);
    const [row] = (await tx.query(
      `INSERT INTO project_task (project_id, title, description, status, priority, assignee_id, start_date, due_date, position, done_at, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7::date, $8::date, $9, CASE WHEN $4 = 'done' THEN now() END, $10) RETURNING id`,
      [projectId, title, description, status, priority, assignee ? id(assignee) : null, start === null ? null : addDays(o.today, start), due === null ? null : addDays(o.today, due), position, id('headteacher')],
    )) as { id: string }[];
    taskIds.push((row as { id: string }).id);
  }
  await tx.query(`INSERT INTO project_task_comment (task_id, author_id, content) VALUES ($1, $2, $3), ($1, $4, $5)`, [
    taskIds[3],
    id('teacher'),
    '科技馆周末需提前一周预约，已发函询问。',
    id('headteacher'),
    '好的，确认后把时段补进手册。',
  ]);
}
