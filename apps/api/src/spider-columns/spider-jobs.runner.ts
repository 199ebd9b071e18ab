import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JOB_PROGRESS, type JobProgress, SPIDER_JOB, type SpiderRunProgress } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../config/app-config.js';
import { rows } from '../infrastructure/database/query-rows.js';
import { JobQueue } from '../infrastructure/jobs/job-queue.js';
import { RealtimeGateway } from '../messaging/realtime/realtime.gateway.js';
import { ColumnCollector } from './domain/column-collector.js';
import { SpiderColumnsRepository } from './domain/spider-columns.repository.js';

const QUEUE = 'schoolflow-spider';
const SWEEP = 'spider-sweep';
/** Columns one sweep takes up at most (the rest at the next). */
const SWEEP_BATCH = 5;

/**
 * 栏目采集's jobs on the background jobs' one runner (JobQueue, docs/adr/0032; docs/adr/0067-spider-columns.md#runs):
 * a collection asked for by hand is a `sys_job` (SPIDER_JOB) whose progress — items done of those new — is pushed to
 * the one who asked as `job.progress`, taken up again after a stop; the periodic sweep (SPIDER_SWEEP_SECONDS) claims
 * the columns due by one guarded UPDATE and collects each. A run is safe to repeat: items are unique by address.
 */
@Injectable()
export class SpiderJobsRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly jobs: JobQueue;

  constructor(
    private readonly db: DataSource,
    private readonly repo: SpiderColumnsRepository,
    private readonly collector: ColumnCollector,
    private readonly realtime: RealtimeGateway,
    @Inject(SERVER_CONFIG) config: ServerConfig,
  ) {
    this.jobs = new JobQueue(db, config, {
      queue: QUEUE,
      label: 'spider',
      live: { kinds: SPIDER_JOB },
      process: (jobId) => this.process(jobId),
      tick: { jobId: SWEEP, everyMs: config.spiderSweepSeconds * 1000 },
      givenUp: 'markFailed',
      attempts: 1,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.stop();
  }

  enqueue(jobId: string): Promise<void> {
    return this.jobs.enqueue(jobId);
  }

  private async process(jobId: string): Promise<void> {
    if (jobId === SWEEP) return this.sweep();
    const [job] = await rows<{ owner_id: string; input: { columnId: string; runId: string } }>(
      this.db,
      `UPDATE sys_job SET state = 'running' WHERE id = $1 AND kind = $2 AND state IN ('queued', 'running') RETURNING owner_id, input`,
      [jobId, SPIDER_JOB],
    );
    if (!job) return;
    const { columnId, runId } = job.input;
    const push = (p: Omit<JobProgress, 'id' | 'kind'>) => this.realtime.emitUnsequenced(job.owner_id, JOB_PROGRESS, { id: jobId, kind: SPIDER_JOB, ...p } satisfies JobProgress);
    const out = await this.collector.collect(columnId, runId, (done, total) => {
      void this.db.query(`UPDATE sys_job SET done = $2, total = $3 WHERE id = $1`, [jobId, done, total]).catch(() => undefined);
      push({ state: 'running', done, total });
    });
    const result: SpiderRunProgress = { runId, found: out?.found ?? 0, added: out?.added ?? 0, published: out?.published ?? 0 };
    const state = out && !out.failure ? 'completed' : 'failed';
    await this.db.query(`UPDATE sys_job SET state = $2, done = total, result = $3, finished_at = now() WHERE id = $1`, [jobId, state, JSON.stringify(result)]);
    push({ state, done: out?.added ?? 0, total: out?.added ?? 0, result });
  }

  /** The columns due, claimed and collected one after another. */
  private async sweep(): Promise<void> {
    for (const columnId of await this.repo.claimDue(this.db, SWEEP_BATCH)) {
      const runId = await this.repo.startRun(this.db, columnId, 'schedule', null, null);
      await this.collector.collect(columnId, runId);
    }
  }
}
