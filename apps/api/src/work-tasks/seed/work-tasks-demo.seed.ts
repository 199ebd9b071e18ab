import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { WORK_TASK_FLOW, type WorkTaskValues } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { AccessService } from '../../access/domain/access.service.js';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { AdvisoryLock } from '../../infrastructure/database/advisory-locks.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { logger } from '../../infrastructure/logging/logger.js';
import { startupWork } from '../../infrastructure/startup/startup-work.js';
import { WorkflowCommands } from '../../workflow/domain/workflow-commands.service.js';
import { AssignWorkTask, assignmentInstanceId } from '../commands/assign-work-task/assign-work-task.handler.js';

const CLIENT: ClientInfo = { ip: '127.0.0.1', userAgent: 'schoolflow demo seed' };
const DAY_MS = 86_400_000;

/**
 * The demo school's work tasks (docs/product/office.md#work-tasks): three tasks in different states, made through the
 * running engine as a leader's would be (the event store is the truth). 王校长 gives 张老师 and 陈老师 a term summary due
 * in a week — 陈老师 reported 60%, 张老师 submitted it (waiting for review); 李主任 gave the maths group and teacher01 a
 * record to hand in that was due yesterday — overdue, nothing reported; 王校长 gave 李主任 a safety check, returned once
 * and approved. Dates are relative to the seeding day. Once: only on the demo school, only while it has no task.
 */
@Injectable()
export class WorkTasksDemoSeed implements OnApplicationBootstrap {
  constructor(
    private readonly db: DataSource,
    private readonly assigning: AssignWorkTask,
    private readonly commands: WorkflowCommands,
    private readonly access: AccessService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.seedDemo) return;
    // after the grades' demo (startup work of its own through the same engine and pool)
    void startupWork.after('work-tasks-demo', () => this.seedOnce().catch((err: unknown) => logger.error({ err }, 'work tasks demo seed failed')));
  }

  private async seedOnce(): Promise<void> {
    const lock = this.db.createQueryRunner();
    await lock.connect();
    try {
      const [{ got }] = (await lock.query(`SELECT pg_try_advisory_lock($1) AS got`, [AdvisoryLock.workTasksDemoSeed])) as [{ got: boolean }];
      if (!got) return;
      try {
        const [{ n }] = (await lock.query(`SELECT count(*)::int AS n FROM work_task`)) as [{ n: number }];
        if (n === 0) await this.seed();
      } finally {
        await lock.query(`SELECT pg_advisory_unlock($1)`, [AdvisoryLock.workTasksDemoSeed]);
      }
    } finally {
      await lock.release();
    }
  }

  private async seed(): Promise<void> {
    const users = (await this.db.query(`SELECT account, id FROM sys_user WHERE account IN ('principal', 'office', 'headteacher', 'teacher', 'teacher01')`)) as { account: string; id: string }[];
    const id = new Map(users.map((u) => [u.account, u.id]));
    const [maths] = (await this.db.query(`SELECT id FROM org_department WHERE code = 'MATHS'`)) as { id: string }[];
    // not the demo school (its accounts or its maths group are missing): nothing to seed
    if (id.size < 5 || !maths) return;
    const today = this.config.demoToday ? Date.parse(`${this.config.demoToday}T04:00:00Z`) : Date.now();
    const date = (days: number) => new Date(today + days * DAY_MS).toISOString().slice(0, 10);
    const task = (title: string, content: string, deadline: string, assigneeIds: string[], departmentIds: string[] = []): WorkTaskValues => ({ title, content, deadline, assigneeIds, departmentIds });
    const principal = await this.principal('principal');
    const office = await this.principal('office');
    const teacher = await this.principal('teacher');
    const headteacher = await this.principal('headteacher');

    const summary = await this.assigning.assign(task('期中教学工作总结', '总结本学期前半段的教学进度、学生情况和改进措施，不少于800字。', date(7), [id.get('headteacher') as string, id.get('teacher') as string]), principal.userId, today);
    await this.send(summary.taskId, teacher, 'REPORT', { percent: 60, comment: '已完成教学进度和学情分析部分' });
    await this.send(summary.taskId, headteacher, 'REPORT', { percent: 80, comment: '初稿已完成，正在补充数据' });
    await this.send(summary.taskId, headteacher, 'SUBMIT', { comment: '总结已完成，请审阅' });

    // assigned three days ago, due yesterday: overdue today
    await this.assigning.assign(task('教研活动记录上交', '上交本月教研活动记录（含签到表和照片）。', date(-1), [id.get('teacher01') as string], [maths.id]), office.userId, today - 3 * DAY_MS);

    const safety = await this.assigning.assign(task('校园安全检查', '检查各教学楼消防器材和疏散通道，填写检查表。', date(3), [id.get('office') as string]), principal.userId, today);
    await this.send(safety.taskId, office, 'REPORT', { percent: 100, comment: '已检查A、B两栋楼' });
    await this.send(safety.taskId, office, 'SUBMIT', {});
    await this.send(safety.taskId, principal, 'RETURN', { comment: '缺少C栋楼的检查记录' }, office.userId);
    await this.send(safety.taskId, office, 'SUBMIT', { comment: '已补充C栋楼' });
    await this.send(safety.taskId, principal, 'APPROVE', {}, office.userId);
    logger.info('work tasks demo seeded');
  }

  /** A command on the assignment of `assigneeId` (the actor's own, unless named) of a task. */
  private async send(taskId: string, actor: Principal, type: string, extra: { percent?: number; comment?: string }, assigneeId = actor.userId): Promise<void> {
    await this.commands.dispatch(WORK_TASK_FLOW, assignmentInstanceId(taskId, assigneeId), { type, ...extra }, actor, null, CLIENT, randomUUID());
  }

  /** A demo user as a request would carry them (their roles and permissions). */
  private async principal(account: string): Promise<Principal> {
    const [user] = (await this.db.query(`SELECT id, account, name, user_type AS "userType" FROM sys_user WHERE account = $1`, [account])) as { id: string; account: string; name: string; userType: string }[];
    if (!user) throw new Error('demo account missing');
    const grants = await this.access.grants(user.id);
    return { userId: user.id, account: user.account, name: user.name, userType: user.userType, sessionId: '', roles: grants.roles, permissions: grants.permissions };
  }
}
