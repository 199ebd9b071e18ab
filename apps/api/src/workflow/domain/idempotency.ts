import { createHash } from 'node:crypto';
import type { WorkflowCommandResult } from '@schoolflow/contracts';
import { type FlowDefinition, fold } from '@schoolflow/workflows';
import type { WorkflowStore } from '../ports/workflow-store.port.js';
import { WorkflowErrors } from '../workflow.errors.js';

/** What a browser or client may send as `Idempotency-Key`: a UUID or any short token of safe characters. */
const KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/** The header's key, or null when none was sent; a malformed one is refused (400) rather than ignored. */
export function parseIdempotencyKey(header: string | undefined): string | null {
  if (header === undefined || header.trim() === '') return null;
  const key = header.trim();
  if (!KEY.test(key)) throw WorkflowErrors.idempotencyKeyInvalid();
  return key;
}

/**
 * The instance a keyed start creates: the same user, flow and key always name the same instance, so a start sent
 * again — a double click, a retry after a lost answer, from any instance of the server — meets its own stream at
 * version 0 and appends nothing (the event store's version check is the lock). Shaped as a UUID (version 8,
 * "custom") so it fits the `uuid` columns.
 */
export function keyedInstanceId(userId: string, flow: string, key: string): string {
  const h = createHash('sha256').update(`${userId}\u0000${flow}\u0000${key}`).digest('hex');
  const variant = ((parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** JSON with every object's keys in order: the same request body, however its keys were ordered, reads the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
  }
  return value;
}

/**
 * What a keyed request was (docs/adr/0028): a hash of what it is (`start`, `event`) and its body, kept with the key in
 * the events it appended. The key sent again with another body is another request, which the key cannot stand for:
 * refused (422, as the IETF idempotency-key draft has it), never answered with the first one's outcome.
 */
export function requestFingerprint(kind: string, body: unknown): string {
  return createHash('sha256').update(`${kind}\u0000${JSON.stringify(canonical(body ?? null))}`).digest('hex');
}

/** The key was first sent with another request: refused, not answered with that request's outcome. */
export function checkSameRequest(stored: string | null | undefined, fingerprint: string): void {
  // events appended before requests were fingerprinted carry none: their key answers as it did
  if (stored && stored !== fingerprint) throw WorkflowErrors.idempotencyKeyReused();
}

/**
 * The outcome of the command this user sent with this key, if it went in: the version its events ended at and the
 * state there (a command's automatic follow-ups carry its metadata, so they count as its own). Null when none did.
 * The key sent with another request than the one it went in with is refused (422, docs/adr/0028) — another body, or
 * another instance or flow altogether. The events up to that version are read and folded only when the key was used
 * on this stream.
 */
export async function firstOutcome(
  store: Pick<WorkflowStore, 'keyUse' | 'readStreamTo'>,
  def: Pick<FlowDefinition, 'machine' | 'stateOf'>,
  use: { id: string; streamId: string; key: string; actorId: string; fingerprint: string },
): Promise<WorkflowCommandResult | null> {
  const hit = await store.keyUse(use.streamId, use.key, use.actorId);
  if (!hit) return null;
  if (!hit.here) throw WorkflowErrors.idempotencyKeyReused();
  checkSameRequest(hit.fingerprint, use.fingerprint);
  const rows = await store.readStreamTo(use.streamId, hit.version);
  return { id: use.id, version: hit.version, state: def.stateOf(fold(def.machine, rows)) };
}
