import { Injectable } from '@nestjs/common';
import { formatSchoolTime, isTodoOverdue, type Todo, type TodoRemindMinutes, type TodoStatus } from '@schoolflow/contracts';
import type { EntityManager } from 'typeorm';

/** Anything that answers rows: the data source, a transaction. */
export type Db = Pick<EntityManager, 'query'>;

interface Row {
  id: string;
  title: string;
  note: string;
  dueAt: Date | null;
  remindMinutes: number | null;
  doneAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A to-do's values as stored: the due time and the reminder's moment as instants (the handler reads the school time). */
export interface TodoWrite {
  title: string;
  note: string;
  dueAt: Date | null;
  remindMinutes: TodoRemindMinutes | null;
  remindAt: Date | null;
}

/** A reminder claimed: what its message says. */
export interface ClaimedReminder {
  id: string;
  ownerId: string;
  title: string;
  dueAt: Date;
  remindAt: Date;
}

const COLUMNS = `id, title, note, due_at AS "dueAt", remind_minutes AS "remindMinutes", done_at AS "doneAt", created_at AS "createdAt", updated_at AS "updatedAt"`;
const CLAIMED = `id, owner_id AS "ownerId", title, due_at AS "dueAt", remind_at AS "remindAt"`;

const FILTER: Record<TodoStatus, string> = {
  open: 'done_at IS NULL',
  done: 'done_at IS NOT NULL',
  overdue: 'done_at IS NULL AND due_at < now()',
  all: 'true',
};

/**
 * A reminder is taken up once: still unsent, the to-do open, its moment reached (a second's margin for the clock of
 * the instance that timed it). Concurrent claims of one row wait on its lock and find it sent.
 */
const CLAIMABLE = `reminded_at IS NULL AND done_at IS NULL AND remind_at <= now() + interval '1 second'`;

/**
 * A saved reminder whose moment has already passed is settled, not sent late (`todoReminderPending`, the database's
 * clock); an unchanged one keeps what it was.
 */
const SETTLE = (remindAt: string) => `CASE WHEN ${remindAt} IS NULL OR ${remindAt} > now() THEN NULL ELSE coalesce(reminded_at, now()) END`;

/**
 * The to-dos (table `todo_item`, docs/adr/0050-todos.md#storage). Hand-written SQL; every statement but the
 * reminders' names the owner, so no read or write reaches another's to-do.
 */
@Injectable()
export class TodosRepository {
  async list(db: Db, ownerId: string, status: TodoStatus, size: number, tz: string): Promise<{ total: number; list: Todo[] }> {
    const rows = (await db.query(
      `SELECT ${COLUMNS}, count(*) OVER () AS total FROM todo_item WHERE owner_id = $1 AND ${FILTER[status]} ORDER BY due_at ASC NULLS LAST, created_at LIMIT $2`,
      [ownerId, size],
    )) as (Row & { total: string })[];
    if (rows.length > 0) return { total: Number(rows[0]?.total), list: rows.map((r) => shape(r, tz)) };
    // past the last page nothing tells the count: asked for (a first page that is empty is 0 at once)
    return { total: 0, list: [] };
  }

  async get(db: Db, ownerId: string, id: string, tz: string): Promise<Todo | null> {
    const [row] = (await db.query(`SELECT ${COLUMNS} FROM todo_item WHERE id = $1 AND owner_id = $2`, [id, ownerId])) as Row[];
    return row ? shape(row, tz) : null;
  }

  async insert(db: Db, ownerId: string, v: TodoWrite, tz: string): Promise<Todo> {
    const [row] = (await db.query(
      `INSERT INTO todo_item (owner_id, title, note, due_at, remind_minutes, remind_at, reminded_at)
       VALUES ($1, $2, $3, $4, $5, $6::timestamptz, CASE WHEN $6::timestamptz IS NULL OR $6::timestamptz > now() THEN NULL ELSE now() END)
       RETURNING ${COLUMNS}`,
      [ownerId, v.title, v.note, v.dueAt, v.remindMinutes, v.remindAt],
    )) as Row[];
    return shape(row as Row, tz);
  }

  /** The to-do changed, or null: none of the owner's. A reminder moved gets sent again; one kept stays as it was. */
  async update(db: Db, ownerId: string, id: string, v: TodoWrite, tz: string): Promise<Todo | null> {
    const [rows] = (await db.query(
      `UPDATE todo_item SET title = $3, note = $4, due_at = $5, remind_minutes = $6, remind_at = $7::timestamptz,
              reminded_at = CASE WHEN remind_at IS NOT DISTINCT FROM $7::timestamptz THEN reminded_at ELSE ${SETTLE('$7::timestamptz')} END,
              updated_at = now()
        WHERE id = $1 AND owner_id = $2 RETURNING ${COLUMNS}`,
      [id, ownerId, v.title, v.note, v.dueAt, v.remindMinutes, v.remindAt],
    )) as [Row[], number];
    return rows[0] ? shape(rows[0], tz) : null;
  }

  /**
   * Ticked done (the first time kept) or open again. Opened again after its reminder's moment, the reminder is settled:
   * not sent late.
   */
  async setDone(db: Db, ownerId: string, id: string, done: boolean, tz: string): Promise<{ todo: Todo; remindAt: Date | null } | null> {
    const [rows] = (await db.query(
      `UPDATE todo_item SET done_at = CASE WHEN $3 THEN coalesce(done_at, now()) END,
              reminded_at = CASE WHEN $3 THEN reminded_at ELSE ${SETTLE('remind_at')} END,
              updated_at = now()
        WHERE id = $1 AND owner_id = $2 RETURNING ${COLUMNS}, remind_at AS "remindAt"`,
      [id, ownerId, done],
    )) as [(Row & { remindAt: Date | null })[], number];
    const row = rows[0];
    return row ? { todo: shape(row, tz), remindAt: row.remindAt } : null;
  }

  async delete(db: Db, ownerId: string, id: string): Promise<boolean> {
    const [rows] = (await db.query(`DELETE FROM todo_item WHERE id = $1 AND owner_id = $2 RETURNING id`, [id, ownerId])) as [unknown[], number];
    return rows.length > 0;
  }

  /** Whether a to-do of this id exists at all (a refusal's log says whether someone reached for another's). */
  async exists(db: Db, id: string): Promise<boolean> {
    return ((await db.query(`SELECT 1 FROM todo_item WHERE id = $1`, [id])) as unknown[]).length > 0;
  }

  /** Claims the reminder of one to-do, or nothing: sent already, ticked, deleted, or not yet due. */
  async claim(db: Db, id: string): Promise<ClaimedReminder[]> {
    const [rows] = (await db.query(`UPDATE todo_item SET reminded_at = now() WHERE id = $1 AND ${CLAIMABLE} RETURNING ${CLAIMED}`, [id])) as [ClaimedReminder[], number];
    return rows;
  }

  /** Claims every reminder due (a job lost, an instance stopped at the time): a batch, rows another sweep holds skipped. */
  async claimDue(db: Db, limit: number): Promise<ClaimedReminder[]> {
    const [rows] = (await db.query(
      `UPDATE todo_item t SET reminded_at = now()
         FROM (SELECT id FROM todo_item WHERE ${CLAIMABLE} ORDER BY remind_at LIMIT $1 FOR UPDATE SKIP LOCKED) d
        WHERE t.id = d.id RETURNING t.id, t.owner_id AS "ownerId", t.title, t.due_at AS "dueAt", t.remind_at AS "remindAt"`,
      [limit],
    )) as [ClaimedReminder[], number];
    return rows;
  }

  /** The reminders still to be sent whose moment is ahead (`within` ms), to be timed again at start. */
  async pending(db: Db, withinMs: number): Promise<{ id: string; remindAt: Date }[]> {
    return (await db.query(`SELECT id, remind_at AS "remindAt" FROM todo_item WHERE reminded_at IS NULL AND done_at IS NULL AND remind_at > now() AND remind_at <= now() + make_interval(secs => $1) ORDER BY remind_at LIMIT 10000`, [withinMs / 1000])) as { id: string; remindAt: Date }[];
  }
}

function shape(r: Row, tz: string): Todo {
  const dueAt = r.dueAt ? new Date(r.dueAt).toISOString() : null;
  const done = r.doneAt !== null;
  return {
    id: r.id,
    title: r.title,
    note: r.note,
    due: r.dueAt ? formatSchoolTime(new Date(r.dueAt).getTime(), tz) : null,
    dueAt,
    remindMinutes: r.remindMinutes === null ? null : (Number(r.remindMinutes) as TodoRemindMinutes),
    done,
    doneAt: r.doneAt ? new Date(r.doneAt).toISOString() : null,
    overdue: isTodoOverdue({ dueAt, done }, Date.now()),
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}
