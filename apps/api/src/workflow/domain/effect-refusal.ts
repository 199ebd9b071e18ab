import type { Language } from '@schoolflow/contracts';
import { ConcurrencyError, EventStore } from '@schoolflow/event-store';
import { advance, fold } from '@schoolflow/workflows';
import type pg from 'pg';
import { translate } from '../../infrastructure/i18n/i18n.js';
import { renderParams } from '../../messaging/domain/message-renderer.js';
import type { FlowPlugin } from './flow-plugin.js';
import { evolveInstance } from '../projections/instance-read-model.js';
import { WorkflowProjection } from './workflow-projection.js';

/**
 * Why a passed request's effect was not applied (docs/adr/0027): its precondition, checked at the start, no longer
 * holds on the rows the effect would change — the student's status moved on, the periods it held are gone. A message
 * key (`workflow.effectRefused*`) and its parameters; a parameter `xKey` is itself a key, read in the reader's language.
 */
export interface EffectRefusal {
  reason: string;
  params: Record<string, unknown>;
}

/** What an effect answers when it did not apply (nothing: it applied). */
export interface EffectOutcome {
  refused: EffectRefusal;
}

/** The system event that records a refusal in the instance's stream: its history shows why, its people are told. */
export const EFFECT_REFUSED = 'EFFECT_REFUSED';

const SYSTEM_ACTOR = 'system';

export function notApplied(reason: string, params: Record<string, unknown> = {}): EffectOutcome {
  return { refused: { reason, params } };
}

/** The refusal an EFFECT_REFUSED event's data records, or null for any other event. */
export function refusalOf(type: string, data: Record<string, unknown>): EffectRefusal | null {
  if (type !== EFFECT_REFUSED || typeof data.reason !== 'string') return null;
  const params = typeof data.params === 'object' && data.params !== null ? (data.params as Record<string, unknown>) : {};
  return { reason: data.reason, params };
}

/** A refusal as a sentence in a language. */
export function refusalText(lang: Language, refusal: EffectRefusal, timeZone: string): string {
  return translate(lang, refusal.reason, renderParams(refusal.params, lang, timeZone));
}

/**
 * Appends EFFECT_REFUSED to the instance's stream inside the effects subscription's transaction (so it commits with the
 * checkpoint, once), at the stream's next version, with the instance's read model moved to that version as any append
 * moves it (evolveInstance, as every append) — the machine takes no transition on it, so state, status and tasks stay.
 * The caller announces the append after commit (docs/adr/0011). A command appended meanwhile makes the version check
 * fail; the subscription then tries the batch again, on the new version.
 */
export async function appendRefusal(
  tx: pg.ClientBase,
  plugin: FlowPlugin,
  instanceId: string,
  refused: { position: string; version: number; streamId: string },
  refusal: EffectRefusal,
): Promise<{ streamId: string; version: number }> {
  const def = plugin.definition;
  const stream = await EventStore.readStream(tx, refused.streamId);
  const version = stream.length;
  const data = { actorId: SYSTEM_ACTOR, reason: refusal.reason, params: refusal.params, refusedVersion: refused.version };
  const before = fold(def.machine, stream.map((e) => ({ type: e.type, data: e.data })));
  const after = advance(def.machine, before, [{ type: EFFECT_REFUSED, data }]);
  const [row] = (await tx.query<{ participants: string[] }>(`SELECT participants FROM wf_instance WHERE id = $1`, [instanceId])).rows;
  const evolved = evolveInstance(def, { id: instanceId, flow: def.flow, version, participants: row?.participants ?? [] }, { events: [{ type: EFFECT_REFUSED, data }], before, after });
  await EventStore.appendRequest(tx, {
    streamId: refused.streamId,
    streamType: def.flow,
    events: [{ type: EFFECT_REFUSED, data, metadata: { actorId: SYSTEM_ACTOR, actorRoles: [], causationId: refused.position, correlationId: refused.position } }],
    expectedVersion: version,
    groupWrite: WorkflowProjection.transitioned(evolved),
    options: { announcedByCaller: true },
  });
  // Subscriptions deliver in (transaction id, position) order (docs/adr/0005). This transaction took its id when it
  // locked the checkpoint, before it read the stream: an event another transaction appended to the stream meanwhile
  // and committed under a later id would come after this one, out of version order. Then the batch is tried again
  // (a ConcurrencyError passes), in a new transaction with a later id.
  const overtaken = await tx.query(`SELECT 1 FROM events WHERE stream_id = $1 AND transaction_id > pg_current_xact_id() LIMIT 1`, [refused.streamId]);
  if ((overtaken.rowCount ?? 0) > 0) throw new ConcurrencyError(refused.streamId, version, null);
  return { streamId: refused.streamId, version: version + 1 };
}
