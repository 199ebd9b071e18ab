import { workflowDetailPage } from '@schoolflow/contracts';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type pg from 'pg';
import { DataSource } from 'typeorm';
import { type RecordedEvent, Subscription } from '@schoolflow/event-store';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { DatabaseNotifications } from '../../infrastructure/database/database-notifications.js';
import { logDatabaseError } from '../../infrastructure/database/database-outage.js';
import { poolOf } from '../../infrastructure/database/pool.js';
import { SubscriptionRegistry, subscriptionDefaults } from '../../infrastructure/database/subscription-registry.js';
import { committedTransitions } from '../../workflow/domain/committed-transitions.js';
import type { NotificationInput, PlannedMessage } from '../../workflow/domain/flow-plugin.js';
import { FlowCatalog } from '../../workflow/domain/flow-catalog.service.js';
import { StreamCache } from '../../workflow/domain/stream-cache.js';
import { effectRefusedMessages, sharedMessages } from './shared-messages.js';
import { Outbox, type PlannedPush, type PushRow } from '../domain/outbox.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { ReminderScheduler } from '../reminders/reminder.scheduler.js';

export const NOTIFICATIONS_SUBSCRIPTION = 'workflow-notifications';

/** What a batch leaves for after its commit: the pushes to emit, the steps to schedule reminders for. */
interface Handled {
  pushes: PushRow[];
  tasks: { instanceId: string; version: number }[];
}

interface InstanceInfo {
  id: string;
  owners: string[];
  applicant_name: string | null;
  student_name: string | null;
  class_name: string | null;
  class_name_en: string | null;
}

/**
 * Side effects of committed workflow events, through a durable subscription: messages and the per-user push log
 * are written in the same transaction as the checkpoint (a crash re-delivers the batch; unique source keys keep
 * the second delivery from writing anything), then the pushes are emitted and reminders scheduled.
 * Work is set-based per batch (a handful of statements whatever its size), so under load the subscriber keeps up
 * by taking bigger batches rather than falling behind.
 * `NOTIFICATIONS_DISABLED=1` starts an instance without it (the durability test stops it this way).
 * An event whose messages keep failing (a recipient who does not exist) is parked and the events after it go on
 * (docs/adr/0027).
 */
@Injectable()
export class WorkflowNotificationsSubscriber implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscription: Subscription<Handled> | undefined;

  constructor(
    private readonly db: DataSource,
    private readonly catalog: FlowCatalog,
    private readonly gateway: RealtimeGateway,
    private readonly reminders: ReminderScheduler,
    private readonly notifications: DatabaseNotifications,
    private readonly registry: SubscriptionRegistry,
    private readonly streams: StreamCache,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.notificationsDisabled) return;
    this.subscription = new Subscription<Handled>(poolOf(this.db), {
      name: NOTIFICATIONS_SUBSCRIPTION,
      idleMs: 2000,
      batchSize: 500,
      // Under load, the events of 50 ms go as one batch: a batch's reads and writes are a handful of statements
      // whatever its size, so a batch per announcement cost more than the events themselves (docs/benchmarks.md#benchworkflow).
      lingerMs: 50,
      listener: this.notifications,
      ...subscriptionDefaults(NOTIFICATIONS_SUBSCRIPTION),
      handle: (events, client) => this.handleBatch(events, client),
      afterCommit: async (_events, { pushes, tasks }) => {
        this.gateway.emit(pushes);
        await this.reminders.schedule(tasks);
      },
      onError: (err) => logDatabaseError(err, 'notifications subscription failed; retrying'),
    });
    this.registry.register(this.subscription);
    await this.subscription.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.stop();
  }

  private async handleBatch(events: RecordedEvent[], client: pg.PoolClient): Promise<Handled> {
    const tx = { query: async <R>(sql: string, params?: unknown[]): Promise<R> => (await client.query(sql, params)).rows as R };
    const transitions = await committedTransitions(events, (flow) => (this.catalog.hasFlow(flow) ? this.catalog.plugin(flow) : undefined), {
      query: (sql, params) => tx.query(sql, params),
      decided: (streamId, version) => this.streams.decidedAt(streamId, version),
      history: true,
    });
    if (transitions.length === 0) return { pushes: [], tasks: [] };
    const instanceIds = [...new Set(transitions.map((t) => t.instanceId))];

    // Two more reads for the whole batch: the instances, the actors' names.
    const instances = await tx.query<InstanceInfo[]>(
      `SELECT i.id, i.owners, a.name AS applicant_name, s.name AS student_name, c.name AS class_name, c.name_en AS class_name_en
         FROM wf_instance i LEFT JOIN sys_user a ON a.id = i.applicant_id LEFT JOIN student s ON s.id = i.student_id LEFT JOIN admin_class c ON c.id = s.class_id
        WHERE i.id = ANY($1::uuid[])`,
      [instanceIds],
    );
    const actorIds = [...new Set(transitions.map((t) => String(t.event.data.actorId ?? '')).filter((a) => /^[0-9a-f-]{36}$/.test(a)))];
    const names = new Map(
      (actorIds.length ? await tx.query<{ id: string; name: string }[]>(`SELECT id, name FROM sys_user WHERE id = ANY($1::uuid[])`, [actorIds]) : []).map((r) => [r.id, r.name]),
    );
    const byId = new Map(instances.map((i) => [i.id, i]));

    const messages: { message: PlannedMessage; sourceKey: string }[] = [];
    const pushes: PlannedPush[] = [];
    const tasks: { instanceId: string; version: number }[] = [];
    for (const { event: e, plugin, instanceId, history, before, after } of transitions) {
      const def = plugin.definition;
      const info = byId.get(instanceId);
      const key = `ev:${e.position}`;
      const input: NotificationInput = {
        instanceId,
        event: { type: e.type, data: e.data, version: e.version, position: e.position },
        before,
        after,
        owners: info?.owners ?? [],
        student: info?.student_name ? { name: info.student_name, className: { zh: info.class_name ?? '', en: info.class_name_en || (info.class_name ?? '') } } : null,
        actorName: names.get(String(e.data.actorId ?? '')) ?? '',
      };
      const link = workflowDetailPage(e.streamType, instanceId);
      const subject = plugin.subject?.(after.context);
      const planned = [...plugin.messages(input), ...sharedMessages(def, input, link, subject), ...effectRefusedMessages(def, input, history, link, subject ?? info?.student_name ?? info?.applicant_name ?? '', this.config.timeZone)];
      for (const m of planned) messages.push({ message: m, sourceKey: `${key}:${m.recipientId}:${m.titleKey}` });

      const beforeAssignees = new Set(e.version === 1 ? [] : def.assignees(before));
      const afterAssignees = new Set(def.assignees(after));
      const stepChanged = def.stateOf(before) !== def.stateOf(after);
      const state = def.stateOf(after);
      const flow = e.streamType;
      // One push per user and transition (docs/adr/0070-one-workflow-push-per-user.md): a user whose task came or went
      // is told by task.changed, which carries the transition (the client hands it to transitioned listeners too).
      const transition = { flow, id: instanceId, version: e.version, state, event: e.type };
      const told = new Set<string>();
      for (const id of beforeAssignees) {
        if (stepChanged || !afterAssignees.has(id)) {
          pushes.push({ userId: id, event: 'task.changed', payload: { ...transition, action: 'removed' }, sourceKey: `${key}:${id}:task-removed` });
          told.add(id);
        }
      }
      for (const id of afterAssignees) {
        if (stepChanged || !beforeAssignees.has(id)) {
          pushes.push({ userId: id, event: 'task.changed', payload: { ...transition, action: 'added' }, sourceKey: `${key}:${id}:task-added` });
          told.add(id);
        }
      }
      // The change concerns the applicant side, the step's old and new reviewers, and whoever has acted on it;
      // reviewers of later steps learn of it when it reaches them (task.changed).
      const actors = [...history, e].map((x) => String(x.data.actorId ?? '')).filter((a) => /^[0-9a-f-]{36}$/.test(a));
      const concerned = new Set([...(info?.owners ?? []), ...beforeAssignees, ...afterAssignees, ...actors]);
      for (const id of concerned) {
        if (!told.has(id)) pushes.push({ userId: id, event: 'workflow.transitioned', payload: transition, sourceKey: `${key}:${id}:transitioned` });
      }
      if (stepChanged && afterAssignees.size > 0) tasks.push({ instanceId, version: e.version });
    }
    // Two writes for the whole batch: the messages, then every push (their message.created ones and the others) in one
    // statement, which locks the users' push counters once, in user order (docs/adr/0018).
    const written = await Outbox.messages(tx, messages, this.config.timeZone, pushes);
    return { pushes: written, tasks };
  }
}
