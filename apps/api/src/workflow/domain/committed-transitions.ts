import type { RecordedEvent } from '@schoolflow/event-store';
import { advance, fold } from '@schoolflow/workflows';
import type { AnyMachineSnapshot } from 'xstate';
import type { FlowPlugin } from './flow-plugin.js';

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
  /** The instance's earlier events. */
  history: StoredRow[];
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
}

/** A stream's state after one of its events: the machine's snapshot and the events up to it. */
interface Folded {
  version: number;
  snapshot: AnyMachineSnapshot;
  history: StoredRow[];
}

/**
 * The state each stream was left in by the last of its events a subscriber handled, so that the stream's next event
 * continues from it instead of reading and folding the stream again: a leave's approval, handled moments after its
 * submission, costs no read (docs/benchmarks.md#benchworkflow). A stream's events never change once committed, so a
 * state kept at version v is the state before v + 1 whoever handles it; a miss (another instance handled the stream, a
 * restart, a replay of an older event) reads the stream. Bounded: the streams least recently handled are forgotten.
 */
export class FoldedStreams {
  private readonly streams = new Map<string, Folded>();

  constructor(private readonly max = 5_000) {}

  /** The stream's state just before `version`, when kept. */
  before(streamId: string, version: number): Folded | undefined {
    const known = this.streams.get(streamId);
    return known && known.version === version - 1 ? known : undefined;
  }

  keep(streamId: string, folded: Folded): void {
    this.streams.delete(streamId);
    this.streams.set(streamId, folded);
    if (this.streams.size > this.max) {
      const oldest = this.streams.keys().next().value;
      if (oldest !== undefined) this.streams.delete(oldest);
    }
  }
}

/**
 * The flows' events of a subscription's batch as transitions, for whatever a committed event causes (messages,
 * effects). Each event continues from the state its stream's previous event left (`known`: kept across batches by the
 * subscriber, else for this batch only); the streams whose previous state is not known are read once for the whole
 * batch and folded.
 */
export async function committedTransitions(
  events: readonly RecordedEvent[],
  pluginOf: (flow: string) => FlowPlugin | undefined,
  query: (sql: string, params: unknown[]) => Promise<StoredRow[]>,
  known: FoldedStreams = new FoldedStreams(),
): Promise<CommittedTransition[]> {
  const flows = events.filter((e) => pluginOf(e.streamType) !== undefined);
  if (flows.length === 0) return [];
  // A stream's first event in the batch needs its history read unless it starts the stream or its state is kept.
  const unknown = new Set<string>();
  const seen = new Set<string>();
  for (const e of flows) {
    if (seen.has(e.streamId)) continue;
    seen.add(e.streamId);
    if (e.version > 1 && !known.before(e.streamId, e.version)) unknown.add(e.streamId);
  }
  const streams = new Map<string, StoredRow[]>();
  if (unknown.size > 0) {
    const rows = await query(`SELECT stream_id, type, data, version FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, version`, [[...unknown]]);
    for (const r of rows) {
      const list = streams.get(r.stream_id) ?? [];
      list.push(r);
      streams.set(r.stream_id, list);
    }
  }
  return flows.map((e) => {
    const plugin = pluginOf(e.streamType) as FlowPlugin;
    const def = plugin.definition;
    const kept = known.before(e.streamId, e.version);
    const history = kept ? kept.history : (streams.get(e.streamId) ?? []).filter((x) => x.version < e.version);
    const before = kept ? kept.snapshot : fold(def.machine, history);
    const after = advance(def.machine, before, [{ type: e.type, data: e.data }]);
    known.keep(e.streamId, { version: e.version, snapshot: after, history: [...history, { stream_id: e.streamId, type: e.type, data: e.data, version: e.version }] });
    return { event: e, plugin, instanceId: e.streamId.slice(e.streamType.length + 1), history, before, after };
  });
}
