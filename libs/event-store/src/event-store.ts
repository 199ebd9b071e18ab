import { ConcurrencyError, type NewEvent, type Queryable, type RecordedEvent } from './types.js';

interface EventRow {
  position: string;
  transaction_id: string;
  stream_id: string;
  stream_type: string;
  version: number;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  recorded_at: Date;
}

export function toRecorded(r: EventRow): RecordedEvent {
  return {
    position: String(r.position),
    transactionId: String(r.transaction_id),
    streamId: r.stream_id,
    streamType: r.stream_type,
    version: r.version,
    type: r.type,
    data: r.data,
    metadata: r.metadata,
    recordedAt: r.recorded_at,
  };
}

/** Normalises what node-postgres and TypeORM answer for a query (rows, or [rows, count] for DML). */
function rowsOf<R>(result: unknown): R[] {
  if (Array.isArray(result)) {
    return (result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number' ? result[0] : result) as R[];
  }
  const withRows = result as { rows?: R[] } | null;
  return withRows?.rows ?? [];
}

/**
 * Append-only event store on PostgreSQL. `append` must run inside the caller's transaction when the caller also
 * writes projections (so a reader sees its own action at once); the event INSERT must be that transaction's first
 * write, so its transaction id orders it after every append it has observed (docs/adr/0005).
 */
export const EventStore = {
  /**
   * Appends `events` to `streamId` if its current version is `expectedVersion` (0 for a new stream).
   * A stale version raises ConcurrencyError and writes nothing (the unique (stream_id, version) key catches
   * races that pass the first check).
   */
  async append(db: Queryable, streamId: string, streamType: string, events: NewEvent[], expectedVersion: number): Promise<RecordedEvent[]> {
    if (events.length === 0) return [];
    const values: string[] = [];
    const params: unknown[] = [];
    events.forEach((e, i) => {
      const base = params.length;
      params.push(streamId, streamType, expectedVersion + i + 1, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata ?? {}));
      values.push(`($${base + 1}::text, $${base + 2}::text, $${base + 3}::int, $${base + 4}::text, $${base + 5}::jsonb, $${base + 6}::jsonb)`);
    });
    // The version check and the insert are one statement: the insert happens only when the stream's current
    // version is the expected one; a concurrent append that slips between is stopped by the unique key.
    params.push(expectedVersion);
    const sql = `
      INSERT INTO events (stream_id, stream_type, version, type, data, metadata)
      SELECT v.* FROM (VALUES ${values.join(', ')}) AS v(stream_id, stream_type, version, type, data, metadata)
       WHERE (SELECT coalesce(max(version), 0) FROM events WHERE stream_id = $1::text) = $${params.length}::int
      RETURNING position, transaction_id, stream_id, stream_type, version, type, data, metadata, recorded_at`;
    let rows: EventRow[];
    try {
      rows = rowsOf<EventRow>(await db.query(sql, params));
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw new ConcurrencyError(streamId, expectedVersion, null);
      throw err;
    }
    if (rows.length !== events.length) {
      const current = rowsOf<{ v: number }>(await db.query(`SELECT coalesce(max(version), 0)::int AS v FROM events WHERE stream_id = $1`, [streamId]));
      throw new ConcurrencyError(streamId, expectedVersion, current[0]?.v ?? null);
    }
    return rows.map(toRecorded);
  },

  async readStream(db: Queryable, streamId: string): Promise<RecordedEvent[]> {
    const rows = rowsOf<EventRow>(
      await db.query(
        `SELECT position, transaction_id, stream_id, stream_type, version, type, data, metadata, recorded_at
           FROM events WHERE stream_id = $1 ORDER BY version`,
        [streamId],
      ),
    );
    return rows.map(toRecorded);
  },

  async streamVersion(db: Queryable, streamId: string): Promise<number> {
    const rows = rowsOf<{ v: number }>(await db.query(`SELECT coalesce(max(version), 0)::int AS v FROM events WHERE stream_id = $1`, [streamId]));
    return rows[0]?.v ?? 0;
  },
};

export { rowsOf };
