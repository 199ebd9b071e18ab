import type { RecordedEvent } from '@schoolflow/event-store';
import { advance, fold } from '@schoolflow/workflows';
import type { AnyMachineSnapshot } from 'xstate';
import type { FlowPlugin } from './flow-plugin.js';
import type { DecidedTransition } from './stream-cache.js';

export interface StoredRow {
  stream_id: string;
  type: string;
  data: Record<string, unknown>;
  version: number;
}

/** A committed event of a flow, with the instance's state before and after it. */
export interface CommittedTransition {
  event: RecordedEvent;
  plugin: FlowPlugin;
  instanceId: string;
  /** The instance's earlier events; may be empty where the caller said it reads no history and the transition was known. */
  history: StoredRow[];
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
}

/** Where a subscription finds what it needs of a batch beyond the events themselves. */
export interface TransitionSources {
  /** Reads the streams' stored events (`SELECT … FROM events`). */
  query: (sql: string, params: unknown[]) => Promise<StoredRow[]>;
  /** The transitions this instance decided and appended itself (StreamCache.decidedAt, docs/adr/0072). */
  decided?: (streamId: string, version: number) => DecidedTransition | undefined;
  /** Whether the caller reads `history` (the notifications name everyone who acted): without it the streams are read only for what `decided` does not know. */
  history: boolean;
}

/**
 * The flows' events of a subscription's batch as transitions, for whatever a committed event causes (messages,
 * effects). An event this instance appended comes with the states its command decided on (`decided`); the others are
 * folded: one read of the streams for the whole batch, and the next event of a stream in the batch continues from the
 * state the previous one left instead of folding its history again.
 */
export async function committedTransitions(
  events: readonly RecordedEvent[],
  pluginOf: (flow: string) => FlowPlugin | undefined,
  sources: TransitionSources,
): Promise<CommittedTransition[]> {
  const flows = events.filter((e) => pluginOf(e.streamType) !== undefined);
  if (flows.length === 0) return [];
  const known = new Map(flows.map((e) => [e.position, sources.decided?.(e.streamId, e.version)]));
  const toRead = sources.history ? flows : flows.filter((e) => known.get(e.position) === undefined);
  const rows = toRead.length === 0 ? [] : await sources.query(`SELECT stream_id, type, data, version FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, version`, [
    [...new Set(toRead.map((e) => e.streamId))],
  ]);
  const streams = new Map<string, StoredRow[]>();
  for (const r of rows) {
    const list = streams.get(r.stream_id) ?? [];
    list.push(r);
    streams.set(r.stream_id, list);
  }
  const folded = new Map<string, { version: number; snapshot: AnyMachineSnapshot }>();
  return flows.map((e) => {
    const plugin = pluginOf(e.streamType) as FlowPlugin;
    const def = plugin.definition;
    const history = (streams.get(e.streamId) ?? []).filter((x) => x.version < e.version);
    const decided = known.get(e.position);
    const prior = folded.get(e.streamId);
    const before = decided?.before ?? (prior && prior.version === e.version - 1 ? prior.snapshot : fold(def.machine, history));
    const after = decided?.after ?? advance(def.machine, before, [{ type: e.type, data: e.data }]);
    folded.set(e.streamId, { version: e.version, snapshot: after });
    return { event: e, plugin, instanceId: e.streamId.slice(e.streamType.length + 1), history, before, after };
  });
}
