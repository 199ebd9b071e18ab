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
 * Writes that must commit with the events, as data-modifying CTEs of the same statement, named through `cte`
 * (`${cte('inst')} AS (...)`): an append may share its statement with others (`appendMany`), so every name of its
 * own — `cte('ev')` for its events — is made unique there. Each must write only when its append did
 * (`WHERE EXISTS (SELECT 1 FROM ${cte('ev')})`): a stale version then writes nothing.
 * One statement is one round trip and one atomic commit, which is what lets a command cost a single write.
 */
export type AlsoWrite = (param: Param, cte: (name: string) => string) => string[];

/**
 * A write every append of a group that names the same `key` shares: one set of CTEs for all their `row`s, which come
 * as one jsonb array (`rows`, a placeholder) each with its append's `stream_id`; `inserted` names a CTE of the streams
 * whose events went in (column `stream_id`), on which the write must be gated. However many appends a group holds, the
 * statement then holds these CTEs once: PostgreSQL sets up each CTE's plan at every execution.
 */
export interface GroupWrite {
  key: string;
  row: Record<string, unknown>;
  ctes: (rows: string, inserted: string, cte: (name: string) => string) => string[];
}

/** One append: to `streamId` if its version is `expectedVersion` (0 for a new stream), with its `also` writes. */
export interface AppendRequest {
  streamId: string;
  streamType: string;
  events: NewEvent[];
  expectedVersion: number;
  also?: AlsoWrite;
  /** The same write as `also`, stated for a whole group (appends carrying one go through `appendMany`). */
  groupWrite?: GroupWrite;
  options?: AppendOptions;
  /**
   * What kind of statement its `also` writes (e.g. 'created', 'transitioned'): a group is ordered by it, so the text
   * of a group statement depends only on how many of each kind it holds and is prepared once, not per arrival order.
   */
  shape?: string;
}

function parameters(): { params: unknown[]; param: Param } {
  const params: unknown[] = [];
  return {
    params,
    param: (value, cast) => {
      params.push(value);
      return cast ? `$${params.length}::${cast}` : `$${params.length}`;
    },
  };
}

/** The recorded events of an append, from what the database assigned and what was sent. */
function recorded(r: AppendRequest, rows: AppendedRow[]): RecordedEvent[] {
  return rows.map((row, i) => {
    const e = r.events[i] as NewEvent;
    return {
      position: row.position,
      transactionId: row.transaction_id,
      streamId: r.streamId,
      streamType: r.streamType,
      version: row.version,
      type: e.type,
      data: e.data,
      metadata: e.metadata ?? {},
      recordedAt: row.recorded_at,
    };
  });
}

function isVersionClash(err: unknown): boolean {
  return (err as { code?: string }).code === '23505' && /events_stream_id_version/.test(String((err as { constraint?: string }).constraint ?? (err as Error).message));
}

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
    return EventStore.appendRequest(db, { streamId, streamType, events, expectedVersion, also, options });
  },

  /** One append as a request: a group of one (`appendMany`), so the version check is stated once. */
  async appendRequest(db: Queryable, r: AppendRequest): Promise<RecordedEvent[]> {
    if (r.events.length === 0) return [];
    let outcome: RecordedEvent[] | ConcurrencyError | undefined;
    try {
      [outcome] = await EventStore.appendMany(db, [r]);
    } catch (err) {
      if (isVersionClash(err)) throw new ConcurrencyError(r.streamId, r.expectedVersion, null);
      throw err;
    }
    if (!outcome || outcome instanceof ConcurrencyError) throw new ConcurrencyError(r.streamId, r.expectedVersion, await EventStore.streamVersion(db, r.streamId));
    return outcome;
  },

  /**
   * Several appends to distinct streams in one statement — one round trip, one commit (group commit, docs/adr/0012).
   * Each is checked on its own: a stale one answers its ConcurrencyError and writes nothing, the others commit.
   * The statement fails as a whole only on an error (e.g. a concurrent append to one of the streams slipping in, or a
   * projection's constraint): the caller then runs them one by one to give each its own outcome.
   */
  async appendMany(db: Queryable, requests: AppendRequest[]): Promise<(RecordedEvent[] | ConcurrencyError)[]> {
    if (new Set(requests.map((r) => r.streamId)).size !== requests.length) throw new Error('appendMany: one append per stream');
    const { params, param } = parameters();
    // Every append's events in one INSERT, each row checked against its stream's version as the statement found it
    // (an append's rows pass or fail together); what an append writes besides them comes after, gated on its stream.
    const events = requests
      .flatMap((r) => r.events.map((e, i) => ({ s: r.streamId, t: r.streamType, v: r.expectedVersion + i + 1, y: e.type, d: e.data, m: e.metadata ?? {}, x: r.expectedVersion })))
      .map((e, n) => ({ ...e, n }));
    const announced = requests.some((r) => r.options?.announcedByCaller) ? ` AND set_config('schoolflow.announce', 'caller', true) = 'caller'` : '';
    const ctes = [
      `ev AS (
      INSERT INTO events (stream_id, stream_type, version, type, data, metadata)
      SELECT v.s, v.t, v.v, v.y, v.d, v.m FROM jsonb_to_recordset(${param(JSON.stringify(events), 'jsonb')}) AS v(n int, s text, t text, v int, y text, d jsonb, m jsonb, x int)
       WHERE (SELECT coalesce(max(e.version), 0) FROM events e WHERE e.stream_id = v.s) = v.x${announced}
       ORDER BY v.n
      RETURNING stream_id, position, transaction_id, version, recorded_at)`,
    ];
    requests.forEach((r, k) => {
      if (!r.also) return;
      const name = (n: string) => `${n}_${k}`;
      ctes.push(`${name('ev')} AS (SELECT position, transaction_id, version, recorded_at FROM ev WHERE stream_id = ${param(r.streamId, 'text')})`, ...r.also(param, name));
    });
    const byKey = new Map<string, AppendRequest[]>();
    for (const r of requests) {
      if (!r.groupWrite) continue;
      const list = byKey.get(r.groupWrite.key) ?? [];
      byKey.set(r.groupWrite.key, list);
      list.push(r);
    }
    for (const [key, list] of [...byKey].sort(([a], [b]) => a.localeCompare(b))) {
      const write = list[0]?.groupWrite as GroupWrite;
      const rows = list.map((r) => ({ ...r.groupWrite?.row, stream_id: r.streamId }));
      ctes.push(...write.ctes(param(JSON.stringify(rows), 'jsonb'), 'ev', (n) => `${n}_${key}`));
    }
    const sql = `WITH ${ctes.join(',\n')}
      SELECT stream_id, position::text AS position, transaction_id::text AS transaction_id, version, recorded_at FROM ev ORDER BY stream_id, version`;
    const rows = rowsOf<AppendedRow & { stream_id: string }>(await db.query(sql, params));
    const index = new Map(requests.map((r, k) => [r.streamId, k]));
    const byRequest = requests.map((): AppendedRow[] => []);
    for (const row of rows) byRequest[index.get(row.stream_id) ?? -1]?.push(row);
    return requests.map((r, k) => {
      const mine = byRequest[k] ?? [];
      return mine.length === r.events.length ? recorded(r, mine) : new ConcurrencyError(r.streamId, r.expectedVersion, null);
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
