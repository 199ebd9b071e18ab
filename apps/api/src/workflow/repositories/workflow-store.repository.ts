import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type AppendRequest, type EventRow, GroupAppender, type RecordedEvent, toRecorded } from '@schoolflow/event-store';
import { poolOf } from '../../infrastructure/database/pool.js';
import { type Prepared, prepared } from '../../infrastructure/database/prepared.js';
import { type KeyUse, type StreamEvent, WorkflowStore } from '../ports/workflow-store.port.js';

/**
 * The engine's events and read model in PostgreSQL: hot statements as named prepared statements (planned once per
 * connection), appends with group commit (docs/adr/0012), each with its projection in the same statement.
 */
@Injectable()
export class PgWorkflowStore extends WorkflowStore implements OnApplicationShutdown {
  readonly db: Prepared;
  private readonly appender: GroupAppender;

  constructor(dataSource: DataSource) {
    super();
    this.db = prepared(poolOf(dataSource));
    this.appender = new GroupAppender(poolOf(dataSource));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.appender.close();
  }

  async append(request: AppendRequest): Promise<void> {
    await this.appender.append(request);
  }

  async readInstance(flow: string, id: string, streamId: string): Promise<{ participants: string[]; events: RecordedEvent[] } | null> {
    // Visibility and the stream in one round trip.
    const rows: { participants: string[]; events: EventRow[] }[] = await this.db.query(
      `SELECT i.participants,
              coalesce((SELECT json_agg(json_build_object('position', e.position::text, 'transaction_id', e.transaction_id::text,
                 'stream_id', e.stream_id, 'stream_type', e.stream_type, 'version', e.version, 'type', e.type, 'data', e.data,
                 'metadata', e.metadata, 'recorded_at', e.recorded_at) ORDER BY e.version)
                 FROM events e WHERE e.stream_id = $3), '[]'::json) AS events
         FROM wf_instance i WHERE i.id = $1 AND i.flow = $2`,
      [id, flow, streamId],
    );
    const row = rows[0];
    return row ? { participants: row.participants, events: row.events.map(toRecorded) } : null;
  }

  readStreams(streamIds: readonly string[]): Promise<(StreamEvent & { stream_id: string; version: number })[]> {
    return this.db.query(`SELECT stream_id, type, data, version FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, version`, [streamIds]);
  }

  readStreamTo(streamId: string, version: number): Promise<StreamEvent[]> {
    return this.db.query(`SELECT type, data FROM events WHERE stream_id = $1 AND version <= $2 ORDER BY version`, [streamId, version]);
  }

  async keyUse(streamId: string, key: string, actorId: string): Promise<KeyUse | null> {
    // Every keyed command asks this, and almost always the answer is "no": one lookup of the key (its own index,
    // migration 37000) wherever this user sent it — this stream's use first.
    const hits: KeyUse[] = await this.db.query(
      `SELECT stream_id = $1 AS here, version, metadata->>'idempotencyFingerprint' AS fingerprint FROM events
        WHERE metadata ? 'idempotencyKey' AND metadata->>'idempotencyKey' = $2 AND metadata->>'actorId' = $3
        ORDER BY (stream_id = $1) DESC, version DESC LIMIT 1`,
      [streamId, key, actorId],
    );
    return hits[0] ?? null;
  }

  dueInstances(limit: number): Promise<{ id: string; flow: string; version: number }[]> {
    return this.db.query(`SELECT id, flow, version FROM wf_instance WHERE due_at <= now() ORDER BY due_at LIMIT $1`, [limit]);
  }

  async clearDue(id: string, version: number): Promise<void> {
    await this.db.query(`UPDATE wf_instance SET due_at = NULL WHERE id = $1 AND version = $2`, [id, version]);
  }
}
