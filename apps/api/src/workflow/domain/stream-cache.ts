import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EVENTS_CHANNEL } from '@schoolflow/event-store';
import type { AnyMachineSnapshot } from 'xstate';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { DatabaseNotifications } from '../../infrastructure/database/database-notifications.js';

/** What a command needs of an instance: its folded state at a version, and who may see it. */
export interface CachedStream {
  version: number;
  snapshot: AnyMachineSnapshot;
  participants: readonly string[];
}

/** An event's effect on its instance: the state before it and after it. */
export interface DecidedTransition {
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
}

/**
 * Decided transitions kept at most: a subscription takes them within a batch or two of their commit (its batches are
 * at most 500 events), and one that fell further behind folds the rest from the stream, as it would without them.
 */
export const DECIDED_KEPT = 4096;

/**
 * The folded state of recently used workflow streams, for commands (docs/adr/0010). A state at version n is a fact
 * (events are immutable), so an entry can only be *behind*, never wrong: the append's optimistic check still decides,
 * and every instance drops an entry as soon as a later version is announced (by its writer, batched, or by the
 * events trigger for other writers: docs/adr/0011). Reads use it only at the very version their read model shows
 * (the review queue's `can`: WorkflowInstances.snapshotsAt), where behind is impossible.
 */
@Injectable()
export class StreamCache implements OnModuleInit {
  private readonly entries = new Map<string, CachedStream>();
  /** The latest version announced per stream, so a load that raced with an append does not cache the older state. */
  private readonly announced = new Map<string, number>();

  /** Entries at most (STREAM_CACHE_MAX): past it the cache starts again empty, which costs only re-reads. */
  private readonly max: number;

  /**
   * The transitions this instance appended, by `stream@version`, for its subscriptions (docs/adr/0072): a committed
   * event's state before and after it is what the command decided it on, so a subscription that finds it here neither
   * reads nor folds the stream for it. At most DECIDED_KEPT, the oldest dropped first.
   */
  private readonly decided = new Map<string, DecidedTransition>();

  constructor(
    private readonly notifications: DatabaseNotifications,
    @Inject(SERVER_CONFIG) config: ServerConfig,
  ) {
    this.max = config.streamCacheMax;
  }

  async onModuleInit(): Promise<void> {
    await this.notifications.on(EVENTS_CHANNEL, (payload) => this.onAppended(payload));
    this.notifications.onReset(() => this.clear());
  }

  get(streamId: string): CachedStream | undefined {
    if (!this.notifications.live) return undefined;
    return this.entries.get(streamId);
  }

  /** Remembers a state read or written at `version`, unless a later version is already known. */
  put(streamId: string, entry: CachedStream): void {
    if (!this.notifications.live) return;
    if ((this.announced.get(streamId) ?? 0) > entry.version) return;
    const current = this.entries.get(streamId);
    if (current && current.version >= entry.version) return;
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
  }

  evict(streamId: string): void {
    this.entries.delete(streamId);
  }

  /**
   * Remembers the transitions of events appended from `states[0]` at `fromVersion`: event `fromVersion + i` (i ≥ 1)
   * took the instance from `states[i - 1]` to `states[i]`. Called once the append committed; a write that failed
   * leaves nothing.
   */
  rememberDecided(streamId: string, fromVersion: number, states: readonly AnyMachineSnapshot[]): void {
    for (let i = 1; i < states.length; i++) {
      if (this.decided.size >= DECIDED_KEPT) this.decided.delete(this.decided.keys().next().value as string);
      this.decided.set(`${streamId}@${fromVersion + i}`, { before: states[i - 1] as AnyMachineSnapshot, after: states[i] as AnyMachineSnapshot });
    }
  }

  /** The transition of the event at `version`, if this instance appended it (and has not dropped it since). */
  decidedAt(streamId: string, version: number): DecidedTransition | undefined {
    return this.decided.get(`${streamId}@${version}`);
  }

  private clear(): void {
    this.entries.clear();
    this.announced.clear();
    this.decided.clear();
  }

  /** `stream:version,...` or `*` (migrations/1732000005000, 1732000006000; AppendAnnouncer). */
  private onAppended(payload: string): void {
    if (payload === '*' || payload === '') return this.clear();
    if (this.announced.size >= this.max) this.announced.clear();
    for (const item of payload.split(',')) {
      const at = item.lastIndexOf(':');
      const streamId = item.slice(0, at);
      const version = Number(item.slice(at + 1));
      if (at <= 0 || !Number.isInteger(version)) continue;
      if ((this.announced.get(streamId) ?? 0) < version) this.announced.set(streamId, version);
      const cached = this.entries.get(streamId);
      if (cached && cached.version < version) this.entries.delete(streamId);
    }
  }
}
