import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Subscription } from '@schoolflow/event-store';
import { DataSource } from 'typeorm';
import { DatabaseNotifications } from '../../infrastructure/database/database-notifications.js';
import { logDatabaseError } from '../../infrastructure/database/database-outage.js';
import { poolOf } from '../../infrastructure/database/pool.js';
import { committedTransitions, type StoredRow } from '../domain/committed-transitions.js';
import { WorkflowEngine } from '../domain/workflow-engine.service.js';
import { logger } from '../../infrastructure/logging/logger.js';

export const EFFECTS_SUBSCRIPTION = 'workflow-effects';

/**
 * The SQLSTATE of an error the database will give again for the same effect (a value out of range, a constraint, an
 * undefined object, a raised exception: classes 22, 23, 42, P0), else null — a lost connection or a deadlock passes.
 */
export function refusedForGood(err: unknown): string | null {
  const code = typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'string' ? (err as { code: string }).code : '';
  return /^(22|23|42|P0)[0-9A-Z]{3}$/.test(code) ? code : null;
}

/**
 * The effects of committed workflow events (DESIGN.md §7: "effects applied from the committed passing event"), through
 * a durable subscription of their own: a flow's `effects` run in the transaction that moves the checkpoint, and each
 * event's position is recorded there first — a crash re-delivers the batch and rolls back what it did; a replay from
 * an older checkpoint finds the positions recorded and applies nothing twice.
 */
@Injectable()
export class WorkflowEffectsSubscriber implements OnApplicationBootstrap, OnApplicationShutdown {
  private subscription: Subscription | undefined;

  constructor(
    private readonly db: DataSource,
    private readonly engine: WorkflowEngine,
    private readonly notifications: DatabaseNotifications,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Only flows with effects are read; a school without them runs no subscription.
    if (!this.engine.flows().some((p) => p.effects)) return;
    this.subscription = new Subscription(poolOf(this.db), {
      name: EFFECTS_SUBSCRIPTION,
      idleMs: 2000,
      batchSize: 200,
      listener: this.notifications,
      handle: async (events, client) => {
        const tx = { query: async <R = unknown[]>(sql: string, params?: unknown[]): Promise<R> => (await client.query(sql, params)).rows as R };
        const withEffects = (flow: string) => {
          if (!this.engine.hasFlow(flow)) return undefined;
          const plugin = this.engine.plugin(flow);
          return plugin.effects ? plugin : undefined;
        };
        for (const t of await committedTransitions(events, withEffects, (sql, params) => tx.query<StoredRow[]>(sql, params))) {
          const first = await tx.query<unknown[]>(`INSERT INTO wf_effect_applied (position) VALUES ($1::bigint) ON CONFLICT DO NOTHING RETURNING position`, [t.event.position]);
          if (first.length === 0) continue; // applied before this replay
          // each effect in a savepoint: one the database refuses for good is recorded and skipped, not retried for ever
          await client.query('SAVEPOINT effect');
          try {
            await t.plugin.effects?.({ instanceId: t.instanceId, event: { type: t.event.type, data: t.event.data, version: t.event.version, position: t.event.position }, before: t.before, after: t.after }, tx);
            await client.query('RELEASE SAVEPOINT effect');
          } catch (err) {
            const code = refusedForGood(err);
            if (!code) throw err; // the connection, a deadlock, …: the batch is retried
            await client.query('ROLLBACK TO SAVEPOINT effect');
            await client.query(
              `INSERT INTO wf_effect_failed (position, flow, instance_id, event_type, error_code, error) VALUES ($1::bigint, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
              [t.event.position, t.event.streamType, t.instanceId, t.event.type, code, err instanceof Error ? err.message.slice(0, 500) : String(err)],
            );
            logger.error({ flow: t.event.streamType, instanceId: t.instanceId, position: t.event.position, code }, 'workflow effect refused by the database; recorded in wf_effect_failed and skipped');
          }
        }
      },
      onError: (err) => logDatabaseError(err, 'workflow effects subscription failed; retrying'),
    });
    await this.subscription.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.stop();
  }
}
