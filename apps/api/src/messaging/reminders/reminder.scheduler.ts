import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { logDatabaseError } from '../../infrastructure/database/database-outage.js';
import { logger } from '../../infrastructure/logging/logger.js';
import { ReminderService } from './reminder.service.js';

const QUEUE = 'schoolflow-reminders';

/**
 * Runs the reminder job. With REDIS_URL: BullMQ — a delayed job per newly assigned step (deduplicated by job id)
 * fires when the delay has passed, and a scheduler runs a sweep every REMINDER_SWEEP_SECONDS to catch any job
 * Redis lost. With no Redis: the same job in-process (a timer per step, and the same periodic sweep).
 * Either way the job itself is `ReminderService.sweep`, idempotent and safe on several instances.
 */
@Injectable()
export class ReminderScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private queue: Queue | undefined;
  private worker: Worker | undefined;
  private interval: NodeJS.Timeout | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();

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
    if (this.config.redisUrl) {
      const connection = { url: this.config.redisUrl, maxRetriesPerRequest: null };
      const prefix = this.config.redisPrefix;
      this.queue = new Queue(QUEUE, { connection, prefix });
      this.worker = new Worker(QUEUE, async () => this.reminders.sweep(), { connection, prefix, concurrency: 1 });
      this.worker.on('failed', (_job, err) => logger.error({ err }, 'reminder job failed'));
      await this.queue.upsertJobScheduler('reminder-sweep', { every: this.sweepMs }, { name: 'sweep' });
    } else {
      this.interval = setInterval(() => this.runInProcess(), this.sweepMs);
    }
  }

  /**
   * Steps were assigned (a committed batch of events): fire a sweep when their delay has passed. The delay is read
   * once per batch; with no Redis one timer serves the batch, since a sweep reminds every step that is due.
   */
  async schedule(steps: readonly { instanceId: string; version: number }[]): Promise<void> {
    if (process.env.REMINDERS_DISABLED === '1' || steps.length === 0) return;
    const delay = Math.round((await this.reminders.delayMinutes()) * 60_000) + 250;
    if (this.queue) {
      await this.queue.addBulk(
        steps.map(({ instanceId, version }) => ({
          name: 'step-due',
          data: { instanceId, version },
          opts: { jobId: `due-${instanceId}-${version}`, delay, removeOnComplete: true, removeOnFail: 1000 },
        })),
      );
      return;
    }
    if (delay > 2_147_000_000) return; // beyond a timer's range: the periodic sweep handles it
    const t = setTimeout(() => {
      this.timers.delete(t);
      this.runInProcess();
    }, delay);
    this.timers.add(t);
  }

  private runInProcess(): void {
    this.reminders.sweep().catch((err: unknown) => logDatabaseError(err, 'reminder sweep failed'));
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.interval) clearInterval(this.interval);
    for (const t of this.timers) clearTimeout(t);
    await this.worker?.close();
    await this.queue?.close();
  }
}
