import { Injectable } from '@nestjs/common';
import type { Language, SoftScore, TimetableSource, TimetableState, TimetableVersion, UnplacedLesson } from '@schoolflow/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { TimetableErrors } from '../timetable.errors.js';
import { boundLocalName } from '../../infrastructure/database/local-name.js';
import type { UnplacedRecord } from './schedule-input.js';

type Db = Pick<EntityManager, 'query'>;

/** A timetable's row as the module decides on it. */
export interface VersionRow {
  id: string;
  semesterId: string;
  name: string;
  state: TimetableState;
  source: TimetableSource;
  jobId: string | null;
}

/** A lesson as written to a timetable. */
export interface LessonRow {
  weekday: number;
  period: number;
  classId: string | null;
  teachingClassId: string | null;
  courseId: string;
  teacherId: string;
  classroomId: string | null;
}

// What an automatic timetable left out, kept as ids (`UnplacedRecord`), named in the reader's language (`$2`).
const UNPLACED = `
  (SELECT json_agg(json_build_object('section', coalesce(${boundLocalName('c', '$2')}, tc.name, ''), 'course', coalesce(${boundLocalName('co', '$2')}, ''), 'teacher', coalesce(u.name, ''),
                                     'count', (e.v->>'count')::int, 'reason', e.v->>'reason') ORDER BY e.ord)
     FROM jsonb_array_elements(t.unplaced) WITH ORDINALITY AS e(v, ord)
     LEFT JOIN admin_class c ON c.id = (e.v->>'sectionId')::uuid LEFT JOIN teaching_class tc ON tc.id = (e.v->>'sectionId')::uuid
     LEFT JOIN course co ON co.id = (e.v->>'courseId')::uuid LEFT JOIN sys_user u ON u.id = (e.v->>'teacherId')::uuid)`;

const LIST_SQL = `
  SELECT t.id, t.semester_id AS "semesterId", t.name, t.source, t.state, t.score,
         CASE WHEN t.unplaced IS NULL THEN NULL ELSE coalesce(${UNPLACED}, '[]') END AS unplaced, t.job_id AS "jobId", j.state AS "jobState",
         u.name AS "createdBy", t.created_at AS "createdAt", t.published_at AS "publishedAt",
         (SELECT count(*)::int FROM timetable_lesson l WHERE l.timetable_id = t.id) AS lessons
    FROM timetable t JOIN sys_user u ON u.id = t.created_by LEFT JOIN sys_job j ON j.id = t.job_id`;

/**
 * A semester's timetables (docs/adr/0026): drafts made by hand or by the scheduler, at most one published — the
 * semester's — and those it replaced, archived. Publishing archives the one before in the same transaction, under a
 * lock on the semester's timetables, so two publishes at once leave one published.
 */
@Injectable()
export class TimetableVersionsRepository {
  constructor(private readonly db: DataSource) {}

  async list(semesterId: string, lang: Language): Promise<TimetableVersion[]> {
    const rows = (await this.db.query(`${LIST_SQL} WHERE t.semester_id = $1 ORDER BY (t.state = 'published') DESC, t.created_at DESC`, [semesterId, lang])) as (TimetableVersion & { score: SoftScore | null; unplaced: UnplacedLesson[] | null })[];
    return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString(), publishedAt: r.publishedAt ? new Date(r.publishedAt).toISOString() : null }));
  }

  async one(id: string, lang: Language): Promise<TimetableVersion | null> {
    const [row] = (await this.db.query(`${LIST_SQL} WHERE t.id = $1`, [id, lang])) as TimetableVersion[];
    return row ? { ...row, createdAt: new Date(row.createdAt).toISOString(), publishedAt: row.publishedAt ? new Date(row.publishedAt).toISOString() : null } : null;
  }

  /** The row (404 when there is none), locked for the caller's transaction when asked. */
  async get(db: Db, id: string, lock = false): Promise<VersionRow> {
    const [row] = (await db.query(
      `SELECT id, semester_id AS "semesterId", name, state, source, job_id AS "jobId" FROM timetable WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
      [id],
    )) as VersionRow[];
    if (!row) throw TimetableErrors.timetableNotFound();
    return row;
  }

  /** The draft to change (404, or 422 when published or archived, or while the scheduler is still filling it). */
  async draft(db: Db, id: string): Promise<VersionRow> {
    const row = await this.get(db, id, true);
    if (row.state !== 'draft') throw TimetableErrors.notDraft();
    await this.notBeingMade(db, row);
    return row;
  }

  /**
   * 422 while the scheduler's job for this timetable is queued or running: its result replaces every lesson, so a change
   * by hand meanwhile would be lost, and a deleted draft would leave the job nothing to fill.
   */
  async notBeingMade(db: Db, row: VersionRow): Promise<void> {
    if (!row.jobId) return;
    const [job] = (await db.query(`SELECT state FROM sys_job WHERE id = $1`, [row.jobId])) as { state: string }[];
    if (job && (job.state === 'queued' || job.state === 'running')) throw TimetableErrors.scheduleRunning();
  }

  /** The semester's published timetable, or null. */
  async published(db: Db, semesterId: string): Promise<VersionRow | null> {
    const [row] = (await db.query(`SELECT id, semester_id AS "semesterId", name, state, source, job_id AS "jobId" FROM timetable WHERE semester_id = $1 AND state = 'published'`, [semesterId])) as VersionRow[];
    return row ?? null;
  }

  /** A new draft, empty or with another timetable's lessons (one statement each). */
  async create(db: Db, v: { semesterId: string; name: string; source: TimetableSource; createdBy: string; copyOf?: string | null; jobId?: string | null }): Promise<string> {
    const [row] = (await db.query(`INSERT INTO timetable (semester_id, name, source, created_by, job_id) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [v.semesterId, v.name, v.source, v.createdBy, v.jobId ?? null])) as { id: string }[];
    const id = (row as { id: string }).id;
    if (v.copyOf) {
      await db.query(
        `INSERT INTO timetable_lesson (timetable_id, weekday, period, class_id, teaching_class_id, course_id, teacher_id, classroom_id)
         SELECT $1, weekday, period, class_id, teaching_class_id, course_id, teacher_id, classroom_id FROM timetable_lesson WHERE timetable_id = $2`,
        [id, v.copyOf],
      );
    }
    return id;
  }

  async remove(db: Db, id: string): Promise<void> {
    await db.query(`DELETE FROM timetable WHERE id = $1 AND state <> 'published'`, [id]);
  }

  /** Publishes a draft: the semester's published one is archived first. Answers the one archived, if any. */
  async publish(db: Db, id: string, userId: string): Promise<string | null> {
    const row = await this.get(db, id, true);
    // every timetable of the semester, locked: two publishes of one semester wait for each other
    await db.query(`SELECT id FROM timetable WHERE semester_id = $1 FOR UPDATE`, [row.semesterId]);
    if (row.state !== 'draft') throw TimetableErrors.notDraft();
    const [{ n }] = (await db.query(`SELECT count(*)::int AS n FROM timetable_lesson WHERE timetable_id = $1`, [id])) as [{ n: number }];
    if (n === 0) throw TimetableErrors.publishEmpty();
    const archived = (await db.query(`UPDATE timetable SET state = 'archived' WHERE semester_id = $1 AND state = 'published' RETURNING id`, [row.semesterId])) as [{ id: string }[], number];
    await db.query(`UPDATE timetable SET state = 'published', published_at = now(), published_by = $2 WHERE id = $1`, [id, userId]);
    return archived[0][0]?.id ?? null;
  }

  /** An automatic timetable's outcome: its score and what it left out. */
  async setOutcome(db: Db, id: string, score: SoftScore, unplaced: readonly UnplacedRecord[]): Promise<void> {
    await db.query(`UPDATE timetable SET score = $2, unplaced = $3 WHERE id = $1`, [id, JSON.stringify(score), JSON.stringify(unplaced)]);
  }

  /** Replaces every lesson of a timetable (the scheduler's result), set-based. */
  async replaceLessons(db: Db, id: string, lessons: readonly LessonRow[]): Promise<void> {
    await db.query(`DELETE FROM timetable_lesson WHERE timetable_id = $1`, [id]);
    await insertLessons(db, id, lessons);
  }
}

/** Lessons written in one statement (a school's week is a few thousand rows). */
export async function insertLessons(db: Db, timetableId: string, lessons: readonly LessonRow[]): Promise<void> {
  if (lessons.length === 0) return;
  await db.query(
    `INSERT INTO timetable_lesson (timetable_id, weekday, period, class_id, teaching_class_id, course_id, teacher_id, classroom_id)
     SELECT $1, r.weekday, r.period, r."classId", r."teachingClassId", r."courseId", r."teacherId", r."classroomId"
       FROM jsonb_to_recordset($2::jsonb) AS r(weekday int, period int, "classId" uuid, "teachingClassId" uuid, "courseId" uuid, "teacherId" uuid, "classroomId" uuid)`,
    [timetableId, JSON.stringify(lessons)],
  );
}
