import { Injectable } from '@nestjs/common';
import type { Audience, SpiderColumnBody, SpiderItemQuery, SpiderItemState, SpiderMode, SpiderPostKind } from '@schoolflow/contracts';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';

/** A problem as stored: a message key of `publishing.columns.*` and its parameters, read in the reader's language. */
export interface StoredProblem {
  url: string | null;
  key: string;
  params: Record<string, unknown>;
}

export interface ColumnRow {
  id: string;
  name: string;
  sourceUrl: string;
  listSelector: string;
  titleSelector: string;
  linkSelector: string;
  dateSelector: string | null;
  contentSelector: string | null;
  kind: SpiderPostKind;
  audience: Audience;
  mode: SpiderMode;
  intervalHours: number | null;
  enabled: boolean;
  nextRunAt: Date | null;
  ownerId: string;
  updatedAt: Date;
  pending: number;
}

export interface RunRow {
  id: string;
  columnId: string;
  trigger: 'manual' | 'schedule';
  state: 'running' | 'completed' | 'failed';
  found: number;
  added: number;
  published: number;
  problems: StoredProblem[];
  failure: StoredProblem | null;
  startedAt: Date;
  finishedAt: Date | null;
}

export interface ItemRow {
  id: string;
  columnId: string;
  url: string;
  title: string;
  date: string | null;
  content: string | null;
  state: SpiderItemState;
  postId: string | null;
  createdAt: Date;
}

export interface NewItem {
  url: string;
  title: string;
  date: string | null;
  content: string | null;
}

const COLUMN = `c.id, c.name, c.source_url AS "sourceUrl", c.list_selector AS "listSelector", c.title_selector AS "titleSelector",
  c.link_selector AS "linkSelector", c.date_selector AS "dateSelector", c.content_selector AS "contentSelector", c.post_kind AS kind,
  c.audience, c.mode, c.interval_hours AS "intervalHours", c.enabled, c.next_run_at AS "nextRunAt", c.owner_id AS "ownerId", c.updated_at AS "updatedAt",
  (SELECT count(*)::int FROM spider_item i WHERE i.column_id = c.id AND i.state = 'pending') AS pending`;
const RUN = `id, column_id AS "columnId", trigger, state, found, added, published, problems, failure, started_at AS "startedAt", finished_at AS "finishedAt"`;
const ITEM = `id, column_id AS "columnId", url, title, date_text AS date, content, state, post_id AS "postId", created_at AS "createdAt"`;

/** When an enabled column with an interval runs next: at once when new or changed, then every interval from its runs. */
const NEXT_RUN = `CASE WHEN $10::boolean AND $9::int IS NOT NULL THEN now() ELSE NULL END`;

/** 栏目采集's SQL (docs/adr/0067-spider-columns.md): columns, their items (unique per column by address) and runs. */
@Injectable()
export class SpiderColumnsRepository {
  list(db: Db): Promise<ColumnRow[]> {
    return rows<ColumnRow>(db, `SELECT ${COLUMN} FROM spider_column c ORDER BY c.created_at, c.id`);
  }

  async get(db: Db, id: string, lock = false): Promise<ColumnRow | null> {
    const [row] = await rows<ColumnRow>(db, `SELECT ${COLUMN} FROM spider_column c WHERE c.id = $1${lock ? ' FOR UPDATE OF c' : ''}`, [id]);
    return row ?? null;
  }

  async nameTaken(db: Db, name: string, except: string | null): Promise<boolean> {
    const found = await rows(db, `SELECT 1 FROM spider_column WHERE lower(btrim(name)) = lower(btrim($1)) AND ($2::uuid IS NULL OR id <> $2)`, [name, except]);
    return found.length > 0;
  }

  private values(b: SpiderColumnBody): unknown[] {
    return [b.name, b.sourceUrl, b.listSelector, b.titleSelector, b.linkSelector, b.dateSelector, b.contentSelector, b.kind, b.intervalHours, b.enabled, JSON.stringify(b.audience), b.mode];
  }

  async insert(db: Db, b: SpiderColumnBody, ownerId: string): Promise<string> {
    const [row] = await rows<{ id: string }>(
      db,
      `INSERT INTO spider_column (name, source_url, list_selector, title_selector, link_selector, date_selector, content_selector, post_kind, interval_hours, enabled, audience, mode, owner_id, next_run_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, ${NEXT_RUN}) RETURNING id`,
      [...this.values(b), ownerId],
    );
    return (row as { id: string }).id;
  }

  /** The column's new values; the one who saves it becomes its owner (whose permission automatic publishing uses). */
  async update(db: Db, id: string, b: SpiderColumnBody, ownerId: string): Promise<void> {
    await db.query(
      `UPDATE spider_column SET name = $1, source_url = $2, list_selector = $3, title_selector = $4, link_selector = $5, date_selector = $6, content_selector = $7,
              post_kind = $8, interval_hours = $9, enabled = $10, audience = $11, mode = $12, owner_id = $13, next_run_at = ${NEXT_RUN}, updated_at = now()
        WHERE id = $14`,
      [...this.values(b), ownerId, id],
    );
  }

  async remove(db: Db, id: string): Promise<void> {
    await db.query(`DELETE FROM spider_column WHERE id = $1`, [id]);
  }

  /**
   * The columns due now, claimed: each one's next run moved an interval on in the same statement, so of instances
   * sweeping at once only one takes it.
   */
  async claimDue(db: Db, limit: number): Promise<string[]> {
    const claimed = await rows<{ id: string }>(
      db,
      `UPDATE spider_column SET next_run_at = now() + make_interval(hours => interval_hours)
        WHERE id IN (SELECT id FROM spider_column WHERE enabled AND interval_hours IS NOT NULL AND next_run_at <= now() ORDER BY next_run_at LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      [limit],
    );
    return claimed.map((r) => r.id);
  }

  async startRun(db: Db, columnId: string, trigger: 'manual' | 'schedule', by: string | null, jobId: string | null): Promise<string> {
    const [row] = await rows<{ id: string }>(db, `INSERT INTO spider_run (column_id, trigger, started_by, job_id) VALUES ($1, $2, $3, $4) RETURNING id`, [columnId, trigger, by, jobId]);
    return (row as { id: string }).id;
  }

  async getRun(db: Db, id: string): Promise<RunRow | null> {
    const [row] = await rows<RunRow>(db, `SELECT ${RUN} FROM spider_run WHERE id = $1`, [id]);
    return row ?? null;
  }

  async finishRun(db: Db, id: string, r: { found: number; added: number; published: number; problems: StoredProblem[]; failure: StoredProblem | null }): Promise<void> {
    await db.query(`UPDATE spider_run SET state = $2, found = $3, added = $4, published = $5, problems = $6, failure = $7, finished_at = now() WHERE id = $1`, [
      id,
      r.failure ? 'failed' : 'completed',
      r.found,
      r.added,
      r.published,
      JSON.stringify(r.problems.slice(0, 50)),
      r.failure ? JSON.stringify(r.failure) : null,
    ]);
  }

  runs(db: Db, columnIds: readonly string[], perColumn: number): Promise<RunRow[]> {
    return rows<RunRow>(
      db,
      `SELECT ${RUN} FROM (SELECT r.*, row_number() OVER (PARTITION BY column_id ORDER BY started_at DESC, id DESC) AS n FROM spider_run r WHERE column_id = ANY($1)) r WHERE n <= $2 ORDER BY started_at DESC, id DESC`,
      [columnIds, perColumn],
    );
  }

  /** Which of these addresses the column has collected already. */
  async known(db: Db, columnId: string, urls: readonly string[]): Promise<Set<string>> {
    const found = await rows<{ url: string }>(db, `SELECT url FROM spider_item WHERE column_id = $1 AND url = ANY($2)`, [columnId, urls]);
    return new Set(found.map((r) => r.url));
  }

  /** The item, unless the column has its address already (another run took it first): its id, or null. */
  async insertItem(db: Db, columnId: string, item: NewItem): Promise<string | null> {
    const [row] = await rows<{ id: string }>(
      db,
      `INSERT INTO spider_item (column_id, url, title, date_text, content) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (column_id, url) DO NOTHING RETURNING id`,
      [columnId, item.url, item.title, item.date, item.content],
    );
    return row?.id ?? null;
  }

  async item(db: Db, id: string): Promise<ItemRow | null> {
    const [row] = await rows<ItemRow>(db, `SELECT ${ITEM} FROM spider_item WHERE id = $1`, [id]);
    return row ?? null;
  }

  async items(db: Db, columnId: string, q: SpiderItemQuery): Promise<{ total: number; list: ItemRow[] }> {
    const state = q.state === 'all' ? null : q.state;
    const [count] = await rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM spider_item WHERE column_id = $1 AND ($2::text IS NULL OR state = $2)`, [columnId, state]);
    const list = await rows<ItemRow>(db, `SELECT ${ITEM} FROM spider_item WHERE column_id = $1 AND ($2::text IS NULL OR state = $2) ORDER BY created_at DESC, id LIMIT $3 OFFSET $4`, [
      columnId,
      state,
      q.size,
      (q.current - 1) * q.size,
    ]);
    return { total: count?.n ?? 0, list };
  }

  /** A pending item decided (published with its post, or ignored); false when it was decided already. */
  async decide(db: Db, id: string, state: 'published' | 'ignored', by: string | null, postId: string | null): Promise<boolean> {
    const done = await rows(db, `UPDATE spider_item SET state = $2, post_id = $4, decided_by = $3, decided_at = now() WHERE id = $1 AND state = 'pending' RETURNING id`, [id, state, by, postId]);
    return done.length > 0;
  }
}
