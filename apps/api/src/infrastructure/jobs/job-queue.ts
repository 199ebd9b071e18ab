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
  /**
   * The jobs still to run, asked for at start and at every `resume()`: by default the `sys_job` rows of these kinds
   * (a LIKE pattern, `import:%`) that are live; a job kept elsewhere (a semester upgrade's steps) says its own.
   */
  live: { kinds: string } | (() => Promise<readonly string[]>);
  /** How its log lines name it. */
  label: string;
  /** Runs one job to its end (it must be safe to run again: a retry, a resume). */
  process(jobId: string): Promise<void>;
  /**
   * A job given up (its attempts spent, or failed in-process): by default its `sys_job` row is marked failed; a job
   * whose `live` finds it again (taken up at the next `resume()`) says so instead.
   */
  givenUp?: 'markFailed' | 'resumedLater';
  /** Attempts of a job in BullMQ before it is given up (3 by default, with an exponential backoff). */
  attempts?: number;
  /**
   * BullMQ's lock on a running job (ms) and how often stalled jobs are looked for: short ones let another instance take
   * up the job of a killed process within seconds (BullMQ's defaults: 30 s each).
   */
  lock?: { durationMs: number; stalledCheckMs: number };
  /**
   * A run outlives its BullMQ lock when Redis is emptied under it; BullMQ says so at each renewal. By default that is a
   * Redis error like any other (the outage is told); for a job whose guarantees are the database's, it is only logged.
   */
  lockLossIsNoOutage?: boolean;
}

/**
 * The background jobs' one runner (imports, class reports, timetable schedules, semester upgrades — docs/adr/0023,
 * 0024, 0025, 0026): with Redis a job goes through a BullMQ queue (3 attempts, then marked failed), without Redis — or
 * while Redis is away — it runs in-process; at start the jobs a stopped instance left are taken up again (by default
 * the live `sys_job` rows of its kinds; a job kept elsewhere names its own, and its owner may ask again: `resume()`).
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

  /** Starts the queue and its worker, and takes up the jobs still to run unless told its owner does (`resume: false`). */
  async start(opts: { resume?: boolean } = {}): Promise<void> {
    if (this.config.redisUrl) {
      const prefix = this.config.redisPrefix;
      this.queue = new Queue(this.o.queue, { connection: { url: this.config.redisUrl, ...waitingOptions(), enableOfflineQueue: false }, prefix });
      const lock = this.o.lock ? { lockDuration: this.o.lock.durationMs, stalledInterval: this.o.lock.stalledCheckMs } : {};
      this.worker = new Worker(this.o.queue, async (job) => this.o.process(String((job.data as { jobId: string }).jobId)), { connection: { url: this.config.redisUrl, ...waitingOptions() }, prefix, concurrency: 1, ...lock });
      this.queue.on('error', (err) => redisOutage.lost(err));
      this.worker.on('error', (err) =>
        this.o.lockLossIsNoOutage && /lock/i.test(err.message) ? logger.warn({ err: err.message }, `${this.o.label} job lock lost; the run goes on`) : redisOutage.lost(err),
      );
      this.worker.on('failed', (job, err) => {
        logDatabaseError(err, this.o.givenUp === 'resumedLater' ? `${this.o.label} job failed; taken up again later` : `${this.o.label} job failed`);
        // Given up after its attempts: the job says so, rather than "running" for ever.
        if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) void this.giveUp(String((job.data as { jobId: string }).jobId));
      });
    }
    if (opts.resume !== false) await this.resume();
  }

  async stop(): Promise<void> {
    await this.worker?.close().catch(() => undefined);
    await this.queue?.close().catch(() => undefined);
  }

  /** Every job still to run (`live`), asked for again: at start, and whenever its owner looks (a sweep, a reconnect). */
  async resume(): Promise<void> {
    const live = this.o.live;
    const ids = typeof live === 'function' ? await live() : (await this.db.query<{ id: string }[]>(`SELECT id FROM sys_job WHERE kind LIKE $1 AND ${LIVE_JOB}`, [live.kinds])).map((j) => j.id);
    for (const id of ids) await this.enqueue(id);
  }

  /** Runs `jobId` (once while it waits or runs: the id is BullMQ's too); in-process with Redis away, or none. */
  async enqueue(jobId: string): Promise<void> {
    if (this.queue && !redisOutage.down) {
      try {
        // a job resumed later leaves nothing behind when it fails: its id must be free for the next `resume()`
        const removeOnFail = this.o.givenUp === 'resumedLater' ? true : 100;
        await this.queue.add(this.o.label, { jobId }, { jobId, removeOnComplete: true, removeOnFail, attempts: this.o.attempts ?? 3, backoff: { type: 'exponential', delay: 1000 } });
        return;
      } catch (err) {
        logger.warn({ err: (err as Error).message, jobId }, `${this.o.label} job run in-process (Redis unavailable)`);
      }
    }
    setImmediate(() =>
      void this.o.process(jobId).catch(async (err: unknown) => {
        logDatabaseError(err, this.o.givenUp === 'resumedLater' ? `${this.o.label} job failed; taken up again later` : `${this.o.label} job failed`);
        await this.giveUp(jobId);
      }),
    );
  }

  private async giveUp(jobId: string): Promise<void> {
    if (this.o.givenUp === 'resumedLater') return;
    await this.db.query(`UPDATE sys_job SET state = 'failed', finished_at = now() WHERE id = $1 AND state IN ('queued', 'running')`, [jobId]).catch((err: unknown) => logDatabaseError(err, `${this.o.label} job not marked failed`));
  }
}
