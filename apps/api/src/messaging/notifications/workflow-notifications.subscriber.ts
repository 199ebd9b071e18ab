import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type pg from 'pg';
import { DataSource } from 'typeorm';
import { EventStore, type RecordedEvent, Subscription } from '@schoolflow/event-store';
import { fold } from '@schoolflow/workflows';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { poolOf } from '../../infrastructure/database/pool.js';
import { logger } from '../../infrastructure/logging/logger.js';
import { WorkflowEngine } from '../../workflow/domain/workflow-engine.service.js';
import { Outbox, type PushRow } from '../domain/outbox.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { ReminderScheduler } from '../reminders/reminder.scheduler.js';

export const NOTIFICATIONS_SUBSCRIPTION = 'workflow-notifications';

/**
 * Side effects of committed workflow events, through a durable subscription: messages and the per-user push log
 * are written in the same transaction as the checkpoint (a crash re-delivers the batch; unique source keys keep
 * the second delivery from writing anything), then the pushes are emitted and reminders scheduled.
 * `NOTIFICATIONS_DISABLED=1` starts an instance without it (the durability test stops it this way).
 */
@Injectable()
export class WorkflowNotificationsSubscriber implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscription: Subscription | undefined;

  constructor(
    private readonly db: DataSource,
    private readonly engine: WorkflowEngine,
    private readonly gateway: RealtimeGateway,
    private readonly reminders: ReminderScheduler,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (process.env.NOTIFICATIONS_DISABLED === '1') return;
    let pushes: PushRow[] = [];
    let tasks: { instanceId: string; version: number }[] = [];
    this.subscription = new Subscription(poolOf(this.db), {
      name: NOTIFICATIONS_SUBSCRIPTION,
      idleMs: 2000,
      handle: async (events, tx) => {
        pushes = [];
        tasks = [];
        for (const e of events) {
          const out = await this.handle(e, tx);
          pushes.push(...out.pushes);
          if (out.taskAdded) tasks.push({ instanceId: out.instanceId, version: e.version });
        }
      },
      afterCommit: async () => {
        this.gateway.emit(pushes);
        for (const t of tasks) await this.reminders.scheduleFor(t.instanceId, t.version);
      },
      onError: (err) => logger.error({ err }, 'notifications subscription failed; retrying'),
    });
    await this.subscription.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.stop();
  }

  private async handle(e: RecordedEvent, client: pg.PoolClient): Promise<{ pushes: PushRow[]; taskAdded: boolean; instanceId: string }> {
    // Plugins and the outbox read rows, whatever the driver answers.
    const tx = { query: async <R>(sql: string, params?: unknown[]): Promise<R> => (await client.query(sql, params)).rows as R };
    const flow = e.streamType;
    const plugin = this.engine.plugin(flow);
    const def = plugin.definition;
    const instanceId = e.streamId.slice(flow.length + 1);
    const stream = (await EventStore.readStream(tx, e.streamId)).filter((x) => x.version <= e.version).map((x) => ({ type: x.type, data: x.data }));
    const before = fold(def.machine, stream.slice(0, -1));
    const after = fold(def.machine, stream);
    const key = `ev:${e.position}`;
    const out: PushRow[] = [];

    const planned = await plugin.messages({ streamId: e.streamId, instanceId, position: e.position, event: { type: e.type, data: e.data, version: e.version }, before, after, tx });
    for (const m of planned) out.push(...(await Outbox.message(tx, m, `${key}:${m.recipientId}:${m.titleKey}`, this.config.timeZone)));

    const beforeAssignees = new Set(e.version === 1 ? [] : def.assignees(before));
    const afterAssignees = new Set(def.assignees(after));
    const stepChanged = def.stateOf(before) !== def.stateOf(after);
    const state = def.stateOf(after);
    for (const id of beforeAssignees) {
      if (stepChanged || !afterAssignees.has(id)) out.push(...(await Outbox.push(tx, id, 'task.changed', { flow, id: instanceId, state, action: 'removed' }, `${key}:${id}:task-removed`)));
    }
    for (const id of afterAssignees) {
      if (stepChanged || !beforeAssignees.has(id)) out.push(...(await Outbox.push(tx, id, 'task.changed', { flow, id: instanceId, state, action: 'added' }, `${key}:${id}:task-added`)));
    }
    const participants = (await tx.query<{ participants: string[] }[]>(`SELECT participants FROM wf_instance WHERE id = $1`, [instanceId]))[0]?.participants ?? [];
    for (const id of participants) {
      out.push(...(await Outbox.push(tx, id, 'workflow.transitioned', { flow, id: instanceId, version: e.version, state, event: e.type }, `${key}:${id}:transitioned`)));
    }
    return { pushes: out, taskAdded: stepChanged && afterAssignees.size > 0, instanceId };
  }
}
