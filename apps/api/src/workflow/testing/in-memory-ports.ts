import { type AppendRequest, ConcurrencyError, type RecordedEvent } from '@schoolflow/event-store';
import type { ServerConfig } from '../../config/app-config.js';
import type { DatabaseNotifications } from '../../infrastructure/database/database-notifications.js';
import type { EventAnnouncements } from '../../infrastructure/database/event-announcements.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import type { OperationLogService } from '../../system/domain/operation-log.service.js';
import { FlowCatalog } from '../domain/flow-catalog.service.js';
import type { FlowPlugin } from '../domain/flow-plugin.js';
import { StreamCache } from '../domain/stream-cache.js';
import { WorkflowCommands } from '../domain/workflow-commands.service.js';
import { WorkflowInstances } from '../domain/workflow-instances.service.js';
import { WorkflowPeople } from '../domain/workflow-people.service.js';
import { Clock } from '../ports/clock.port.js';
import { PeopleDirectory, type PersonChoice } from '../ports/people-directory.port.js';
import { type KeyUse, type StreamEvent, WorkflowStore } from '../ports/workflow-store.port.js';

/**
 * The engine's ports in memory, for its services' unit tests (docs/adr/0031): a store that keeps streams and checks
 * versions as the event store does, and can be told to lose the next appends' version races; a directory of role
 * holders; a clock set by the test. Not used by the app.
 */
export class InMemoryWorkflowStore extends WorkflowStore {
  readonly db = { query: async <R>(): Promise<R> => [] as R };
  readonly streams = new Map<string, { flow: string; id: string; participants: string[]; events: RecordedEvent[]; dueAt: number | null }>();
  /** Every append tried, in order (the won and the lost). */
  readonly appends: AppendRequest[] = [];
  /** Instances taken off the due list. */
  readonly cleared: string[] = [];
  /** Appends still to lose to "someone else": each runs `before` (what the other one appended, if anything) and fails. */
  private racers: (() => void)[] = [];
  private position = 0;

  /** The next `n` appends lose their version race; `meanwhile` is what the winner did (nothing by default). */
  loseRaces(n: number, meanwhile: () => void = () => undefined): void {
    this.racers = Array.from({ length: n }, () => meanwhile);
  }

  /** Events as they would have been recorded (a given history, or someone else's command). */
  record(streamId: string, flow: string, id: string, events: { type: string; data: Record<string, unknown>; metadata?: Record<string, unknown> }[], participants?: string[]): void {
    const stream = this.streams.get(streamId) ?? { flow, id, participants: [], events: [], dueAt: null };
    for (const e of events) {
      this.position++;
      stream.events.push({ position: String(this.position), transactionId: String(this.position), streamId, streamType: flow, version: stream.events.length + 1, type: e.type, data: e.data, metadata: e.metadata ?? {}, recordedAt: new Date(0) });
    }
    if (participants) stream.participants = [...new Set([...stream.participants, ...participants])];
    this.streams.set(streamId, stream);
  }

  async append(request: AppendRequest): Promise<void> {
    this.appends.push(request);
    const racer = this.racers.shift();
    if (racer) {
      racer();
      throw new ConcurrencyError(request.streamId, request.expectedVersion ?? 0, null);
    }
    const current = this.streams.get(request.streamId)?.events.length ?? 0;
    if (current !== request.expectedVersion) throw new ConcurrencyError(request.streamId, request.expectedVersion ?? 0, current);
    // a start names who may read the instance (its metadata's `instance`); later appends keep them
    const participants = participantsOf(request.events.map((e) => e.metadata?.instance));
    this.record(request.streamId, request.streamType, request.streamId.slice(request.streamType.length + 1), request.events.map((e) => ({ type: e.type, data: e.data as Record<string, unknown>, metadata: e.metadata ?? {} })), participants);
  }

  async readInstance(flow: string, id: string, streamId: string): Promise<{ participants: string[]; events: RecordedEvent[] } | null> {
    const s = this.streams.get(streamId);
    return s && s.flow === flow && s.id === id ? { participants: s.participants, events: [...s.events] } : null;
  }

  async readStreams(streamIds: readonly string[]): Promise<(StreamEvent & { stream_id: string; version: number })[]> {
    return streamIds.flatMap((sid) => (this.streams.get(sid)?.events ?? []).map((e) => ({ stream_id: sid, type: e.type, data: e.data, version: e.version })));
  }

  async readStreamTo(streamId: string, version: number): Promise<StreamEvent[]> {
    return (this.streams.get(streamId)?.events ?? []).filter((e) => e.version <= version).map((e) => ({ type: e.type, data: e.data }));
  }

  /** As the index lookup: this user's key, this stream's use first, then the latest version. */
  async keyUse(streamId: string, key: string, actorId: string): Promise<KeyUse | null> {
    const hits = [...this.streams.entries()].flatMap(([sid, s]) =>
      s.events.filter((e) => e.metadata.idempotencyKey === key && e.metadata.actorId === actorId).map((e) => ({ here: sid === streamId, version: e.version, fingerprint: (e.metadata.idempotencyFingerprint as string | undefined) ?? null })),
    );
    hits.sort((a, b) => Number(b.here) - Number(a.here) || b.version - a.version);
    return hits[0] ?? null;
  }

  async dueInstances(limit: number): Promise<{ id: string; flow: string; version: number }[]> {
    return [...this.streams.values()].filter((s) => s.dueAt !== null).slice(0, limit).map((s) => ({ id: s.id, flow: s.flow, version: s.events.length }));
  }

  async clearDue(id: string): Promise<void> {
    this.cleared.push(id);
    for (const s of this.streams.values()) if (s.id === id) s.dueAt = null;
  }
}

function participantsOf(reads: unknown[]): string[] | undefined {
  const first = reads[0] as { participants?: string[] } | undefined;
  return first?.participants;
}

/** Role holders by role code; everyone listed is enabled. CC targets: whoever `ccAllowed` names. */
export class InMemoryPeopleDirectory extends PeopleDirectory {
  constructor(
    private readonly holders: Readonly<Record<string, readonly string[]>>,
    private readonly ccAllowed: readonly string[] = [],
  ) {
    super();
  }

  async holdsRole(userId: string, role: string): Promise<boolean> {
    return (this.holders[role] ?? []).includes(userId);
  }

  async roleHolders(role: string): Promise<PersonChoice[]> {
    return (this.holders[role] ?? []).map((id) => ({ id, name: id }));
  }

  async countCcTargets(_instanceId: string, userIds: readonly string[]): Promise<number> {
    return userIds.filter((u) => this.ccAllowed.includes(u)).length;
  }

  async ccTargets(_instanceId: string, q: string, excluded: readonly string[]): Promise<PersonChoice[]> {
    return this.ccAllowed.filter((u) => u.includes(q) && !excluded.includes(u)).map((id) => ({ id, name: id }));
  }
}

export class FixedClock extends Clock {
  constructor(public at: number) {
    super();
  }

  now(): number {
    return this.at;
  }
}

/**
 * The real stream cache, told of appends by nobody but the engine under test: its listener is always live and never
 * announces another instance's append (the app's also hears the events trigger).
 */
export function memoryStreamCache(max = 10_000): StreamCache {
  return new StreamCache({ live: true } as DatabaseNotifications, { streamCacheMax: max } as ServerConfig);
}

/** A user as the engine sees them: their id and, for those who may start or view all, their permissions. */
export function principal(userId: string, permissions: readonly string[] = []): Principal {
  return { userId, account: userId, name: userId, userType: 'staff', sessionId: 's', roles: [], permissions: new Set(permissions) } as Principal;
}

/** The engine's services wired on in-memory ports, as the Nest module wires them on PostgreSQL. */
export function engineOn(plugins: FlowPlugin[], ports: { store?: InMemoryWorkflowStore; directory?: PeopleDirectory } = {}) {
  const store = ports.store ?? new InMemoryWorkflowStore();
  const catalog = new FlowCatalog(plugins);
  const streams = memoryStreamCache();
  const instances = new WorkflowInstances(catalog, store, streams);
  const people = new WorkflowPeople(ports.directory ?? new InMemoryPeopleDirectory({}), instances);
  const denied: unknown[] = [];
  const oplog = { append: async (e: unknown) => void denied.push(e) } as unknown as OperationLogService;
  const announcements = { appended: () => undefined } as unknown as EventAnnouncements;
  const config = { timeZone: 'Asia/Shanghai' } as ServerConfig;
  const commands = new WorkflowCommands(catalog, store, instances, people, streams, announcements, oplog, config);
  return { store, catalog, streams, instances, people, commands, denied };
}
