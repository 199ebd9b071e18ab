import type { AppendRequest, RecordedEvent } from '@schoolflow/event-store';
import type { Prepared } from '../../infrastructure/database/prepared.js';

/** An event of a stream as a fold needs it. */
export interface StreamEvent {
  type: string;
  data: Record<string, unknown>;
}

/** Where a user's Idempotency-Key went in: on this stream (`here`) or elsewhere, at which version, for which request. */
export interface KeyUse {
  here: boolean;
  version: number;
  fingerprint: string | null;
}

/**
 * The engine's event-store port (docs/adr/0031): what the commands, the instance reads and the timers ask of the
 * events and the read model, so their rules are tested without PostgreSQL. Its one implementation is
 * PgWorkflowStore, whose statements are the hot path's hand-written ones (an append and its projection are one
 * statement: docs/adr/0006).
 */
export abstract class WorkflowStore {
  /** What a flow plugin reads with (its start, its command facts, its options and views): hot statements, prepared. */
  abstract readonly db: Prepared;
  /** Appends with the request's `also` (the projection, a flow's own rows) in one statement; a version race is a ConcurrencyError. */
  abstract append(request: AppendRequest): Promise<void>;
  /** An instance's participants and its whole stream, in one round trip; null when no such instance of the flow. */
  abstract readInstance(flow: string, id: string, streamId: string): Promise<{ participants: string[]; events: RecordedEvent[] } | null>;
  /** The events of several streams, each in version order. */
  abstract readStreams(streamIds: readonly string[]): Promise<(StreamEvent & { stream_id: string; version: number })[]>;
  /** The events of a stream up to a version. */
  abstract readStreamTo(streamId: string, version: number): Promise<StreamEvent[]>;
  /** Where this user's key went in last — this stream's use first — or null when it never did. */
  abstract keyUse(streamId: string, key: string, actorId: string): Promise<KeyUse | null>;
  /** Instances whose timer is due (`wf_instance.due_at` passed), the earliest first. */
  abstract dueInstances(limit: number): Promise<{ id: string; flow: string; version: number }[]>;
  /** Takes an instance off the due list, unless it moved past `version` meanwhile (its new due time stands). */
  abstract clearDue(id: string, version: number): Promise<void>;
}
