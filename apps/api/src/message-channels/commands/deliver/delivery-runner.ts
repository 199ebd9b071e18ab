import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { DatabaseNotifications } from '../../../infrastructure/database/database-notifications.js';
import { logDatabaseError } from '../../../infrastructure/database/database-outage.js';
import { JobQueue } from '../../../infrastructure/jobs/job-queue.js';
import { DELIVERY_CHANNEL } from '../../../messaging/domain/outbox.js';
import { DeliveriesRepository } from '../../domain/deliveries.repository.js';
import { DeliverMessage } from './deliver-message.handler.js';

/** The queue's name in Redis. */
export const DELIVERY_QUEUE = 'schoolflow-deliveries';
const SWEEP = 'delivery-sweep';
const DELIVERY_JOB = /^delivery-([0-9a-f-]{36})-\d+$/;
/** Deliveries asked for per sweep; the next sweep takes the rest. */
const SWEEP_LIMIT = 500;

const jobIdOf = (id: string, attempt: number): string => `delivery-${id}-${attempt}`;

/**
 * Runs the deliveries on the background jobs' one runner (JobQueue, docs/adr/0041-message-channels.md#delivery): a
 * job per try, its id naming the delivery and the try (asked for twice, it runs once while it waits). A committed
 * message with deliveries wakes the runner (NOTIFY at commit); a failed try asks for the next after its backoff
 * (a delayed job); the queue's tick sweeps every CHANNEL_SWEEP_SECONDS for whatever a lost wake-up, a lost delayed job
 * or a dead process left. The delivery's row decides: a run that cannot claim it does nothing.
 */
@Injectable()
export class DeliveryRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly jobs: JobQueue;
  private sweeping: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: DataSource,
    private readonly deliveries: DeliveriesRepository,
    private readonly deliver: DeliverMessage,
    private readonly notifications: DatabaseNotifications,
    @Inject(SERVER_CONFIG) config: ServerConfig,
  ) {
    this.jobs = new JobQueue(db, config, {
      queue: DELIVERY_QUEUE,
      label: 'delivery',
      // nothing kept in sys_job: the deliveries' own rows are swept
      live: async () => [],
      process: (jobId) => this.run(jobId),
      tick: { jobId: SWEEP, everyMs: config.channelSweepSeconds * 1000 },
      // a try is recorded by the delivery itself; BullMQ's own attempts would try again without a record
      attempts: 1,
      givenUp: 'resumedLater',
      lockLossIsNoOutage: true,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.notifications.on(DELIVERY_CHANNEL, () => void this.sweep());
    await this.jobs.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.stop();
  }

  /** A delivery to try now (monitoring's retry). */
  async now(id: string, attempt: number): Promise<void> {
    await this.jobs.enqueue(jobIdOf(id, attempt));
  }

  private async run(jobId: string): Promise<void> {
    if (jobId === SWEEP) return this.sweep();
    const id = DELIVERY_JOB.exec(jobId)?.[1];
    if (!id) return;
    const done = await this.deliver.execute(id);
    if (done?.outcome.state === 'pending') await this.jobs.enqueueDelayed([{ jobId: jobIdOf(id, done.attempt + 1), delayMs: done.outcome.waitMs }]);
  }

  /** Asks for every delivery due; one sweep at a time in this process, one more when asked while it runs. */
  private sweep(): Promise<void> {
    if (this.sweeping) {
      this.again = true;
      return this.sweeping;
    }
    this.sweeping = (async () => {
      do {
        this.again = false;
        try {
          const due = await this.deliveries.due(this.db, this.deliver.staleMs, SWEEP_LIMIT);
          for (const d of due) await this.jobs.enqueue(jobIdOf(d.id, d.attempts + 1));
        } catch (err) {
          logDatabaseError(err, 'delivery sweep failed; the next tick sweeps again');
        }
      } while (this.again);
    })().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }
}
