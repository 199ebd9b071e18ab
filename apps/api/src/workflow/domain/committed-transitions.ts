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

/**
 * The flows' events of a subscription's batch as transitions, for whatever a committed event causes (messages,
 * effects): one read of the streams for the whole batch; the next event of a stream in the batch continues from the
 * state the previous one left instead of folding its history again.
 */
export async function committedTransitions(
  events: readonly RecordedEvent[],
  pluginOf: (flow: string) => FlowPlugin | undefined,
  query: (sql: string, params: unknown[]) => Promise<StoredRow[]>,
): Promise<CommittedTransition[]> {
  const flows = events.filter((e) => pluginOf(e.streamType) !== undefined);
  if (flows.length === 0) return [];
  const rows = await query(`SELECT stream_id, type, data, version FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, version`, [
    [...new Set(flows.map((e) => e.streamId))],
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
    const known = folded.get(e.streamId);
    const before = known && known.version === e.version - 1 ? known.snapshot : fold(def.machine, history);
    const after = advance(def.machine, before, [{ type: e.type, data: e.data }]);
    folded.set(e.streamId, { version: e.version, snapshot: after });
    return { event: e, plugin, instanceId: e.streamId.slice(e.streamType.length + 1), history, before, after };
  });
}
