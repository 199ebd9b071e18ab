import { randomUUID } from 'node:crypto';
import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccessService } from '../../access/domain/access.service.js';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { logger } from '../../infrastructure/logging/logger.js';
import { startupWork } from '../../infrastructure/startup/startup-work.js';
import { DEMO_BATCHES } from '../../seed/demo-school.seed.js';
import { WorkflowCommands } from '../../workflow/domain/workflow-commands.service.js';
import { OpenBatch } from '../commands/open-batch/open-batch.handler.js';
import { PublishBatch } from '../commands/publish-batch/publish-batch.handler.js';
import { GradeSheetsRepository, type ScoreWrite } from '../domain/grade-sheets.repository.js';
import { type DemoItem, demoScore } from './demo-scores.js';
import { AdvisoryLock } from '../../infrastructure/database/advisory-locks.js';

const FLOW = 'grade-confirmation';
/** Commands in flight at once: the group commit gathers them into few statements (docs/adr/0012). */
const IN_FLIGHT = 32;
const CLIENT: ClientInfo = { ip: '127.0.0.1', userAgent: 'schoolflow demo seed' };

/** The app is stopping: the run ends between two steps. */
class Stopped extends Error {}

interface Batch {
  id: string;
  name: string;
  opened: boolean;
  published: boolean;
}

interface Sheet {
  batchId: string;
  batchName: string;
  classId: string;
  courseId: string;
  courseCode: string;
  teacherId: string;
  instanceId: string;
  state: string;
  fullMarks: number;
}

/**
 * The demo school's grades (issue 10 item 7, docs/architecture.md#demo-school): the base seed made the settings and the batches; entry
 * itself goes through the running engine, as a school's would — the event store is the truth, so every sheet is a
 * grade-confirmation instance with its events. Each grade's mid-term is opened, every student's score typed in every
 * course, every sheet submitted by its teacher and passed by the office, and the batch published (students and
 * parents are told); then 高一's monthly test is opened and left with its teachers, `teacher`'s first maths sheet
 * half typed.
 *
 * It runs after start, in the background (health answers meanwhile and says `startup: running`), once: under a
 * session lock, only on the demo school (SEED_DEMO and its batches by name), only while the monthly test — opened
 * last — is not. Each step takes only what is not done yet, so a run cut short (the app stopped) is finished by
 * the next start.
 */
@Injectable()
export class GradesDemoSeed implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private run: Promise<void> | undefined;
  private stopping = false;

  constructor(
    private readonly db: DataSource,
    private readonly sheets: GradeSheetsRepository,
    private readonly openBatch: OpenBatch,
    private readonly publishBatch: PublishBatch,
    private readonly commands: WorkflowCommands,
    private readonly access: AccessService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.seedDemo) return;
    this.run = startupWork.track(
      'grades-demo',
      this.seedOnce().catch((err: unknown) => {
        if (err instanceof Stopped) logger.info('grades demo seed stopped with the app; the next start finishes it');
        else logger.error({ err }, 'grades demo seed failed; the next start finishes it');
      }),
    );
  }

  /** A stop waits for the step in flight (each is short) rather than cutting it off from its connections. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.run;
  }

  private async seedOnce(): Promise<void> {
    const lock = this.db.createQueryRunner();
    await lock.connect();
    try {
      const [{ got }] = (await lock.query(`SELECT pg_try_advisory_lock($1) AS got`, [AdvisoryLock.gradesDemoSeed])) as [{ got: boolean }];
      if (!got) return;
      try {
        await this.seed();
      } finally {
        await lock.query(`SELECT pg_advisory_unlock($1)`, [AdvisoryLock.gradesDemoSeed]);
      }
    } finally {
      await lock.release();
    }
  }

  private async seed(): Promise<void> {
    const batches = await this.demoBatches();
    const monthly = batches.get(DEMO_BATCHES.monthly.name);
    const midterms = DEMO_BATCHES.midterms.map((b) => batches.get(b.name));
    if (!monthly || monthly.opened || midterms.some((b) => !b)) return;
    const started = Date.now();
    const took: Record<string, number> = {};
    const step = async (name: string, work: () => Promise<void>): Promise<void> => {
      if (this.stopping) throw new Stopped();
      const t = Date.now();
      await work();
      took[name] = Date.now() - t;
    };
    const office = await this.principal('account', 'office');
    const open = midterms.filter((b): b is Batch => !!b && !b.published);

    // 1. The mid-terms open: one instance per (class, course), each with its teacher.
    await step('open', () => this.each(open.filter((b) => !b.opened), (b) => this.openBatch.execute(b.id, office, CLIENT).then(() => undefined), 3));
    let sheets = await this.sheetsOf(open.map((b) => b.id));
    const teachers = new Map<string, Principal>();
    for (const id of new Set(sheets.map((s) => s.teacherId))) teachers.set(id, await this.principal('id', id));
    // 2. Every student's score in every course, each sheet as its teacher typed it.
    let scores = 0;
    await step('scores', async () => {
      scores = await this.typeScores(sheets.filter((s) => s.state.startsWith('entering')), () => true);
    });
    // 3. Submitted by the teachers, 4. passed by the office: many commands at once, so the group commit gathers them.
    await step('submit', () => this.each(sheets.filter((s) => s.state.startsWith('entering')), (s) => this.send(s, 'SUBMIT', teachers.get(s.teacherId) as Principal)));
    sheets = await this.sheetsOf(open.map((b) => b.id));
    await step('approve', () => this.each(sheets.filter((s) => s.state === 'review'), (s) => this.send(s, 'APPROVE', office)));
    // 5. Published: students and parents get their message.
    await step('publish', () => this.each(open, (b) => this.publishBatch.execute(b.id, office, CLIENT, 'zh').then(() => undefined), 3));

    // 6. The monthly test opens and stays with its teachers; `teacher`'s first maths sheet is half typed (a draft).
    await step('monthly', async () => {
      await this.openBatch.execute(monthly.id, office, CLIENT);
      const teacher = (await this.db.query(`SELECT id FROM sys_user WHERE account = 'teacher'`)) as { id: string }[];
      const draft = (await this.sheetsOf([monthly.id])).find((s) => s.courseCode === 'MATH' && s.teacherId === teacher[0]?.id);
      if (draft) await this.typeScores([draft], (i, n) => i < Math.ceil(n / 2));
    });
    logger.info({ ms: Date.now() - started, sheets: sheets.length, scores, steps: took }, 'grades demo seeded');
  }

  /** The demo's batches of the current semester, by name. */
  private async demoBatches(): Promise<Map<string, Batch>> {
    const names = [...DEMO_BATCHES.midterms.map((b) => b.name), DEMO_BATCHES.monthly.name];
    const rows: Batch[] = await this.db.query(
      `SELECT b.id, b.name, b.opened, b.published FROM grade_batch b JOIN semester se ON se.id = b.semester_id AND se.is_current WHERE b.name = ANY($1::text[])`,
      [names],
    );
    return new Map(rows.map((b) => [b.name, b]));
  }

  private async sheetsOf(batchIds: string[]): Promise<Sheet[]> {
    return this.db.query(
      `SELECT s.batch_id AS "batchId", b.name AS "batchName", s.class_id AS "classId", s.course_id AS "courseId", co.code AS "courseCode",
              s.teacher_id AS "teacherId", s.instance_id AS "instanceId", i.state, bc.full_marks::float8 AS "fullMarks"
         FROM grade_sheet s
         JOIN grade_batch b ON b.id = s.batch_id
         JOIN grade_batch_course bc ON bc.batch_id = s.batch_id AND bc.course_id = s.course_id
         JOIN course co ON co.id = s.course_id
         JOIN admin_class c ON c.id = s.class_id
         JOIN wf_instance i ON i.id = s.instance_id
        WHERE s.batch_id = ANY($1::uuid[])
        ORDER BY b.grade, c.sort, bc.position`,
      [batchIds],
    );
  }

  /**
   * Types the scores of these sheets (the rows `take` picks, by their place in the class list) through the
   * repository, as each sheet's teacher, in one transaction; answers how many rows were written.
   */
  private async typeScores(sheets: Sheet[], take: (index: number, rows: number) => boolean): Promise<number> {
    if (sheets.length === 0) return 0;
    const batchIds = [...new Set(sheets.map((s) => s.batchId))];
    const students: { id: string; studentNo: string; classId: string }[] = await this.db.query(
      `SELECT id, student_no AS "studentNo", class_id AS "classId" FROM student WHERE class_id = ANY($1::uuid[]) AND status = 'enrolled' ORDER BY student_no`,
      [[...new Set(sheets.map((s) => s.classId))]],
    );
    const items: (DemoItem & { batchId: string; courseId: string })[] = await this.db.query(
      `SELECT id, batch_id AS "batchId", course_id AS "courseId", full_marks::float8 AS "fullMarks" FROM grade_score_item WHERE batch_id = ANY($1::uuid[]) ORDER BY sort, name`,
      [batchIds],
    );
    let written = 0;
    await this.db.transaction(async (tx) => {
      for (const s of sheets) {
        const rows = students.filter((st) => st.classId === s.classId);
        const paper = items.filter((i) => i.batchId === s.batchId && i.courseId === s.courseId);
        const writes: ScoreWrite[] = rows.filter((_, i) => take(i, rows.length)).map((st) => ({ studentId: st.id, ...demoScore(s.batchName, st.studentNo, s.courseCode, s.fullMarks, paper) }));
        await this.sheets.save(tx, s, writes, s.teacherId);
        written += writes.length;
      }
    });
    return written;
  }

  private async send(sheet: Sheet, type: 'SUBMIT' | 'APPROVE', actor: Principal): Promise<void> {
    await this.commands.dispatch(FLOW, sheet.instanceId, { type }, actor, null, CLIENT, randomUUID());
  }

  /** Runs `work` over `items`, `inFlight` at a time. */
  private async each<T>(items: T[], work: (item: T) => Promise<void>, inFlight = IN_FLIGHT): Promise<void> {
    for (let i = 0; i < items.length; i += inFlight) await Promise.all(items.slice(i, i + inFlight).map(work));
  }

  /** A user as a request would carry them (their roles and permissions). */
  private async principal(by: 'id' | 'account', value: string): Promise<Principal> {
    const rows: { id: string; account: string; name: string; userType: string }[] = await this.db.query(
      `SELECT id, account, name, user_type AS "userType" FROM sys_user WHERE ${by === 'id' ? 'id = $1::uuid' : 'account = $1'}`,
      [value],
    );
    const user = rows[0];
    if (!user) throw new Error('demo account missing');
    const grants = await this.access.grants(user.id);
    return { userId: user.id, account: user.account, name: user.name, userType: user.userType, sessionId: '', roles: grants.roles, permissions: grants.permissions };
  }
}
