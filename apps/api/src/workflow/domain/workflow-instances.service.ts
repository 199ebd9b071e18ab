import { Injectable } from '@nestjs/common';
import { isUuid, Permission } from '@schoolflow/contracts';
import type { RecordedEvent } from '@schoolflow/event-store';
import { fold } from '@schoolflow/workflows';
import type { AnyMachineSnapshot } from 'xstate';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { WorkflowStore } from '../ports/workflow-store.port.js';
import { FlowCatalog } from './flow-catalog.service.js';
import type { FlowPlugin } from './flow-plugin.js';
import { type CachedStream, StreamCache } from './stream-cache.js';
import { WorkflowErrors } from '../workflow.errors.js';

export interface LoadedInstance {
  plugin: FlowPlugin;
  id: string;
  streamId: string;
  events: RecordedEvent[];
  snapshot: AnyMachineSnapshot;
  version: number;
  participants: string[];
}

export const streamIdOf = (flow: string, id: string): string => `${flow}-${id}`;
/** Whether a stream id (or an announcement's `stream:version` item) is of the flow's streams. */
export const isStreamOf = (flow: string, streamIdOrItem: string): boolean => streamIdOrItem.startsWith(`${flow}-`) && /^[0-9a-f-]{36}(:\d+)?$/.test(streamIdOrItem.slice(flow.length + 1));

/**
 * Instances as their events fold them: one loaded for whoever may see it, the state a command decides on (the cached
 * fold first: docs/adr/0010), the states of a page of them at the versions their read model shows, and what an actor
 * may do there.
 */
@Injectable()
export class WorkflowInstances {
  constructor(
    private readonly catalog: FlowCatalog,
    private readonly store: WorkflowStore,
    private readonly streams: StreamCache,
  ) {}

  /** Whether the actor may read an instance naming these participants (its people, or whoever may view all). */
  visible(participants: readonly string[], actor: Principal): boolean {
    return participants.includes(actor.userId) || actor.permissions.has(Permission.workflowViewAll);
  }

  /** Loads and folds an instance the actor may see; one they may not see answers 404 (its existence is not told). */
  async load(flow: string, id: string, actor: Principal): Promise<LoadedInstance> {
    const plugin = this.catalog.plugin(flow);
    if (!isUuid(id)) throw WorkflowErrors.notFound();
    const streamId = streamIdOf(flow, id);
    const row = await this.store.readInstance(flow, id, streamId);
    if (!row) throw WorkflowErrors.notFound();
    if (!this.visible(row.participants, actor)) throw WorkflowErrors.notFound();
    const events = row.events;
    const snapshot = fold(plugin.definition.machine, events.map((e) => ({ type: e.type, data: e.data })));
    this.streams.put(streamId, { version: events.length, snapshot, participants: row.participants });
    return { plugin, id, streamId, events, snapshot, version: events.length, participants: row.participants };
  }

  /** The stream's state as a command needs it, read. */
  async loadState(plugin: FlowPlugin, id: string, actor: Principal): Promise<CachedStream> {
    const loaded = await this.load(plugin.definition.flow, id, actor);
    return { version: loaded.version, snapshot: loaded.snapshot, participants: loaded.participants };
  }

  /**
   * The state a command decides on: the cached fold when there is one (docs/adr/0010) — it can only be behind: an
   * append decided on it fails its version check (409) as a concurrent command's would, and a refusal decided on it
   * is decided again on the stream (dispatch) — else the stream read. An If-Match above the cached version proves the
   * entry behind, so the stream is read.
   */
  async commandState(plugin: FlowPlugin, id: string, streamId: string, actor: Principal, ifMatch: number | null): Promise<CachedStream & { cached: boolean }> {
    if (!isUuid(id)) throw WorkflowErrors.notFound();
    const cached = this.streams.get(streamId);
    if (cached && (ifMatch === null || ifMatch <= cached.version)) {
      if (!this.visible(cached.participants, actor)) throw WorkflowErrors.notFound();
      return { ...cached, cached: true };
    }
    return { ...(await this.loadState(plugin, id, actor)), cached: false };
  }

  /**
   * The folded states of several instances at the versions their read model shows (a page of the review queue):
   * from the cache where it holds that very version — a state at a version is a fact — and the rest read in one
   * statement, never stream by stream.
   */
  async snapshotsAt(items: readonly { flow: string; id: string; version: number; participants: readonly string[] }[]): Promise<Map<string, AnyMachineSnapshot>> {
    const out = new Map<string, AnyMachineSnapshot>();
    const missing: typeof items[number][] = [];
    for (const item of items) {
      const cached = this.streams.get(streamIdOf(item.flow, item.id));
      if (cached && cached.version === item.version) out.set(item.id, cached.snapshot);
      else missing.push(item);
    }
    if (missing.length === 0) return out;
    const rows = await this.store.readStreams(missing.map((m) => streamIdOf(m.flow, m.id)));
    const byStream = new Map<string, { type: string; data: Record<string, unknown>; version: number }[]>();
    for (const r of rows) {
      const list = byStream.get(r.stream_id) ?? [];
      list.push(r);
      byStream.set(r.stream_id, list);
    }
    for (const item of missing) {
      const streamId = streamIdOf(item.flow, item.id);
      const events = byStream.get(streamId) ?? [];
      const snapshot = fold(this.catalog.plugin(item.flow).definition.machine, events.map((e) => ({ type: e.type, data: e.data })));
      this.streams.put(streamId, { version: events.length, snapshot, participants: item.participants });
      out.set(item.id, snapshot);
    }
    return out;
  }

  /** The decisions this actor may send now (`secondary` ones — transfer, CC — apart, as `more`). */
  can(plugin: FlowPlugin, snapshot: AnyMachineSnapshot, actorId: string, secondary = false): string[] {
    const def = plugin.definition;
    return def.commandTypes.filter((type) => (def.commandUi(type).secondary === true) === secondary && def.refusal(snapshot, def.probe(type, actorId, snapshot)) === null);
  }
}
