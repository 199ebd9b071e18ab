import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { formatSchoolTime, MessageType, workTaskDetailPage } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { PeriodicSweep } from '../../infrastructure/jobs/periodic-sweep.js';
import { Outbox, type PushRow } from '../../messaging/domain/outbox.js';
import { RealtimeGateway } from '../../messaging/realtime/realtime.gateway.js';
import { WorkTasksRepository } from '../domain/work-tasks.repository.js';

const BATCH = 200;

/**
 * Overdue work tasks remind their assignee (docs/adr/0055-work-tasks.md#decision): a PeriodicSweep (every
 * WORK_TASK_SWEEP_SECONDS) claims the assignments past their deadline, still with their assignee and not reminded on
 * the school's day, by one guarded UPDATE, and writes each a bell message in that transaction under a source key naming
 * the assignment and the day — so it is reminded once a day at most, however many sweeps or instances run.
 * (The kit's reminders remind reviewers of a waiting step; here the one late is the assignee, by a deadline.)
 */
@Injectable()
export class OverdueReminders implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('WorkTaskOverdue');
  private readonly sweeps = new PeriodicSweep(
    () => this.sweep().then(() => undefined),
    (err) => this.log.warn(`sweep: ${err instanceof Error ? err.message : String(err)}`),
  );

  constructor(
    private readonly db: DataSource,
    private readonly repo: WorkTasksRepository,
    private readonly realtime: RealtimeGateway,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.remindersDisabled) return;
    this.sweeps.start(this.config.workTaskSweepSeconds * 1000, { now: true });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeps.stop();
  }

  /** One sweep: the reminders due today, in batches; answers how many were sent. */
  async sweep(): Promise<number> {
    const today = formatSchoolTime(Date.now(), this.config.timeZone).slice(0, 10);
    let sent = 0;
    for (;;) {
      let pushes: PushRow[] = [];
      const claimed = await this.db.transaction(async (tx) => {
        const due = await this.repo.claimOverdue(tx, today, BATCH);
        pushes = await Outbox.messages(
          tx,
          due.map((d) => ({
            message: {
              recipientId: d.user_id,
              type: MessageType.reminder,
              titleKey: 'messages.workTaskOverdue.title',
              contentKey: 'messages.workTaskOverdue.content',
              params: { title: d.title, deadline: d.deadline_date },
              link: workTaskDetailPage(d.task_id),
            },
            sourceKey: `work-task:${d.instance_id}:overdue:${today}`,
          })),
          this.config.timeZone,
        );
        return due.length;
      });
      if (pushes.length > 0) this.realtime.emit(pushes);
      sent += claimed;
      if (claimed < BATCH) return sent;
    }
  }
}
