import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { isUuid, JOB_PROGRESS, type JobProgress, type Language } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { logDatabaseError } from '../../../infrastructure/database/database-outage.js';
import { AppException } from '../../../infrastructure/http/app-exception.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { logger } from '../../../infrastructure/logging/logger.js';
import { PdfPool, PdfPoolStopping } from '../../../infrastructure/pdf/pdf-pool.js';
import { JobAdmission } from '../../../infrastructure/jobs/job-admission.js';
import { JobQueue } from '../../../infrastructure/jobs/job-queue.js';
import { RealtimeGateway } from '../../../messaging/realtime/realtime.gateway.js';
import { GradesErrors } from '../../grades.errors.js';
import { ReportClassesRepository } from '../../queries/report/report-classes.repository.js';
import type { SemesterReport } from '../../queries/report/semester-report.js';
import { SemesterReportQuery } from '../../queries/report/semester-report.query.js';

const QUEUE = 'schoolflow-class-reports';
export const CLASS_REPORTS_JOB = 'grades:class-reports';
/** Where the files are, under the data directory; a file is kept this many days after its job ends. */
const FOLDER = 'reports';
const KEEP_DAYS = 7;

export interface ClassReportsInput {
  classId: string;
  semesterId: string;
  lang: Language;
}

/** A finished job's answer: the name its file is saved under. */
export interface ClassReportsResult {
  fileName: string;
}

type Failure = { message: string };

/**
 * The class reports job (docs/product/grades.md#class-reports; docs/adr/0023 for jobs, 0029 for their admission and the PDF workers): one PDF
 * of every enrolled student's semester report, written by a PDF worker to `<DATA_DIR>/reports/<jobId>.pdf`, progress
 * pushed to the owner as `job.progress` after each student's report is read and kept in sys_job (`GET /jobs/{id}`).
 * BullMQ with Redis, in-process without; jobs a stopped instance left are taken up again at start. Made again from the
 * start when resumed: the file is written under a temporary name and renamed when whole, so a half-written file is
 * never downloaded.
 */
@Injectable()
export class ClassReportsRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly jobs: JobQueue;
  private readonly dir: string;

  constructor(
    private readonly db: DataSource,
    private readonly reports: SemesterReportQuery,
    private readonly classes: ReportClassesRepository,
    private readonly realtime: RealtimeGateway,
    private readonly admission: JobAdmission,
    private readonly pdf: PdfPool,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {
    this.dir = resolve(config.dataDir, FOLDER);
    this.jobs = new JobQueue(db, config, { queue: QUEUE, live: { kinds: CLASS_REPORTS_JOB }, label: 'class reports', process: (jobId) => this.process(jobId) });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.start();
    void this.sweep();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.stop();
  }

  /** Records a job of the owner's and starts it; refused (429) when the owner has their cap of jobs under way (docs/adr/0029). */
  async start(ownerId: string, input: ClassReportsInput, total: number): Promise<string> {
    const jobId = await this.admission.admit({ kind: CLASS_REPORTS_JOB, ownerId, total, input });
    await this.jobs.enqueue(jobId);
    return jobId;
  }

  /** Runs one job to its end; a job already finished (a retry after it completed) is left as it is. */
  async process(jobId: string): Promise<void> {
    const [[row]]: [{ owner_id: string; input: ClassReportsInput }[], number] = await this.db.query(
      `UPDATE sys_job SET state = 'running', done = 0 WHERE id = $1 AND kind = $2 AND state IN ('queued', 'running') RETURNING owner_id, input`,
      [jobId, CLASS_REPORTS_JOB],
    );
    if (!row) return;
    const { classId, semesterId, lang } = row.input;
    const push = (p: Omit<JobProgress, 'id' | 'kind'>) => this.realtime.emitUnsequenced(row.owner_id, JOB_PROGRESS, { id: jobId, kind: CLASS_REPORTS_JOB, ...p } satisfies JobProgress);
    // the class as it is now (a student may have come or gone since the job was asked for)
    const students = await this.classes.students(classId, lang);
    const total = students.length;
    await this.db.query(`UPDATE sys_job SET total = $2 WHERE id = $1`, [jobId, total]);
    push({ state: 'running', done: 0, total });
    const file = join(this.dir, `${jobId}.pdf`);
    const part = `${file}.part`;
    try {
      if (total === 0) throw GradesErrors.noStudentsInClass();
      const semester = await this.reports.semester(semesterId, lang);
      const className = await this.classes.className(classId, lang);
      await mkdir(this.dir, { recursive: true });
      // each student's report read (the bar moves per student), then all of them drawn by a PDF worker at once
      const reports: SemesterReport[] = [];
      for (const [i, s] of students.entries()) {
        const report = await this.reports.build(s.id, semester, lang);
        if (report) reports.push(report);
        const done = i + 1;
        await this.db.query(`UPDATE sys_job SET done = $2 WHERE id = $1 AND state = 'running'`, [jobId, done]);
        push({ state: 'running', done, total });
      }
      const first = reports[0];
      if (!first) throw GradesErrors.noStudentsInClass();
      await this.pdf.write({ kind: 'reports-file', reports, title: `${translate(lang, 'grades.report.title')} ${className} ${semester.name}`, author: first.school, path: part });
      await rename(part, file);
      const result: ClassReportsResult = { fileName: translate(lang, 'grades.report.pdf.fileName', { who: className, semester: semester.name }) };
      await this.db.query(`UPDATE sys_job SET state = 'completed', done = total, file_path = $2, result = $3, finished_at = now() WHERE id = $1 AND state = 'running'`, [jobId, `${FOLDER}/${jobId}.pdf`, JSON.stringify(result)]);
      push({ state: 'completed', done: total, total, result });
    } catch (err) {
      await unlink(part).catch(() => undefined);
      // cut off by the instance stopping: left running, the next start takes it up again (job-queue.ts)
      if (err instanceof PdfPoolStopping) return;
      const failure: Failure = { message: err instanceof AppException ? translate(lang, err.messageKey, err.params) : translate(lang, 'grades.report.page.jobFailed') };
      if (!(err instanceof AppException)) logger.error({ err: (err as Error).message, jobId }, 'class reports job failed');
      await this.db.query(`UPDATE sys_job SET state = 'failed', result = $2, finished_at = now() WHERE id = $1 AND state = 'running'`, [jobId, JSON.stringify(failure)]);
      push({ state: 'failed', done: total, total, result: failure });
    }
  }

  /** A finished job's file for its owner: 404 for anyone else or an unknown job, 422 while it is being made. */
  async file(jobId: string, ownerId: string): Promise<{ path: string; fileName: string }> {
    if (!isUuid(jobId)) throw GradesErrors.jobNotFound();
    const [row] = await this.db.query<{ state: JobProgress['state']; file_path: string | null; result: ClassReportsResult | null }[]>(
      `SELECT state, file_path, result FROM sys_job WHERE id = $1 AND owner_id = $2 AND kind = $3`,
      [jobId, ownerId, CLASS_REPORTS_JOB],
    );
    if (!row) throw GradesErrors.jobNotFound();
    if (row.state === 'queued' || row.state === 'running') throw GradesErrors.jobNotDone();
    if (row.state !== 'completed' || !row.file_path) throw GradesErrors.jobNotFound();
    const path = resolve(this.config.dataDir, row.file_path);
    // swept after KEEP_DAYS, or the data directory was moved
    if (!(await stat(path).catch(() => null))) throw GradesErrors.jobNotFound();
    return { path, fileName: row.result?.fileName ?? `${jobId}.pdf` };
  }

  /** Files of jobs finished more than KEEP_DAYS ago are removed: a class's reports are made again in seconds. */
  private async sweep(): Promise<void> {
    try {
      const [old]: [{ id: string; file_path: string }[], number] = await this.db.query(
        `UPDATE sys_job SET file_path = NULL WHERE kind = $1 AND file_path IS NOT NULL AND finished_at < now() - make_interval(days => $2) RETURNING id, file_path`,
        [CLASS_REPORTS_JOB, KEEP_DAYS],
      );
      for (const f of old) await unlink(resolve(this.config.dataDir, f.file_path)).catch(() => undefined);
    } catch (err) {
      logDatabaseError(err, 'class reports sweep failed');
    }
  }
}
