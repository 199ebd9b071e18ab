/** An event to append: its type, data and metadata (actor, correlation, causation, request, client address). */
export interface NewEvent<D = Record<string, unknown>> {
  type: string;
  data: D;
  metadata?: EventMetadata;
}

export interface EventMetadata {
  actorId?: string | null;
  actorRoles?: string[];
  correlationId?: string;
  causationId?: string;
  requestId?: string;
  clientAddress?: string;
  [key: string]: unknown;
}

export interface RecordedEvent<D = Record<string, unknown>> {
  position: string;
  transactionId: string;
  streamId: string;
  streamType: string;
  version: number;
  type: string;
  data: D;
  metadata: EventMetadata;
  recordedAt: Date;
}

/** The minimal query surface the store needs: a pg client, a pool, or a TypeORM query runner/manager. */
export interface Queryable {
  query<R = unknown>(sql: string, params?: unknown[]): Promise<R>;
}

/** A stale expected version: someone else appended first. Nothing was written. */
export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
    readonly actualVersion: number | null,
  ) {
    super(`stream ${streamId}: expected version ${expectedVersion}, found ${actualVersion ?? 'unknown'}`);
    this.name = 'ConcurrencyError';
  }
}
