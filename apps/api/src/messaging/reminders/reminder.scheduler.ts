import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { JobQueue } from '../../infrastructure/jobs/job-queue.js';
import { ReminderService } from './reminder.service.js';

/** The queue's name in Redis (the server monitor counts its jobs: monitor.controller.ts). */
export const REMINDER_QUEUE = 'schoolflow-reminders';
const SWEEP = 'reminder-sweep';


/**
 * Runs the reminder job on the background jobs' one runner (JobQueue, docs/adr/0032): a delayed job per newly assigned
 * step (its id names the step: scheduled once) fires a sweep when the delay has passed, and the queue's tick sweeps
 * every REMINDER_SWEEP_SECONDS to catch any job Redis lost. With REDIS_URL those are BullMQ's; with no Redis, or while
 * it is away, they run in-process (one timer for the steps waiting, and the same periodic sweep). Either way the job
 * itself is `ReminderService.sweep`, idempotent and safe on several instances: a step is reminded once however many
 * sweeps find it.
 *
 * Redis trouble (docs/adr/0017): JobQueue re-creates the tick's job scheduler when Redis is back and whenever its
 * periodic look finds it missing — it asks while Redis counts as away too; while Redis is away this instance sweeps
 * in-process; scheduling a step never waits on Redis (the sweep catches what it could not schedule).
 */
@Injectable()
export class ReminderScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly jobs: JobQueue;
  private sweeping: Promise<number> | null = null;
  private again: Promise<number> | null = null;

  constructor(
    private readonly reminders: ReminderService,
    db: DataSource,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {
    this.jobs = new JobQueue(db, config, {
      queue: REMINDER_QUEUE,
      label: 'reminder',
      // nothing kept to take up: the tick's sweep finds every step that is due
      live: async () => [],
      // every job is the sweep (a step's, the tick's, and those a Redis of the earlier scheduler still holds)
      process: async () => void (await this.sweep()),
      tick: { jobId: SWEEP, everyMs: config.reminderSweepSeconds * 1000 },
      // one attempt, as before: a failed sweep leaves its id free, and the next tick sweeps again
      attempts: 1,
      givenUp: 'resumedLater',
      // a cut sweep's transaction rolls back and another sweep reminds its steps
      cutAtStop: true,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.remindersDisabled) return;
    await this.jobs.start();
  }

  /**
   * Steps were assigned (a committed batch of events): a sweep when their delay has passed. The delay is read once
   * per batch.
   */
  async schedule(steps: readonly { instanceId: string; version: number }[]): Promise<void> {
    if (this.config.remindersDisabled || steps.length === 0) return;
    const delayMs = Math.round((await this.reminders.delayMinutes()) * 60_000) + 250;
    await this.jobs.enqueueDelayed(steps.map(({ instanceId, version }) => ({ jobId: `due-${instanceId}-${version}`, delayMs })));
  }

  /**
   * One sweep at a time in this process: asked for while one runs, one more runs after it, shared by every caller
   * meanwhile (a batch's steps come due together; in-process they would each start a sweep and a transaction at once).
   */
  private sweep(): Promise<number> {
    if (!this.sweeping) {
      this.sweeping = this.reminders.sweep().finally(() => {
        this.sweeping = null;
      });
      return this.sweeping;
    }
    this.again ??= this.sweeping
      .catch(() => 0)
      .then(() => {
        this.again = null;
        return this.sweep();
      });
    return this.again;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.stop();
  }
}
