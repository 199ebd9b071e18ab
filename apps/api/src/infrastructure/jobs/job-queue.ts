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

/** How long a BullMQ call of the delayed jobs and the tick may take before it is given up (Redis away): the caller goes on without it. */
const CALL_TIMEOUT_MS = 1500;
/** A timer's longest wait (Node's limit is 2^31 - 1 ms): a job waiting in-process longer is looked at again then. */
const MAX_TIMER_MS = 2_147_000_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from Redis in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A job to run once a delay has passed (`JobQueue.enqueueDelayed`). */
export interface DelayedJob {
  /** Its id, BullMQ's too: a job asked for again while it waits (a retry, another instance) is the same job. */
  jobId: string;
  /** How long it waits (ms). */
  delayMs: number;
}

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
  /**
   * A job run every `everyMs` beside those asked for — a sweep that finds what a lost job missed. With Redis a BullMQ
   * job scheduler, asked for at every look (every `everyMs`, at least a second apart) and re-created when Redis
   * returns or the look finds it missing (Redis emptied); while Redis is away each look runs it in-process, and still
   * asks Redis for the scheduler (its return may be noticed first by another connection, while the queue's own is
   * still reconnecting: the re-creation at the return then fails, and only a later look finds it missing). Without
   * Redis it runs in-process every `everyMs`; an in-process run still going skips the next.
   */
  tick?: { jobId: string; everyMs: number };
  /**
   * At stop a running job is cut instead of waited for (it runs again: it must be short, like a sweep). By default stop
   * waits for the job BullMQ handed over. Either way Redis is waited for a few seconds at most (with Redis away a close
   * would wait for it for ever).
   */
  cutAtStop?: boolean;
}

/**
 * The background jobs' one runner (imports, class reports, timetable schedules, semester upgrades, reminders —
 * docs/adr/0023, 0024, 0025, 0026, 0007, 0032): with Redis a job goes through a BullMQ queue (3 attempts, then marked
 * failed), without Redis — or while Redis is away — it runs in-process; at start the jobs a stopped instance left are
 * taken up again (by default the live `sys_job` rows of its kinds; a job kept elsewhere names its own, and its owner
 * may ask again: `resume()`). A job may wait before it runs (`enqueueDelayed`, replaced or removed while it waits),
 * and a queue may have a periodic job (`tick`). A job's own code says what it does and how it stays exactly once;
 * this says only how it gets run.
 */
export class JobQueue {
  private queue: Queue | undefined;
  private worker: Worker | undefined;
  /**
   * Delayed jobs waiting in-process (Redis away, or none), by id: their due time. One timer serves them all, set at the
   * earliest (`timerAt`): they must not each hold a timer while Redis is away. A job waiting here stays here when Redis
   * returns, and is lost with the process: a client whose jobs must outlive it names them in `live`, or has a tick.
   */
  private readonly delayed = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private timerAt: number | null = null;
  private look: NodeJS.Timeout | undefined;
  private offRestore: (() => void) | undefined;
  private ticking = false;
  private stopped = false;
  /** The runs of the jobs BullMQ handed this worker, each settled (a stop waits for them: `handedOver`). */
  private readonly handed = new Set<Promise<void>>();

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
      this.worker = new Worker(this.o.queue, (job) => this.inHand(this.o.process(String((job.data as { jobId: string }).jobId))), { connection: { url: this.config.redisUrl, ...waitingOptions() }, prefix, concurrency: 1, ...lock });
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
    const tick = this.o.tick;
    if (tick) {
      if (this.queue) {
        this.offRestore = redisOutage.onRestore(() => void this.ensureTick(tick));
        await this.ensureTick(tick);
      }
      // The periodic look (`tick`): in-process while Redis is away or none; the scheduler asked for either way.
      const queue = this.queue;
      this.look = setInterval(
        () => {
          if (!queue || redisOutage.down) void this.runTick(tick.jobId);
          if (queue) void this.ensureTick(tick);
        },
        queue ? Math.max(tick.everyMs, 1000) : tick.everyMs,
      );
    }
    if (opts.resume !== false) await this.resume();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.offRestore?.();
    clearInterval(this.look);
    clearTimeout(this.timer);
    this.delayed.clear();
    // Unless cut, a stop waits for the job BullMQ handed over. BullMQ's own graceful close would wait for it too, but with
    // Redis away it also waits for Redis for ever (its blocking connection never ends, nor does a QUIT), even with no job
    // in hand. So the worker takes no more jobs, the one in hand is waited for here, where no Redis is needed, and each
    // of BullMQ's closing steps is bounded.
    await this.worker?.pause(true);
    if (this.o.cutAtStop !== true) await this.handedOver();
    await within(this.worker?.close(true) ?? Promise.resolve(), 3000).catch(() => logger.warn(`${this.o.label} worker did not close in time`));
    await within(this.queue?.close() ?? Promise.resolve(), 2000).catch(() => undefined);
    const disconnected = Promise.all([this.worker?.disconnect(), this.queue?.disconnect()]);
    // With Redis away a disconnect waits for an end that never comes: it is not waited for then.
    await within(disconnected, redisOutage.down ? 0 : 1000).catch(() => undefined);
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
        await this.queue.add(this.o.label, { jobId }, { ...this.jobOptions(), jobId });
        return;
      } catch (err) {
        logger.warn({ err: (err as Error).message, jobId }, `${this.o.label} job run in-process (Redis unavailable)`);
      }
    }
    void this.runInProcess(jobId);
  }

  /**
   * Runs each job once its delay has passed, once while it waits (its id is BullMQ's too); `replace` gives a waiting
   * job its new delay (one already running runs on). Never waits on Redis: while Redis is away, or when it does not
   * answer within 1.5 s, the jobs wait in-process — a job that reached Redis all the same runs twice, so it must be safe to.
   */
  async enqueueDelayed(jobs: readonly DelayedJob[], opts: { replace?: boolean } = {}): Promise<void> {
    if (jobs.length === 0 || this.stopped) return;
    const queue = this.queue;
    if (opts.replace) for (const j of jobs) this.delayed.delete(j.jobId);
    if (queue && !redisOutage.down) {
      try {
        if (opts.replace) await within(Promise.all(jobs.map((j) => queue.remove(j.jobId))), CALL_TIMEOUT_MS);
        const options = this.jobOptions();
        await within(queue.addBulk(jobs.map(({ jobId, delayMs }) => ({ name: this.o.label, data: { jobId }, opts: { ...options, jobId, delay: Math.max(0, Math.round(delayMs)) } }))), CALL_TIMEOUT_MS);
        return;
      } catch (err) {
        redisOutage.lost(err); // one line per outage, not one per call
      }
    }
    const now = Date.now();
    let earliest = Infinity;
    for (const { jobId, delayMs } of jobs) {
      if (this.delayed.has(jobId)) continue; // waiting already: once
      const due = now + Math.max(0, delayMs);
      this.delayed.set(jobId, due);
      earliest = Math.min(earliest, due);
    }
    this.arm(earliest);
  }

  /**
   * Takes waiting jobs back (one already running runs on): in-process, and from BullMQ unless Redis is away — a job
   * that runs all the same must then find nothing to do.
   */
  async remove(jobIds: readonly string[]): Promise<void> {
    for (const id of jobIds) this.delayed.delete(id);
    const queue = this.queue;
    if (!queue || redisOutage.down || jobIds.length === 0) return;
    try {
      await within(Promise.all(jobIds.map((id) => queue.remove(id))), CALL_TIMEOUT_MS);
    } catch (err) {
      redisOutage.lost(err);
    }
  }

  private jobOptions() {
    // a job resumed later leaves nothing behind when it fails: its id must be free for the next `resume()`
    const removeOnFail = this.o.givenUp === 'resumedLater' ? true : 100;
    return { removeOnComplete: true, removeOnFail, attempts: this.o.attempts ?? 3, backoff: { type: 'exponential', delay: 1000 } };
  }

  /** Sets the in-process timer for a job due at `due`, unless it is set for then or earlier already. */
  private arm(due: number): void {
    if (due === Infinity || this.stopped || (this.timerAt !== null && this.timerAt <= due)) return;
    clearTimeout(this.timer);
    const wait = Math.min(Math.max(0, due - Date.now()), MAX_TIMER_MS);
    this.timerAt = Date.now() + wait;
    this.timer = setTimeout(() => this.runDue(), wait);
  }

  /** Runs the in-process jobs that are due, and sets the timer for the next. */
  private runDue(): void {
    this.timer = undefined;
    this.timerAt = null;
    const now = Date.now();
    let next = Infinity;
    for (const [jobId, due] of this.delayed) {
      if (due > now) {
        next = Math.min(next, due);
        continue;
      }
      this.delayed.delete(jobId);
      void this.runInProcess(jobId);
    }
    this.arm(next);
  }

  /** The tick's scheduler is in Redis, or put there; Redis answering ends an outage noted by a timeout alone. */
  private async ensureTick(tick: { jobId: string; everyMs: number }): Promise<void> {
    const queue = this.queue;
    if (!queue || this.stopped) return;
    try {
      if (!(await within(queue.getJobScheduler(tick.jobId), CALL_TIMEOUT_MS))) {
        await within(queue.upsertJobScheduler(tick.jobId, { every: tick.everyMs }, { name: this.o.label, data: { jobId: tick.jobId }, opts: this.jobOptions() }), CALL_TIMEOUT_MS);
      }
      redisOutage.restored();
    } catch (err) {
      redisOutage.lost(err);
    }
  }

  private async runTick(jobId: string): Promise<void> {
    if (this.ticking) return; // the last run is still going: this one would only wait behind it
    this.ticking = true;
    try {
      await this.runInProcess(jobId);
    } finally {
      this.ticking = false;
    }
  }

  /** A run of a job BullMQ handed over, answered as it is; held until it settles. */
  private inHand(run: Promise<void>): Promise<void> {
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.handed.add(settled);
    void settled.then(() => this.handed.delete(settled));
    return run;
  }

  /** Answers when no job BullMQ handed over is running. */
  private async handedOver(): Promise<void> {
    while (this.handed.size > 0) await Promise.all(this.handed);
  }

  /**
   * Runs a job in this process, on the next turn of the event loop; a failure is logged and the job given up. A stop in
   * that turn wins: the interval or a delay may have fired just before it, and nothing starts once stop was called.
   */
  private runInProcess(jobId: string): Promise<void> {
    return new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => (this.stopped ? undefined : this.o.process(jobId)))
      .catch(async (err: unknown) => {
        logDatabaseError(err, this.o.givenUp === 'resumedLater' ? `${this.o.label} job failed; taken up again later` : `${this.o.label} job failed`);
        await this.giveUp(jobId);
      });
  }

  private async giveUp(jobId: string): Promise<void> {
    if (this.o.givenUp === 'resumedLater') return;
    await this.db.query(`UPDATE sys_job SET state = 'failed', finished_at = now() WHERE id = $1 AND state IN ('queued', 'running')`, [jobId]).catch((err: unknown) => logDatabaseError(err, `${this.o.label} job not marked failed`));
  }
}
