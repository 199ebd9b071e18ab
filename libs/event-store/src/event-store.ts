import { ConcurrencyError, type NewEvent, type Queryable, type RecordedEvent } from './types.js';

/** An events row as the database answers it (`recorded_at` is text when it comes through JSON). */
export interface EventRow {
  position: string;
  transaction_id: string;
  stream_id: string;
  stream_type: string;
  version: number;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  recorded_at: Date | string;
}

export function toRecorded(r: EventRow): RecordedEvent {
  // accepts rows from node-postgres and from json_build_object alike
  return {
    position: String(r.position),
    transactionId: String(r.transaction_id),
    streamId: r.stream_id,
    streamType: r.stream_type,
    version: r.version,
    type: r.type,
    data: r.data,
    metadata: r.metadata,
    recordedAt: r.recorded_at instanceof Date ? r.recorded_at : new Date(r.recorded_at),
  };
}

/** What an append answers per event: the columns the database assigns. */
interface AppendedRow {
  position: string;
  transaction_id: string;
  version: number;
  recorded_at: Date;
}

export interface AppendOptions {
  /**
   * The caller announces the append itself after commit (`AppendAnnouncer`), so the events trigger does not NOTIFY
   * for it (migrations/1732000006000, docs/adr/0011). The setting is local to the append's transaction.
   */
  announcedByCaller?: boolean;
}

/** Normalises what node-postgres and TypeORM answer for a query (rows, or [rows, count] for DML). */
function rowsOf<R>(result: unknown): R[] {
  if (Array.isArray(result)) {
    return (result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number' ? result[0] : result) as R[];
  }
  const withRows = result as { rows?: R[] } | null;
  return withRows?.rows ?? [];
}

/** Allocates the next positional parameter for a value (optionally cast) and answers its placeholder. */
export type Param = (value: unknown, cast?: string) => string;

/**
 * Writes that must commit with the events, as data-modifying CTEs (`name AS (...)`) of the same statement. Each
 * must write only when the append did (`WHERE EXISTS (SELECT 1 FROM ev)`): a stale version then writes nothing.
 * One statement is one round trip and one atomic commit, which is what lets a command cost a single write.
 */
export type AlsoWrite = (param: Param) => string[];

/**
 * Append-only event store on PostgreSQL. `append` must run inside the caller's transaction when the caller also
 * writes projections (so a reader sees its own action at once); the event INSERT must be that transaction's first
 * write, so its transaction id orders it after every append it has observed (docs/adr/0005).
 */
export const EventStore = {
  /**
   * Appends `events` to `streamId` if its current version is `expectedVersion` (0 for a new stream), together with
   * the caller's `also` writes, in one statement. A stale version raises ConcurrencyError and writes nothing.
   */
  async append(
    db: Queryable,
    streamId: string,
    streamType: string,
    events: NewEvent[],
    expectedVersion: number,
    also?: AlsoWrite,
    options: AppendOptions = {},
  ): Promise<RecordedEvent[]> {
    if (events.length === 0) return [];
    const params: unknown[] = [];
    const param: Param = (value, cast) => {
      params.push(value);
      return cast ? `$${params.length}::${cast}` : `$${params.length}`;
    };
    const stream = param(streamId, 'text');
    const type = param(streamType, 'text');
    const values = events.map(
      (e, i) => `(${stream}, ${type}, ${param(expectedVersion + i + 1, 'int')}, ${param(e.type, 'text')}, ${param(JSON.stringify(e.data), 'jsonb')}, ${param(JSON.stringify(e.metadata ?? {}), 'jsonb')})`,
    );
    const expected = param(expectedVersion, 'int');
    // The version check and the insert are one statement: rows go in only when the stream's version is the expected
    // one; a concurrent append that slips between is stopped by the unique (stream_id, version) key.
    const ev = `ev AS (
      INSERT INTO events (stream_id, stream_type, version, type, data, metadata)
      SELECT v.* FROM (VALUES ${values.join(', ')}) AS v(stream_id, stream_type, version, type, data, metadata)
       WHERE (SELECT coalesce(max(version), 0) FROM events WHERE stream_id = ${stream}) = ${expected}${
         options.announcedByCaller ? ` AND set_config('schoolflow.announce', 'caller', true) = 'caller'` : ''
       }
      RETURNING position, transaction_id, version, recorded_at)`;
    const extra = also ? also(param) : [];
    // Only what the database assigns comes back (the rest is what was sent): no jsonb to print and parse again.
    const sql = `WITH ${[ev, ...extra].join(',\n')}
      SELECT position::text AS position, transaction_id::text AS transaction_id, version, recorded_at FROM ev ORDER BY version`;
    let rows: AppendedRow[];
    try {
      rows = rowsOf<AppendedRow>(await db.query(sql, params));
    } catch (err) {
      if ((err as { code?: string }).code === '23505' && /events_stream_id_version/.test(String((err as { constraint?: string }).constraint ?? (err as Error).message))) {
        throw new ConcurrencyError(streamId, expectedVersion, null);
      }
      throw err;
    }
    if (rows.length !== events.length) {
      const current = rowsOf<{ v: number }>(await db.query(`SELECT coalesce(max(version), 0)::int AS v FROM events WHERE stream_id = $1`, [streamId]));
      throw new ConcurrencyError(streamId, expectedVersion, current[0]?.v ?? null);
    }
    return rows.map((r, i) => {
      const e = events[i] as NewEvent;
      return {
        position: r.position,
        transactionId: r.transaction_id,
        streamId,
        streamType,
        version: r.version,
        type: e.type,
        data: e.data,
        metadata: e.metadata ?? {},
        recordedAt: r.recorded_at,
      };
    });
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
