import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { todoReminderPending } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { JobQueue } from '../../infrastructure/jobs/job-queue.js';
import { logDatabaseError } from '../../infrastructure/database/database-outage.js';
import type { PushRow } from '../../messaging/domain/outbox.js';
import { TodoNotifier } from '../domain/todo-notifier.js';
import { type ClaimedReminder, type Db, TodosRepository } from '../domain/todos.repository.js';

/** The queue's name in Redis. */
export const TODO_REMINDER_QUEUE = 'schoolflow-todo-reminders';
const SWEEP = 'todo-reminder-sweep';
const JOB = /^todo-([0-9a-f-]{36})-\d+$/;
/** At start, the reminders of the next day are timed again (those waiting in-process died with the last process). */
const RETIME_MS = 86_400_000;
const SWEEP_BATCH = 200;
/** A timed job runs this long after the moment, so the claim (the database's clock) finds it reached. */
const LATE_MS = 250;


/**
 * A to-do's reminder on the background jobs' one runner (JobQueue, docs/adr/0032; docs/adr/0050-todos.md#reminders):
 * a delayed job per reminder moment (`todo-{id}-{ms}`: timed once however often it is asked for), and the queue's tick
 * sweeping every TODO_REMINDER_SWEEP_SECONDS for any moment a lost job missed (Redis emptied, an instance stopped with
 * jobs waiting in-process). Either way the job claims the row with one guarded UPDATE at fire time — still unsent, the
 * to-do open, its moment reached — and writes the bell message in that transaction under a source key naming the
 * to-do and the moment: edited, ticked or deleted since, it finds nothing; on two instances, one claim wins.
 */
@Injectable()
export class TodoReminders implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly jobs: JobQueue;

  constructor(
    private readonly db: DataSource,
    private readonly todos: TodosRepository,
    private readonly notifier: TodoNotifier,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {
    this.jobs = new JobQueue(db, config, {
      queue: TODO_REMINDER_QUEUE,
      label: 'todo-reminder',
      // nothing kept to take up: the start re-times the day's moments, and the tick sweeps the rest
      live: async () => [],
      process: async (jobId) => void (await this.run(jobId)),
      tick: { jobId: SWEEP, everyMs: config.todoReminderSweepSeconds * 1000 },
      // a failed run leaves its id free; the sweep sends what it did not
      attempts: 1,
      givenUp: 'resumedLater',
      cutAtStop: true,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.remindersDisabled) return;
    await this.jobs.start();
    const pending = await this.todos.pending(this.db, RETIME_MS).catch((err: unknown) => {
      logDatabaseError(err, 'todo reminders not timed again at start; the sweep sends them');
      return [];
    });
    await this.time(pending);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.stop();
  }

  /** Times the reminders still ahead (after the commit that saved them); one already past is the sweep's or settled. */
  async time(reminders: readonly { id: string; remindAt: Date | null }[]): Promise<void> {
    if (this.config.remindersDisabled) return;
    const now = Date.now();
    const jobs = reminders.flatMap(({ id, remindAt }) => {
      const at = remindAt ? new Date(remindAt).getTime() : null;
      return at !== null && todoReminderPending(at, now) ? [{ jobId: `todo-${id}-${at}`, delayMs: at - now + LATE_MS }] : [];
    });
    await this.jobs.enqueueDelayed(jobs);
  }

  /** A to-do's job (its reminder, if still due) or the sweep (every reminder due). */
  private async run(jobId: string): Promise<number> {
    const id = JOB.exec(jobId)?.[1];
    if (jobId !== SWEEP && !id) return 0; // not one of ours (a Redis of an older release): nothing to do
    let pushes: PushRow[] = [];
    await this.db.transaction(async (tx) => {
      const claimed: ClaimedReminder[] = id ? await this.todos.claim(tx as Db, id) : await this.todos.claimDue(tx as Db, SWEEP_BATCH);
      pushes = await this.notifier.reminded(tx, claimed);
    });
    this.notifier.emit(pushes);
    return pushes.length;
  }
}
