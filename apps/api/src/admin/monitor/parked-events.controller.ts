import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Envelope, isUuid, type Language, type ParkedEventRow, type ParkedReplay, parkedReplaySchema, Permission } from '@schoolflow/contracts';
import { type ParkedEvent, ParkedEvents } from '@schoolflow/event-store';
import { DataSource } from 'typeorm';
import { poolOf } from '../../infrastructure/database/pool.js';
import { SubscriptionRegistry } from '../../infrastructure/database/subscription-registry.js';
import { ok } from '../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal, RequirePermissions } from '../../infrastructure/http/request-context.js';
import { ValidBody } from '../../infrastructure/http/valid-input.js';
import { translate } from '../../infrastructure/i18n/i18n.js';
import { AdminAudit, AdminPost } from '../shared/admin-support.js';
import { MonitorErrors } from './monitor.errors.js';

/** At most this many parked events are listed (the most recently failed first). */
const LIST_LIMIT = 200;

/**
 * The server monitor's parked events (docs/adr/0027): what each subscription gave up on, with its error, and its
 * replay — the subscription runs its handler for that one event again; success takes it off the list. Every replay,
 * and every refused one, goes to the operation log.
 */
@ApiTags('admin')
@Controller()
export class ParkedEventsController {
  constructor(
    private readonly db: DataSource,
    private readonly registry: SubscriptionRegistry,
    private readonly audit: AdminAudit,
  ) {}

  @Get('ms/monitor/parked')
  @RequirePermissions(Permission.monitorView)
  @ApiOperation({ summary: 'Events the subscriptions parked after they kept failing, most recent first' })
  list(): Promise<Envelope<ParkedEventRow[]>> {
    return this.parked();
  }

  /** The same, as every administration call may be sent (POST, the shell's convention). */
  @AdminPost('ms/monitor/parked', Permission.monitorView)
  @ApiOperation({ summary: 'Events the subscriptions parked after they kept failing, most recent first' })
  listByPost(): Promise<Envelope<ParkedEventRow[]>> {
    return this.parked();
  }

  private async parked(): Promise<Envelope<ParkedEventRow[]>> {
    const parked = await ParkedEvents.list(poolOf(this.db), { limit: LIST_LIMIT });
    return ok(parked.map((p) => this.row(p)));
  }

  @AdminPost('ms/monitor/parked/replay', Permission.monitorReplay)
  @ApiOperation({ summary: 'Runs one parked event through its subscription again; 422 with the error while its cause remains' })
  async replay(@ValidBody(parkedReplaySchema) body: ParkedReplay, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    const target = `${body.subscription}#${body.position}`;
    const subscription = this.registry.get(body.subscription);
    if (!subscription) {
      await this.audit.record(me, client, 'monitor.replay', target, { outcome: 'notHere' }, 'failure');
      throw MonitorErrors.subscriptionNotHere(body.subscription);
    }
    let outcome: Awaited<ReturnType<typeof subscription.replay>>;
    try {
      outcome = await subscription.replay(body.position);
    } catch (err) {
      // a transient error (the replay's own transaction met a lock, a deadlock, the database away): nothing changed
      await this.audit.record(me, client, 'monitor.replay', target, { outcome: 'busy', code: String((err as { code?: unknown }).code ?? '') }, 'failure');
      throw MonitorErrors.replayBusy();
    }
    if (outcome.status === 'absent') {
      await this.audit.record(me, client, 'monitor.replay', target, { outcome: 'absent' }, 'failure');
      throw MonitorErrors.parkedAbsent();
    }
    if (outcome.status === 'failed') {
      await this.audit.record(me, client, 'monitor.replay', target, { outcome: 'failed', code: outcome.errorCode, attempts: outcome.attempts }, 'failure');
      throw MonitorErrors.stillFailing(outcome.errorCode, outcome.error);
    }
    await this.audit.record(me, client, 'monitor.replay', target, { outcome: 'replayed', streamId: outcome.event.streamId, eventType: outcome.event.type });
    return ok(undefined, translate(lang, 'parkedReplayed'));
  }

  private row(p: ParkedEvent): ParkedEventRow {
    const rest = p.streamId.startsWith(`${p.streamType}-`) ? p.streamId.slice(p.streamType.length + 1) : '';
    const instance = isUuid(rest);
    return {
      subscription: p.subscription,
      position: p.position,
      streamId: p.streamId,
      streamType: p.streamType,
      flow: instance ? p.streamType : null,
      instanceId: instance ? rest : null,
      eventType: p.eventType,
      errorCode: p.errorCode,
      error: p.error,
      attempts: p.attempts,
      firstFailedAt: p.firstFailedAt.toISOString(),
      lastFailedAt: p.lastFailedAt.toISOString(),
      replayable: this.registry.get(p.subscription) !== undefined,
    };
  }
}
