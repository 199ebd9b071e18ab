import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Subscription } from '@schoolflow/event-store';
import { DataSource } from 'typeorm';
import { DatabaseNotifications } from '../../infrastructure/database/database-notifications.js';
import { logDatabaseError } from '../../infrastructure/database/database-outage.js';
import { EventAnnouncements } from '../../infrastructure/database/event-announcements.js';
import { poolOf } from '../../infrastructure/database/pool.js';
import { SubscriptionRegistry, subscriptionDefaults } from '../../infrastructure/database/subscription-registry.js';
import { logger } from '../../infrastructure/logging/logger.js';
import { Outbox, type PlannedPush, type PushRow } from '../../messaging/domain/outbox.js';
import { committedTransitions, type StoredRow } from '../domain/committed-transitions.js';
import { appendRefusal } from '../domain/effect-refusal.js';
import { FlowCatalog } from '../domain/flow-catalog.service.js';
import { StreamCache } from '../domain/stream-cache.js';
import { isStreamOf } from '../domain/workflow-instances.service.js';
import { EffectPushes } from './effect-pushes.js';

export const EFFECTS_SUBSCRIPTION = 'workflow-effects';

/** What a batch wrote that is announced once it committed: the refusals it appended, the effects' pushes. */
interface Appended {
  refusals: { streamId: string; version: number }[];
  pushes: PushRow[];
}

/** An applied effect of a flow that announces its effects: its instance's people are told. */
interface Applied {
  flow: string;
  instanceId: string;
  version: number;
  position: string;
}

/**
 * `workflow.effected` to the people of each instance (owners and participants), one per user and event: the source key
 * names the event's position, so a batch handled again writes none twice.
 */
async function effectPushes(client: { query<R>(sql: string, params?: unknown[]): Promise<R> }, applied: Applied[]): Promise<PushRow[]> {
  if (applied.length === 0) return [];
  const people = await client.query<{ id: string; people: string[] }[]>(
    `SELECT id, ARRAY(SELECT DISTINCT unnest(owners || participants)) AS people FROM wf_instance WHERE id = ANY($1::uuid[])`,
    [[...new Set(applied.map((a) => a.instanceId))]],
  );
  const byId = new Map(people.map((r) => [r.id, r.people]));
  const planned: PlannedPush[] = applied.flatMap((a) =>
    (byId.get(a.instanceId) ?? []).map((userId) => ({ userId, event: 'workflow.effected', payload: { flow: a.flow, id: a.instanceId, version: a.version }, sourceKey: `eff:${a.position}:${userId}` })),
  );
  return Outbox.pushes(client, planned);
}

/**
 * Records the positions of a batch's events as applied, in one statement (a statement per event was a third of the
 * statements a leave's command cost; docs/benchmarks.md#benchworkflow), and answers those recorded now: a position
 * recorded before was applied by an earlier delivery of its batch and is skipped.
 */
async function firstApplications(client: { query<R>(sql: string, params?: unknown[]): Promise<R> }, positions: string[]): Promise<Set<string>> {
  if (positions.length === 0) return new Set();
  const rows = await client.query<{ position: string }[]>(
    `INSERT INTO wf_effect_applied (position) SELECT unnest($1::bigint[]) ON CONFLICT DO NOTHING RETURNING position::text AS position`,
    [positions],
  );
  return new Set(rows.map((r) => r.position));
}

/**
 * The effects of committed workflow events (docs/architecture.md#effects: they run from the committed passing event), through
 * a durable subscription of their own: a flow's `effects` run in the transaction that moves the checkpoint, and each
 * event's position is recorded there first — a crash re-delivers the batch and rolls back what it did; a replay from
 * an older checkpoint (or of a parked event) finds the positions recorded and applies nothing twice.
 * An effect whose precondition no longer holds answers why; its EFFECT_REFUSED is appended to the instance's stream in
 * the same transaction. An effect that keeps failing (the database refuses it) is parked like any subscription's
 * failing event, and replayed from the server monitor (docs/adr/0027).
 */
@Injectable()
export class WorkflowEffectsSubscriber implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscription: Subscription<Appended> | undefined;

  constructor(
    private readonly db: DataSource,
    private readonly catalog: FlowCatalog,
    private readonly notifications: DatabaseNotifications,
    private readonly announcements: EventAnnouncements,
    private readonly registry: SubscriptionRegistry,
    private readonly pushes: EffectPushes,
    private readonly streams: StreamCache,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Only flows with effects are read; a school without them runs no subscription.
    const flowsWithEffects = this.catalog.flows().filter((p) => p.effects).map((p) => p.definition.flow);
    if (flowsWithEffects.length === 0) return;
    this.subscription = new Subscription<Appended>(poolOf(this.db), {
      name: EFFECTS_SUBSCRIPTION,
      idleMs: 2000,
      batchSize: 200,
      // as the notifications' subscription: under load, the events of 100 ms as one batch (an effect is not a push a
      // user waits for; a first event after a quiet spell still goes at once)
      lingerMs: 100,
      listener: this.notifications,
      // Woken by appends to the flows with effects only: the rest (most of a school's traffic) it passes at its idle
      // poll, 200 at a time, instead of a transaction per announcement (docs/adr/0034).
      wakesFor: (payload) => payload.split(',').some((item) => flowsWithEffects.some((flow) => isStreamOf(flow, item))),
      ...subscriptionDefaults(EFFECTS_SUBSCRIPTION),
      handle: async (events, client) => {
        const tx = { query: async <R = unknown[]>(sql: string, params?: unknown[]): Promise<R> => (await client.query(sql, params)).rows as R };
        const withEffects = (flow: string) => {
          if (!this.catalog.hasFlow(flow)) return undefined;
          const plugin = this.catalog.plugin(flow);
          return plugin.effects ? plugin : undefined;
        };
        const refusals: Appended['refusals'] = [];
        const applied: Applied[] = [];
        // An effect reads no history: an event this instance appended needs no read of its stream at all.
        const transitions = await committedTransitions(events, withEffects, {
          query: (sql, params) => tx.query<StoredRow[]>(sql, params),
          decided: (streamId, version) => this.streams.decidedAt(streamId, version),
          history: false,
        });
        const first = await firstApplications(tx, transitions.map((t) => t.event.position));
        for (const t of transitions) {
          if (!first.has(t.event.position)) continue; // applied before this replay
          const outcome = await t.plugin.effects?.({ instanceId: t.instanceId, event: { type: t.event.type, data: t.event.data, version: t.event.version, position: t.event.position }, before: t.before, after: t.after }, tx);
          if (!outcome) {
            if (t.plugin.announcesEffects) applied.push({ flow: t.event.streamType, instanceId: t.instanceId, version: t.event.version, position: String(t.event.position) });
            continue;
          }
          refusals.push(await appendRefusal(client, t.plugin, t.instanceId, t.event, outcome.refused));
          logger.warn({ flow: t.event.streamType, instanceId: t.instanceId, position: t.event.position, reason: outcome.refused.reason }, 'workflow effect not applied: its precondition no longer holds');
        }
        return { refusals, pushes: await effectPushes(tx, applied) };
      },
      afterCommit: (_events, { refusals, pushes }) => {
        for (const a of refusals) this.announcements.appended(a.streamId, a.version);
        this.pushes.emit(pushes);
      },
      onError: (err) => logDatabaseError(err, 'workflow effects subscription failed; retrying'),
    });
    this.registry.register(this.subscription);
    await this.subscription.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.stop();
  }
}
