import { Queue, Worker } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { ServerConfig } from '../../config/app-config.js';
import { logDatabaseError } from '../database/database-outage.js';
import { logger } from '../logging/logger.js';
import { redisOutage, waitingOptions } from '../redis/redis-connections.js';

/**
 * A job still to run: queued or running, and of the last day — what a runner takes up again at start, and what job
 * admission counts against its owner (job-admission.ts). An older one is not resumed and holds no place.
 */
export const LIVE_JOB = `state IN ('queued', 'running') AND created_at > now() - interval '1 day'`;

export interface JobQueueOptions {
  /** The BullMQ queue's name. */
  queue: string;
  /** The `sys_job.kind`s it runs, as a LIKE pattern (`import:%`): those a stopped instance left are taken up at start. */
  kinds: string;
  /** How its log lines name it. */
  label: string;
  /** Runs one job to its end (it must be safe to run again: a retry, a resume). */
  process(jobId: string): Promise<void>;
}

/**
 * The background jobs' one runner (imports, class reports — docs/adr/0023, 0024): a `sys_job` row is the job; with
 * Redis it goes through a BullMQ queue (3 attempts, then marked failed), without Redis — or while Redis is away — it
 * runs in-process; at start the jobs a stopped instance left (queued or running, of the last day) are taken up again.
 * A job's own code says what it does and how it stays exactly once; this says only how it gets run.
 */
export class JobQueue {
  private queue: Queue | undefined;
  private worker: Worker | undefined;

  constructor(
    private readonly db: DataSource,
    private readonly config: ServerConfig,
    private readonly o: JobQueueOptions,
  ) {}

  async start(): Promise<void> {
    if (this.config.redisUrl) {
      const prefix = this.config.redisPrefix;
      this.queue = new Queue(this.o.queue, { connection: { url: this.config.redisUrl, ...waitingOptions(), enableOfflineQueue: false }, prefix });
      this.worker = new Worker(this.o.queue, async (job) => this.o.process(String((job.data as { jobId: string }).jobId)), { connection: { url: this.config.redisUrl, ...waitingOptions() }, prefix, concurrency: 1 });
      this.queue.on('error', (err) => redisOutage.lost(err));
      this.worker.on('error', (err) => redisOutage.lost(err));
      this.worker.on('failed', (job, err) => {
        logDatabaseError(err, `${this.o.label} job failed`);
        // Given up after its attempts: the job says so, rather than "running" for ever.
        if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) void this.giveUp(String((job.data as { jobId: string }).jobId));
      });
    }
    const left = await this.db.query<{ id: string }[]>(`SELECT id FROM sys_job WHERE kind LIKE $1 AND ${LIVE_JOB}`, [this.o.kinds]);
    for (const j of left) void this.enqueue(j.id);
  }

  async stop(): Promise<void> {
    await this.worker?.close().catch(() => undefined);
    await this.queue?.close().catch(() => undefined);
  }

  async enqueue(jobId: string): Promise<void> {
    if (this.queue && !redisOutage.down) {
      try {
        await this.queue.add(this.o.label, { jobId }, { jobId, removeOnComplete: true, removeOnFail: 100, attempts: 3, backoff: { type: 'exponential', delay: 1000 } });
        return;
      } catch (err) {
        logger.warn({ err: (err as Error).message, jobId }, `${this.o.label} job run in-process (Redis unavailable)`);
      }
    }
    setImmediate(() =>
      void this.o.process(jobId).catch(async (err: unknown) => {
        logDatabaseError(err, `${this.o.label} job failed`);
        await this.giveUp(jobId);
      }),
    );
  }

  private async giveUp(jobId: string): Promise<void> {
    await this.db.query(`UPDATE sys_job SET state = 'failed', finished_at = now() WHERE id = $1 AND state IN ('queued', 'running')`, [jobId]).catch((err: unknown) => logDatabaseError(err, `${this.o.label} job not marked failed`));
  }
}
