import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { IMPORT_JOB_ROWS, type ImportRowProblem, JOB_PROGRESS, type JobProgress, type Language, type ResourceDef, RESOURCES } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../config/app-config.js';
import { AppException } from '../infrastructure/http/app-exception.js';
import type { ClientInfo, Principal } from '../infrastructure/http/request-context.js';
import { translate } from '../infrastructure/i18n/i18n.js';
import { logger } from '../infrastructure/logging/logger.js';
import { JobAdmission } from '../infrastructure/jobs/job-admission.js';
import { JobQueue } from '../infrastructure/jobs/job-queue.js';
import { RealtimeGateway } from '../messaging/realtime/realtime.gateway.js';
import { ResourceExcel } from './resource-excel.js';
import { ResourceService } from './resource.service.js';
import { InfrastructureErrors } from '../infrastructure/infrastructure.errors.js';

const QUEUE = 'schoolflow-imports';

export type ImportOutcome = { imported: number; errors: ImportRowProblem[] };

interface JobInput {
  resource: string;
  rows: string[][];
  lang: Language;
  account: string;
  ip: string;
  userAgent: string;
  fileName: string;
}

/**
 * Imports of the resource kit (docs/adr/0023): all or nothing, each bad row named with its problem. A file of more
 * than IMPORT_JOB_ROWS rows is a background job — BullMQ with Redis, in-process without — whose request answers at
 * once; its progress goes to the importer's sockets as `job.progress` and stays readable at `GET /jobs/{id}`.
 *
 * Exactly once: the job's rows and its "completed" mark commit in one transaction, and a job is taken up only while
 * it is not completed — so a retried or resumed job (a crash, a stalled BullMQ job) never imports twice.
 */
@Injectable()
export class ResourceImports implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly jobs: JobQueue;

  constructor(
    private readonly db: DataSource,
    private readonly resources: ResourceService,
    private readonly excel: ResourceExcel,
    private readonly realtime: RealtimeGateway,
    private readonly admission: JobAdmission,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {
    this.jobs = new JobQueue(db, config, { queue: QUEUE, live: { kinds: 'import:%' }, label: 'import', process: (jobId) => this.process(jobId) });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.stop();
  }

  /** Checks and writes an import, or starts it as a job when it is large. */
  async start(d: ResourceDef, rows: string[][], fileName: string, me: Principal, client: ClientInfo, lang: Language): Promise<ImportOutcome | { jobId: string; total: number }> {
    if (rows.length < 2) throw InfrastructureErrors.importFileEmpty();
    // The header is checked at once, whatever the size: a wrong template is answered to the request.
    if (rows.length - 1 <= IMPORT_JOB_ROWS) {
      const outcome = await this.resources.write(d, me, client, lang, 'import', null, () => this.run(d, rows, lang, null));
      await this.audit(d, me.userId, me.account, client, fileName, outcome);
      return outcome;
    }
    this.excel.header(d, rows[0] ?? []);
    const input: JobInput = { resource: d.name, rows, lang, account: me.account, ip: client.ip, userAgent: client.userAgent, fileName };
    // the importer's cap of jobs (429: docs/adr/0029)
    const jobId = await this.admission.admit({ kind: `import:${d.name}`, ownerId: me.userId, total: rows.length - 1, input });
    await this.jobs.enqueue(jobId);
    return { jobId, total: rows.length - 1 };
  }

  async progress(jobId: string, ownerId: string): Promise<JobProgress> {
    const [row] = await this.db.query<{ id: string; kind: string; state: JobProgress['state']; done: number; total: number; result: unknown }[]>(
      `SELECT id, kind, state, done, total, result FROM sys_job WHERE id = $1 AND owner_id = $2`,
      [jobId, ownerId],
    );
    if (!row) throw AppException.notFound();
    return { id: row.id, kind: row.kind, state: row.state, done: row.done, total: row.total, ...(row.result ? { result: row.result } : {}) };
  }

  /** Runs one job to its end; a job already completed (a retry after the commit) is left as it is. */
  async process(jobId: string): Promise<void> {
    // Fix (e2e test/resources/resource-import): TypeORM answers an UPDATE … RETURNING as [rows, count], so `[row]` was
    // the rows array, `row.input` undefined, and every large import stayed 'running' for ever.
    const [[row]]: [{ owner_id: string; input: JobInput; total: number }[], number] = await this.db.query(
      `UPDATE sys_job SET state = 'running' WHERE id = $1 AND state IN ('queued', 'running') RETURNING owner_id, input, total`,
      [jobId],
    );
    if (!row) return;
    const d = RESOURCES[row.input.resource];
    if (!d) return;
    const push = (p: Omit<JobProgress, 'id' | 'kind' | 'total'>) => this.realtime.emitUnsequenced(row.owner_id, JOB_PROGRESS, { id: jobId, kind: `import:${d.name}`, total: row.total, ...p } satisfies JobProgress);
    // Checking the rows is the first half of the bar, writing them the second.
    const onProgress = async (done: number, phase: 0 | 1) => {
      const value = Math.min(row.total, Math.round((phase * row.total + done) / 2));
      await this.db.query(`UPDATE sys_job SET done = $2 WHERE id = $1 AND state = 'running'`, [jobId, value]);
      push({ state: 'running', done: value });
    };
    let outcome: ImportOutcome;
    try {
      outcome = await this.run(d, row.input.rows, row.input.lang, { jobId, onProgress });
    } catch (err) {
      const msg = err instanceof AppException ? translate(row.input.lang, err.messageKey, err.params) : translate(row.input.lang, 'importFailed');
      outcome = { imported: 0, errors: [{ row: 0, column: '', message: msg }] };
      if (!(err instanceof AppException)) logger.error({ err: (err as Error).message, jobId }, 'import job failed');
    }
    if (outcome.errors.length) await this.db.query(`UPDATE sys_job SET state = 'failed', result = $2, finished_at = now() WHERE id = $1 AND state = 'running'`, [jobId, JSON.stringify(outcome)]);
    push({ state: outcome.errors.length ? 'failed' : 'completed', done: row.total, result: outcome });
    await this.audit(d, row.owner_id, row.input.account, { ip: row.input.ip, userAgent: row.input.userAgent }, row.input.fileName, outcome);
  }

  /** Check every row; write all of them in one transaction when none is bad. */
  private async run(d: ResourceDef, rows: string[][], lang: Language, job: { jobId: string; onProgress: (done: number, phase: 0 | 1) => Promise<void> } | null): Promise<ImportOutcome> {
    const started = performance.now();
    const { items, problems } = await this.excel.check(d, rows, lang, job ? (n) => job.onProgress(n, 0) : undefined);
    const checked = performance.now();
    if (problems.length) return { imported: 0, errors: problems };
    await this.db.transaction(async (tx) => {
      await this.resources.insertMany(d, tx, items, job ? (n) => job.onProgress(n, 1) : undefined);
      if (job) await tx.query(`UPDATE sys_job SET state = 'completed', done = total, result = $2, finished_at = now() WHERE id = $1`, [job.jobId, JSON.stringify({ imported: items.length, errors: [] })]);
    });
    // Where an import's time goes, for operators (and bench:import): checking the rows, then writing them.
    logger.info({ resource: d.name, rows: items.length, checkMs: Math.round(checked - started), writeMs: Math.round(performance.now() - checked) }, 'import written');
    return { imported: items.length, errors: [] };
  }

  private audit(d: ResourceDef, userId: string, account: string, client: ClientInfo, fileName: string, outcome: ImportOutcome): Promise<void> {
    return this.resources.audit({ userId, account } as Principal, client, `${d.name}.import`, fileName.slice(0, 100), { imported: outcome.imported, badRows: new Set(outcome.errors.map((e) => e.row)).size }, outcome.errors.length ? 'failure' : 'success');
  }
}
