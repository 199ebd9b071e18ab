import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { logDatabaseError } from '../../infrastructure/database/database-outage.js';
import { logger } from '../../infrastructure/logging/logger.js';
import { redisOutage, waitingOptions } from '../../infrastructure/redis/redis-connections.js';
import { ReminderService } from './reminder.service.js';

const QUEUE = 'schoolflow-reminders';
const SCHEDULER = 'reminder-sweep';
/** How long a BullMQ call may take before it is given up (Redis away): the caller goes on without it. */
const CALL_TIMEOUT_MS = 1500;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from Redis in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs the reminder job. With REDIS_URL: BullMQ — a delayed job per newly assigned step (deduplicated by job id)
 * fires when the delay has passed, and a job scheduler runs a sweep every REMINDER_SWEEP_SECONDS to catch any job
 * Redis lost. With no Redis: the same job in-process (a timer per step, and the same periodic sweep).
 * Either way the job itself is `ReminderService.sweep`, idempotent and safe on several instances.
 *
 * Redis trouble (hardening, finding 5): a Redis that comes back empty has lost the scheduler, so it is re-created
 * when Redis is back and whenever a periodic look finds it missing; while Redis is away this instance sweeps
 * in-process; scheduling a step never waits on Redis (the sweep catches what it could not schedule).
 */
@Injectable()
export class ReminderScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private queue: Queue | undefined;
  private worker: Worker | undefined;
  private interval: NodeJS.Timeout | undefined;
  private offRestore: (() => void) | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();
  private nextDue: number | null = null;

  constructor(
    private readonly reminders: ReminderService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  private get sweepMs(): number {
    const s = Number(process.env.REMINDER_SWEEP_SECONDS ?? 60);
    return Math.max(0.2, Number.isFinite(s) ? s : 60) * 1000;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (process.env.REMINDERS_DISABLED === '1') return;
    if (!this.config.redisUrl) {
      this.interval = setInterval(() => this.runInProcess(), this.sweepMs);
      return;
    }
    const prefix = this.config.redisPrefix;
    // The queue's calls fail fast while Redis is away (no offline queue); the worker's blocking connection waits.
    this.queue = new Queue(QUEUE, { connection: { url: this.config.redisUrl, ...waitingOptions(), enableOfflineQueue: false }, prefix });
    this.worker = new Worker(QUEUE, async () => this.reminders.sweep(), { connection: { url: this.config.redisUrl, ...waitingOptions() }, prefix, concurrency: 1 });
    this.queue.on('error', (err) => redisOutage.lost(err));
    this.worker.on('error', (err) => redisOutage.lost(err));
    this.worker.on('failed', (_job, err) => logDatabaseError(err, 'reminder job failed'));
    this.offRestore = redisOutage.onRestore(() => void this.ensureScheduler());
    await this.ensureScheduler();
    // The periodic look: while Redis is away this instance sweeps itself; either way it asks Redis for the scheduler
    // (Redis may have been emptied without a reconnect). Asking while it is away matters: a return noticed by one
    // connection while the queue's own was still reconnecting made the first re-creation fail and mark Redis away
    // again, and nothing else would look until the next outage.
    this.interval = setInterval(() => {
      if (redisOutage.down) this.runInProcess();
      void this.ensureScheduler();
    }, Math.max(this.sweepMs, 1000));
  }

  private async ensureScheduler(): Promise<void> {
    const queue = this.queue;
    if (!queue) return;
    try {
      if (!(await within(queue.getJobScheduler(SCHEDULER), CALL_TIMEOUT_MS))) {
        await within(queue.upsertJobScheduler(SCHEDULER, { every: this.sweepMs }, { name: 'sweep' }), CALL_TIMEOUT_MS);
      }
      redisOutage.restored(); // Redis answered: an outage noted by a timeout alone is over
    } catch (err) {
      redisOutage.lost(err);
    }
  }

  /**
   * Steps were assigned (a committed batch of events): fire a sweep when their delay has passed. The delay is read
   * once per batch; with no Redis one timer serves the batch, since a sweep reminds every step that is due.
   */
  async schedule(steps: readonly { instanceId: string; version: number }[]): Promise<void> {
    if (process.env.REMINDERS_DISABLED === '1' || steps.length === 0) return;
    const delay = Math.round((await this.reminders.delayMinutes()) * 60_000) + 250;
    if (this.queue && !redisOutage.down) {
      try {
        await within(
          this.queue.addBulk(
            steps.map(({ instanceId, version }) => ({
              name: 'step-due',
              data: { instanceId, version },
              opts: { jobId: `due-${instanceId}-${version}`, delay, removeOnComplete: true, removeOnFail: 1000 },
            })),
          ),
          CALL_TIMEOUT_MS,
        );
        return;
      } catch (err) {
        redisOutage.lost(err); // the periodic sweep reminds these steps when they are due
      }
    }
    if (delay > 2_147_000_000) return; // beyond a timer's range: the periodic sweep handles it
    // One timer, at the earliest due time, is enough: a sweep reminds every step that is due, and the periodic sweep
    // catches later ones (timers must not pile up per batch while Redis is away).
    const dueAt = Date.now() + delay;
    if (this.nextDue !== null && this.nextDue <= dueAt) return;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.nextDue = dueAt;
    const t = setTimeout(() => {
      this.timers.delete(t);
      this.nextDue = null;
      this.runInProcess();
    }, delay);
    this.timers.add(t);
  }

  private runInProcess(): void {
    this.reminders.sweep().catch((err: unknown) => logDatabaseError(err, 'reminder sweep failed'));
  }

  async onApplicationShutdown(): Promise<void> {
    this.offRestore?.();
    if (this.interval) clearInterval(this.interval);
    for (const t of this.timers) clearTimeout(t);
    // Bounded: with Redis away, close() would wait for it; the job is idempotent, a cut one runs again.
    await within(this.worker?.close(true) ?? Promise.resolve(), 3000).catch(() => logger.warn('reminder worker did not close in time'));
    await within(this.queue?.close() ?? Promise.resolve(), 2000).catch(() => undefined);
    await this.worker?.disconnect().catch(() => undefined);
    await this.queue?.disconnect().catch(() => undefined);
  }
}
