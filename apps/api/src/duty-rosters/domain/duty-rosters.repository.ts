import { Injectable } from '@nestjs/common';
import { type DutyAbsence, type DutyAbsenceValues, type DutyAssignment, type DutyCandidate, type DutyPost, type DutyPostValues, type DutyRosterSummary, type DutyRosterValues, type Language, STAFF_USER_TYPES } from '@schoolflow/contracts';
import { localName } from '../../infrastructure/database/local-name.js';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';

export type { Db };

/** A duty's row as the pages read it, times in school time (`$tz`). */
export const ASSIGNMENT_SQL = (tz: string) => `SELECT a.id, a.roster_id AS "rosterId", r.title AS "rosterTitle", a.post_id AS "postId",
       json_build_object('zh', p.name, 'en', coalesce(nullif(p.name_en, ''), p.name)) AS post,
       to_char(a.duty_date, 'YYYY-MM-DD') AS date,
       to_char(a.starts_at AT TIME ZONE ${tz}, 'YYYY-MM-DD HH24:MI') AS "startsAt",
       to_char(a.ends_at AT TIME ZONE ${tz}, 'YYYY-MM-DD HH24:MI') AS "endsAt",
       a.teacher_id AS "teacherId", u.name AS "teacherName",
       (SELECT s.instance_id FROM duty_swap s WHERE s.assignment_id = a.id AND s.status = 'pending' LIMIT 1) AS "swapInstanceId"
  FROM duty_assignment a JOIN duty_roster r ON r.id = a.roster_id JOIN duty_post p ON p.id = a.post_id JOIN sys_user u ON u.id = a.teacher_id`;

const POST_SQL = `SELECT id, code, json_build_object('zh', name, 'en', coalesce(nullif(name_en, ''), name)) AS name, to_char(start_time, 'HH24:MI') AS start, to_char(end_time, 'HH24:MI') AS "end" FROM duty_post`;
const ROSTER_SQL = `SELECT r.id, r.title, to_char(r.from_date, 'YYYY-MM-DD') AS "fromDate", to_char(r.to_date, 'YYYY-MM-DD') AS "toDate", r.status,
       (SELECT count(*)::int FROM duty_assignment a WHERE a.roster_id = r.id) AS slots FROM duty_roster r`;

/** A slot's write: its post's time on its day, as instants (an end not after the start is the next morning's). */
export interface SlotWrite {
  postId: string;
  date: string;
  teacherId: string;
}

/** The statements of 值岗安排 (tables of migration 1732000063000). */
@Injectable()
export class DutyRostersRepository {
  posts(db: Db, ids?: readonly string[]): Promise<DutyPost[]> {
    return ids ? rows<DutyPost>(db, `${POST_SQL} WHERE enabled AND id = ANY($1::uuid[]) ORDER BY sort, code`, [ids]) : rows<DutyPost>(db, `${POST_SQL} WHERE enabled ORDER BY sort, code`);
  }

  /** The enabled posts and, disabled or not, those a roster's duties name (a post disabled later still heads its column). */
  postsOf(db: Db, rosterId: string): Promise<DutyPost[]> {
    return rows<DutyPost>(db, `${POST_SQL} WHERE enabled OR id IN (SELECT post_id FROM duty_assignment WHERE roster_id = $1) ORDER BY sort, code`, [rosterId]);
  }

  async insertPost(db: Db, v: DutyPostValues): Promise<DutyPost> {
    const [row] = await rows<{ id: string }>(
      db,
      `INSERT INTO duty_post (code, name, name_en, start_time, end_time, sort) VALUES ('P' || upper(substr(md5(random()::text), 1, 8)), $1, $2, $3::time, $4::time, (SELECT coalesce(max(sort), 0) + 1 FROM duty_post)) RETURNING id`,
      [v.name, v.nameEn, v.start, v.end],
    );
    const [post] = await rows<DutyPost>(db, `${POST_SQL} WHERE id = $1`, [row?.id]);
    return post as DutyPost;
  }

  rosters(db: Db, withDrafts: boolean): Promise<DutyRosterSummary[]> {
    return rows<DutyRosterSummary>(db, `${ROSTER_SQL} ${withDrafts ? '' : `WHERE r.status = 'published'`} ORDER BY r.from_date DESC, r.created_at DESC LIMIT 100`);
  }

  async roster(db: Db, id: string, lock = false): Promise<DutyRosterSummary | null> {
    const [row] = await rows<DutyRosterSummary>(db, `${ROSTER_SQL} WHERE r.id = $1${lock ? ' FOR UPDATE OF r' : ''}`, [id]);
    return row ?? null;
  }

  async insertRoster(db: Db, v: DutyRosterValues, userId: string): Promise<string> {
    const [row] = await rows<{ id: string }>(db, `INSERT INTO duty_roster (title, from_date, to_date, created_by) VALUES ($1, $2::date, $3::date, $4) RETURNING id`, [v.title, v.fromDate, v.toDate, userId]);
    return (row as { id: string }).id;
  }

  assignments(db: Db, tz: string, where: string, params: unknown[]): Promise<DutyAssignment[]> {
    return rows<DutyAssignment>(db, `${ASSIGNMENT_SQL('$1::text')} WHERE ${where} ORDER BY a.starts_at, p.sort`, [tz, ...params]);
  }

  /**
   * Enabled staff among `ids` (all of them when `ids` is absent), by name; departments in `lang` — the staff picker
   * shows them, the handlers only check who exists.
   */
  staff(db: Db, ids?: readonly string[], lang: Language = 'zh'): Promise<DutyCandidate[]> {
    return rows<DutyCandidate>(
      db,
      `SELECT u.id, u.name, ${localName('d.name', lang)} AS department FROM sys_user u LEFT JOIN org_department d ON d.id = u.department_id
        WHERE u.enabled AND u.user_type = ANY($1::text[]) ${ids ? 'AND u.id = ANY($2::uuid[])' : ''} ORDER BY u.account`,
      ids ? [STAFF_USER_TYPES, ids] : [STAFF_USER_TYPES],
    );
  }

  /** Who is busy on which days of a range: recorded leave, or a duty already held (outside `exceptRoster`). */
  async busy(db: Db, teacherIds: readonly string[], from: string, to: string, exceptRoster: string | null): Promise<{ teacherId: string; date: string }[]> {
    return rows<{ teacherId: string; date: string }>(
      db,
      `SELECT teacher_id AS "teacherId", to_char(d, 'YYYY-MM-DD') AS date FROM duty_absence, generate_series(greatest(from_date, $2::date), least(to_date, $3::date), '1 day') d
        WHERE teacher_id = ANY($1::uuid[]) AND from_date <= $3::date AND to_date >= $2::date
       UNION
       SELECT teacher_id, to_char(duty_date, 'YYYY-MM-DD') FROM duty_assignment
        WHERE teacher_id = ANY($1::uuid[]) AND duty_date BETWEEN $2::date AND $3::date AND roster_id IS DISTINCT FROM $4::uuid`,
      [teacherIds, from, to, exceptRoster],
    );
  }

  /** How many duties each teacher holds in other rosters (the rotation evens out over them). */
  async load(db: Db, teacherIds: readonly string[], exceptRoster: string): Promise<Record<string, number>> {
    const r = await rows<{ id: string; n: number }>(db, `SELECT teacher_id AS id, count(*)::int AS n FROM duty_assignment WHERE teacher_id = ANY($1::uuid[]) AND roster_id <> $2 GROUP BY teacher_id`, [teacherIds, exceptRoster]);
    return Object.fromEntries(r.map((x) => [x.id, x.n]));
  }

  /** Another roster's slot on these posts and days (the first), or null. */
  async taken(db: Db, rosterId: string, postIds: readonly string[], from: string, to: string): Promise<string | null> {
    const [row] = await rows<{ title: string }>(
      db,
      `SELECT r.title FROM duty_assignment a JOIN duty_roster r ON r.id = a.roster_id WHERE a.post_id = ANY($1::uuid[]) AND a.duty_date BETWEEN $2::date AND $3::date AND a.roster_id <> $4 LIMIT 1`,
      [postIds, from, to, rosterId],
    );
    return row?.title ?? null;
  }

  clear(db: Db, rosterId: string): Promise<unknown> {
    return db.query(`DELETE FROM duty_assignment WHERE roster_id = $1`, [rosterId]);
  }

  clearSlot(db: Db, rosterId: string, postId: string, date: string): Promise<unknown> {
    return db.query(`DELETE FROM duty_assignment WHERE roster_id = $1 AND post_id = $2 AND duty_date = $3::date`, [rosterId, postId, date]);
  }

  /** Slots written with their post's instants in the school's time zone; one statement. */
  insertSlots(db: Db, rosterId: string, slots: readonly SlotWrite[], tz: string): Promise<unknown> {
    if (slots.length === 0) return Promise.resolve();
    return db.query(
      `INSERT INTO duty_assignment (roster_id, post_id, duty_date, teacher_id, starts_at, ends_at)
       SELECT $1, s.post_id, s.day, s.teacher_id, (s.day + p.start_time) AT TIME ZONE $5::text,
              (s.day + CASE WHEN p.end_time > p.start_time THEN 0 ELSE 1 END + p.end_time) AT TIME ZONE $5::text
         FROM unnest($2::uuid[], $3::date[], $4::uuid[]) AS s(post_id, day, teacher_id) JOIN duty_post p ON p.id = s.post_id`,
      [rosterId, slots.map((s) => s.postId), slots.map((s) => s.date), slots.map((s) => s.teacherId), tz],
    );
  }

  publish(db: Db, rosterId: string): Promise<unknown> {
    return db.query(`UPDATE duty_roster SET status = 'published', published_at = now() WHERE id = $1`, [rosterId]);
  }

  absences(db: Db): Promise<DutyAbsence[]> {
    return rows<DutyAbsence>(
      db,
      `SELECT a.id, a.teacher_id AS "teacherId", u.name AS "teacherName", to_char(a.from_date, 'YYYY-MM-DD') AS "fromDate", to_char(a.to_date, 'YYYY-MM-DD') AS "toDate", a.reason
         FROM duty_absence a JOIN sys_user u ON u.id = a.teacher_id WHERE a.to_date >= current_date - 31 ORDER BY a.from_date DESC LIMIT 200`,
    );
  }

  async insertAbsence(db: Db, v: DutyAbsenceValues, userId: string): Promise<string> {
    const [row] = await rows<{ id: string }>(db, `INSERT INTO duty_absence (teacher_id, from_date, to_date, reason, created_by) VALUES ($1, $2::date, $3::date, $4, $5) RETURNING id`, [v.teacherId, v.fromDate, v.toDate, v.reason, userId]);
    return (row as { id: string }).id;
  }

  /** Each teacher of a roster and how many duties they hold in it. */
  teachersOf(db: Db, rosterId: string): Promise<{ teacherId: string; n: number }[]> {
    return rows<{ teacherId: string; n: number }>(db, `SELECT teacher_id AS "teacherId", count(*)::int AS n FROM duty_assignment WHERE roster_id = $1 GROUP BY teacher_id`, [rosterId]);
  }
}
