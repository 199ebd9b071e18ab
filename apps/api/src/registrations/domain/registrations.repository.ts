import { Injectable } from '@nestjs/common';
import type { EventKind } from '@schoolflow/contracts';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';
import type { EventTimes } from './event-rules.js';

export type { Db };

export interface EventRow extends EventTimes {
  id: string;
  kind: EventKind;
  title: string;
  description: string;
  speaker: string;
  place: string;
  capacity: number;
  registered: number;
  waitlisted: number;
  author_id: string;
  organiser_name: string;
}

export interface EventWrite {
  kind: EventKind;
  title: string;
  description: string;
  speaker: string;
  place: string;
  startAt: Date;
  endAt: Date;
  regStart: Date;
  regEnd: Date;
  capacity: number;
}

export interface SignUpRow {
  id: string;
  user_id: string;
  state: 'registered' | 'waitlisted';
  seq: string;
  created_at: Date;
  checked_in_at: Date | null;
}

const EVENT_COLUMNS = `e.id, e.kind, e.title, e.description, e.speaker, e.place, e.start_at, e.end_at, e.reg_start, e.reg_end, e.capacity, e.registered,
  (SELECT count(*)::int FROM reg_signup w WHERE w.event_id = e.id AND w.state = 'waitlisted') AS waitlisted, e.author_id, u.name AS organiser_name`;

/** Lectures' and activities' SQL: the handlers decide, this reads and writes. */
@Injectable()
export class RegistrationsRepository {
  /** `lock`: the event's row FOR UPDATE — every sign-up and cancellation of one event takes it, in turn. */
  async event(db: Db, id: string, lock = false): Promise<EventRow | null> {
    const [row] = await rows<EventRow>(db, `SELECT ${EVENT_COLUMNS} FROM reg_event e JOIN sys_user u ON u.id = e.author_id WHERE e.id = $1 ${lock ? 'FOR UPDATE OF e' : ''}`, [id]);
    return row ?? null;
  }

  async page(db: Db, kind: EventKind | undefined, current: number, size: number): Promise<{ total: number; list: EventRow[] }> {
    const [count] = await rows<{ total: number }>(db, `SELECT count(*)::int AS total FROM reg_event WHERE $1::text IS NULL OR kind = $1`, [kind ?? null]);
    const list = await rows<EventRow>(
      db,
      `SELECT ${EVENT_COLUMNS} FROM reg_event e JOIN sys_user u ON u.id = e.author_id WHERE $1::text IS NULL OR e.kind = $1 ORDER BY e.start_at DESC, e.id LIMIT $2 OFFSET $3`,
      [kind ?? null, size, (current - 1) * size],
    );
    return { total: count?.total ?? 0, list };
  }

  async insert(db: Db, e: EventWrite, authorId: string): Promise<string> {
    const [row] = await rows<{ id: string }>(
      db,
      `INSERT INTO reg_event (kind, title, description, speaker, place, start_at, end_at, reg_start, reg_end, capacity, author_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [e.kind, e.title, e.description, e.speaker, e.place, e.startAt, e.endAt, e.regStart, e.regEnd, e.capacity, authorId],
    );
    return (row as { id: string }).id;
  }

  async hasSignUps(db: Db, id: string): Promise<boolean> {
    return (await rows(db, `SELECT 1 FROM reg_signup WHERE event_id = $1 LIMIT 1`, [id])).length > 0;
  }

  async remove(db: Db, id: string): Promise<void> {
    await db.query(`DELETE FROM reg_event WHERE id = $1`, [id]);
  }

  async isStudent(db: Db, userId: string): Promise<boolean> {
    return (await rows(db, `SELECT 1 FROM student WHERE user_id = $1 AND status = 'enrolled'`, [userId])).length > 0;
  }

  async live(db: Db, eventId: string, userId: string): Promise<SignUpRow | null> {
    const [row] = await rows<SignUpRow>(db, `SELECT id, user_id, state, seq, created_at, checked_in_at FROM reg_signup WHERE event_id = $1 AND user_id = $2 AND state <> 'cancelled'`, [eventId, userId]);
    return row ?? null;
  }

  /** Takes a seat if one is left: the guarded update is the database's last word on the capacity. */
  async takeSeat(db: Db, eventId: string): Promise<boolean> {
    return (await rows(db, `UPDATE reg_event SET registered = registered + 1 WHERE id = $1 AND registered < capacity RETURNING registered`, [eventId])).length > 0;
  }

  async freeSeat(db: Db, eventId: string): Promise<void> {
    await db.query(`UPDATE reg_event SET registered = registered - 1 WHERE id = $1`, [eventId]);
  }

  /** A live sign-up; its sequence number (taken under the event's lock) is its place in the waitlist. */
  async insertSignUp(db: Db, eventId: string, userId: string, state: 'registered' | 'waitlisted'): Promise<SignUpRow> {
    const [row] = await rows<SignUpRow>(db, `INSERT INTO reg_signup (event_id, user_id, state) VALUES ($1, $2, $3) RETURNING id, user_id, state, seq, created_at, checked_in_at`, [eventId, userId, state]);
    return row as SignUpRow;
  }

  /** The place in the waitlist (1 = next) of a waitlisted sign-up. */
  async position(db: Db, eventId: string, seq: string): Promise<number> {
    const [row] = await rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM reg_signup WHERE event_id = $1 AND state = 'waitlisted' AND seq <= $2`, [eventId, seq]);
    return row?.n ?? 0;
  }

  async cancel(db: Db, signUpId: string): Promise<void> {
    await db.query(`UPDATE reg_signup SET state = 'cancelled', cancelled_at = now() WHERE id = $1`, [signUpId]);
  }

  /** The first of the waitlist becomes registered (in sign-up order); answers whom, or null when nobody waits. */
  async promoteNext(db: Db, eventId: string): Promise<string | null> {
    const [row] = await rows<{ user_id: string }>(
      db,
      `UPDATE reg_signup SET state = 'registered', promoted_at = now()
        WHERE id = (SELECT id FROM reg_signup WHERE event_id = $1 AND state = 'waitlisted' ORDER BY seq LIMIT 1) RETURNING user_id`,
      [eventId],
    );
    return row?.user_id ?? null;
  }

  /** Checks a registered student in, once: answers false when they were checked in already. */
  async checkIn(db: Db, signUpId: string): Promise<boolean> {
    return (await rows(db, `UPDATE reg_signup SET checked_in_at = now() WHERE id = $1 AND checked_in_at IS NULL RETURNING id`, [signUpId])).length > 0;
  }

  /** Registered first, then the waitlist in order; with each student's class. */
  roster(db: Db, eventId: string): Promise<{ user_id: string; name: string; account: string; class_name: string; state: 'registered' | 'waitlisted'; seq: string; created_at: Date; checked_in_at: Date | null }[]> {
    return rows(
      db,
      `SELECT r.user_id, u.name, u.account, coalesce(c.name, '') AS class_name, r.state, r.seq, r.created_at, r.checked_in_at
         FROM reg_signup r JOIN sys_user u ON u.id = r.user_id LEFT JOIN student st ON st.user_id = r.user_id LEFT JOIN admin_class c ON c.id = st.class_id
        WHERE r.event_id = $1 AND r.state <> 'cancelled' ORDER BY r.state = 'waitlisted', r.seq`,
      [eventId],
    );
  }

  /** The caller's live sign-ups of the given events (their state and place on the page's list). */
  mineAmong(db: Db, userId: string, eventIds: readonly string[]): Promise<{ event_id: string; state: 'registered' | 'waitlisted'; position: number | null; checked_in_at: Date | null }[]> {
    return rows(
      db,
      `SELECT r.event_id, r.state, r.checked_in_at,
              CASE WHEN r.state = 'waitlisted' THEN (SELECT count(*)::int FROM reg_signup w WHERE w.event_id = r.event_id AND w.state = 'waitlisted' AND w.seq <= r.seq) END AS position
         FROM reg_signup r WHERE r.user_id = $1 AND r.event_id = ANY($2::uuid[]) AND r.state <> 'cancelled'`,
      [userId, eventIds],
    );
  }

  mine(db: Db, userId: string): Promise<{ event_id: string; kind: EventKind; title: string; place: string; start_at: Date; state: 'registered' | 'waitlisted'; position: number | null; checked_in_at: Date | null }[]> {
    return rows(
      db,
      `SELECT e.id AS event_id, e.kind, e.title, e.place, e.start_at, r.state, r.checked_in_at,
              CASE WHEN r.state = 'waitlisted' THEN (SELECT count(*)::int FROM reg_signup w WHERE w.event_id = r.event_id AND w.state = 'waitlisted' AND w.seq <= r.seq) END AS position
         FROM reg_signup r JOIN reg_event e ON e.id = r.event_id WHERE r.user_id = $1 AND r.state <> 'cancelled' ORDER BY e.start_at DESC`,
      [userId],
    );
  }

  /** Lectures the user was checked in at within the current semester's working dates. */
  async lecturesAttended(db: Db, userId: string): Promise<number> {
    const [row] = await rows<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM reg_signup r JOIN reg_event e ON e.id = r.event_id
        WHERE r.user_id = $1 AND e.kind = 'lecture' AND r.checked_in_at IS NOT NULL
          AND e.start_at::date BETWEEN coalesce((SELECT work_start FROM semester WHERE is_current), '-infinity'::date) AND coalesce((SELECT work_end FROM semester WHERE is_current), 'infinity'::date)`,
      [userId],
    );
    return row?.n ?? 0;
  }
}
