import { Injectable } from '@nestjs/common';
import type { Audience } from '@schoolflow/contracts';
import type { FileRow } from '../../../files/domain/file-store.js';
import { AUDIENCE_CANDIDATES, audienceParams } from '../../../publishing/domain/posts.repository.js';
import { planOfAudience } from '../../../publishing/domain/audience-plan.js';
import type { DataSource } from 'typeorm';
import { deviceKey } from './device-token.js';
import { type Db, rows } from '../../../infrastructure/database/query-rows.js';

export type { Db };


/** A questionnaire as answering decides on it. */
export interface SurveyHead {
  id: string;
  name: string;
  description: string;
  category: string;
  start_at: Date;
  end_at: Date;
  anonymous: boolean;
  is_public: boolean;
  audience: Audience | null;
  enabled: boolean;
  published: boolean;
  author_id: string;
  response_count: number;
  category_name: string | null;
  category_name_en: string | null;
  /** Whether it is open now by the database's clock (the window's one judge). */
  open_now: boolean;
  not_started: boolean;
  /** Its last change (content, questions, end): the key its cached questions are kept under (PaperBuilder). */
  updated_at: Date;
  /** Whether the device token's digest asked about (`head(db, id, digest)`) was issued for it; false when none was. */
  device_known: boolean;
}

/** A question as stored (surveys' migration): options, rows and show-if as jsonb. */
export interface StoredQuestion {
  id: string;
  position: number;
  type: 'single' | 'multiple' | 'text' | 'rating' | 'matrix' | 'date';
  title: string;
  required: boolean;
  options: { label: string; picture?: string | null }[];
  min: number | null;
  max: number | null;
  rows: string[];
  rows_source: 'myTeachers' | null;
  show_if: { question: number; options: number[] } | null;
}

/** One stored value of an answer (survey_answer's columns). */
export interface AnswerCell {
  questionId: string;
  optionIndex: number | null;
  rowIndex: number | null;
  rowRef: string | null;
  number: number | null;
  text: string | null;
  date: string | null;
}

/** Where the respondent sits, for the results' breakdowns: their class (a parent: the child's) and its grade. */
export interface Seat {
  classId: string | null;
  grade: number | null;
}

/** A teacher a matrix's rows name (`rowsSource: 'myTeachers'`). */
export interface TeacherRow {
  id: string;
  name: string;
}

/**
 * `$device`: the parameters holding a device token's digest and its respondent key (or 'null'), answered as
 * `device_known` — issued for this questionnaire, or (its issue swept after the end: SurveyDeviceSweep) having answered it.
 */
const head = (device: string) => `SELECT s.id, s.name, s.description, s.category, s.start_at, s.end_at, s.anonymous, s.is_public, s.audience, s.enabled,
                     s.published, s.author_id, s.response_count, d.name AS category_name, d.name_en AS category_name_en,
                     (now() >= s.start_at AND now() < s.end_at) AS open_now, now() < s.start_at AS not_started, s.updated_at,
                     ${device === 'null' ? 'false' : `(EXISTS (SELECT 1 FROM survey_device v WHERE v.token_hash = $2 AND v.survey_id = s.id) OR EXISTS (SELECT 1 FROM survey_participation p WHERE p.survey_id = s.id AND p.respondent_key = $3))`} AS device_known
                FROM survey s LEFT JOIN sys_dict d ON d.dict_type = 'STD_SURVEY_CATEGORY' AND d.code = s.category`;
const HEAD = head('null');

/** Every statement of answering (no SQL in handlers or controllers). */
@Injectable()
export class AnsweringRepository {
  /**
   * The questionnaire; with a device token's digest, whether that token was issued for it too — in the same statement,
   * since every public answer needs both (one round trip less per request in a rush).
   */
  async head(db: Db, id: string, device: Buffer | null = null): Promise<SurveyHead | null> {
    const [row] = device ? await rows<SurveyHead>(db, `${head('$2')} WHERE s.id = $1`, [id, device, deviceKey(device)]) : await rows<SurveyHead>(db, `${HEAD} WHERE s.id = $1`, [id]);
    return row ?? null;
  }

  async questions(db: Db, surveyId: string): Promise<StoredQuestion[]> {
    return rows<StoredQuestion>(
      db,
      `SELECT id, position, type, title, required, options, min, max, rows, rows_source, show_if FROM survey_question WHERE survey_id = $1 ORDER BY position`,
      [surveyId],
    );
  }

  /** Open public questionnaires (published, in use, inside their window), ending soonest first. */
  async openPublic(db: Db): Promise<SurveyHead[]> {
    return rows<SurveyHead>(db, `${HEAD} WHERE s.is_public AND s.published AND s.enabled AND now() >= s.start_at AND now() < s.end_at ORDER BY s.end_at, s.name LIMIT 200`);
  }

  /** Published questionnaires in use whose window has not ended, addressed to a signed-in audience or the public. */
  async published(db: Db): Promise<SurveyHead[]> {
    return rows<SurveyHead>(db, `${HEAD} WHERE s.published AND s.enabled AND now() < s.end_at ORDER BY s.end_at, s.name LIMIT 500`);
  }

  /** `n` more views (PaperViews adds them up and writes once a second). */
  async addViews(db: Db, id: string, n: number): Promise<void> {
    await db.query(`UPDATE survey SET view_count = view_count + $2 WHERE id = $1`, [id, n]);
  }

  /**
   * Whether `userId` is among the recipients the audience reaches now — publishing's resolution
   * (AUDIENCE_CANDIDATES), so a questionnaire and a notice to the same audience reach the same people — and where
   * they sit (a student's class, a parent's child's class). Null: not a recipient.
   */
  async recipientSeat(db: Db, audience: Audience, userId: string): Promise<Seat | null> {
    const [row] = await rows<{ class_id: string | null; grade: number | null }>(
      db,
      `${AUDIENCE_CANDIDATES}
       SELECT c.class_id, ac.grade FROM candidates c JOIN sys_user u ON u.id = c.user_id LEFT JOIN admin_class ac ON ac.id = c.class_id
        WHERE c.user_id = $10 AND u.enabled ORDER BY c.rank, c.student_id LIMIT 1`,
      [...audienceParams(planOfAudience(audience)), userId],
    );
    return row ? { classId: row.class_id, grade: row.grade } : null;
  }

  /** Where a signed-in user sits when no audience says it (a public questionnaire): their own class, or their first child's. */
  async seatOf(db: Db, userId: string): Promise<Seat> {
    const [row] = await rows<{ class_id: string | null; grade: number | null }>(
      db,
      `SELECT s.class_id, c.grade FROM student s LEFT JOIN admin_class c ON c.id = s.class_id
        WHERE s.user_id = $1 OR s.id IN (SELECT student_id FROM guardian WHERE user_id = $1)
        ORDER BY (s.user_id = $1) DESC NULLS LAST, s.id LIMIT 1`,
      [userId],
    );
    return { classId: row?.class_id ?? null, grade: row?.grade ?? null };
  }

  /**
   * The teachers of a class this semester — its head teacher and everyone assigned to teach it — by name: the rows of
   * a `myTeachers` matrix. The class's own, so a student rates only the teachers they have.
   */
  async teachersOf(db: Db, classId: string): Promise<TeacherRow[]> {
    return rows<TeacherRow>(
      db,
      `SELECT u.id, u.name FROM sys_user u
        WHERE u.id IN (SELECT head_teacher_id FROM admin_class WHERE id = $1
                       UNION SELECT a.teacher_id FROM teaching_assignment a JOIN semester m ON m.id = a.semester_id AND m.is_current WHERE a.class_id = $1)
        ORDER BY u.name, u.id`,
      [classId],
    );
  }

  /** An option picture of this questionnaire (linked to it by management), as the files module keeps it. */
  async picture(db: Db, surveyId: string, resId: string): Promise<FileRow | null> {
    const [row] = await rows<FileRow>(
      db,
      `SELECT f.res_id, f.owner_id, f.res_name, f.res_suffix, f.mime, f.size, f.storage_name FROM sys_file f
        WHERE f.res_id = $2 AND f.removed_at IS NULL
          AND EXISTS (SELECT 1 FROM sys_file_link l WHERE l.res_id = f.res_id AND l.ref_type = 'survey' AND l.ref_id = $1)`,
      [surveyId, resId],
    );
    return row ?? null;
  }

  /** A device token issued with a public paper: only its digest is kept. */
  async issueDevice(db: Db, surveyId: string, digest: Buffer, address: string): Promise<void> {
    await db.query(`INSERT INTO survey_device (token_hash, survey_id, address) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [digest, surveyId, address.slice(0, 100)]);
  }

  /**
   * Forgets up to `batch` device tokens of questionnaires that ended more than a day ago (SurveyDeviceSweep); the
   * devices that answered stay known by their claim. Answers how many went.
   */
  async sweepDevices(db: Db, batch: number): Promise<number> {
    const gone = await rows(
      db,
      `DELETE FROM survey_device d USING (
         SELECT v.token_hash FROM survey s JOIN survey_device v ON v.survey_id = s.id WHERE s.end_at < now() - interval '1 day' LIMIT $1
       ) old WHERE d.token_hash = old.token_hash RETURNING 1`,
      [batch],
    );
    return gone.length;
  }

  /** Respondent keys among `keys` that have answered (the signed-in list's "answered"). */
  async answered(db: Db, surveyIds: readonly string[], key: string): Promise<Set<string>> {
    const found = await rows<{ survey_id: string }>(db, `SELECT survey_id FROM survey_participation WHERE survey_id = ANY($1::uuid[]) AND respondent_key = $2`, [surveyIds, key]);
    return new Set(found.map((r) => r.survey_id));
  }

  /**
   * Stores the respondent's one answer in one statement (its own transaction): the participation row claims it — its
   * primary key is the guard, so of two submits at once (a double click, a replayed token) one inserts and the other
   * waits on that row and then finds it, in the database, not by a read before the write — and only a claim that
   * inserted writes the response and its answer rows. An anonymous questionnaire's response names no one (no user, no
   * key); its seat (class, grade) is kept for the breakdowns. False: already answered, nothing written.
   */
  async answer(db: Db, r: { surveyId: string; respondentKey: string; userId: string | null; responseKey: string | null; seat: Seat; cells: readonly AnswerCell[] }): Promise<boolean> {
    const c = r.cells;
    const stored = await rows(
      db,
      `WITH claim AS (
         INSERT INTO survey_participation (survey_id, respondent_key) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING survey_id
       ), response AS (
         INSERT INTO survey_response (survey_id, user_id, respondent_key, class_id, grade) SELECT survey_id, $3, $4, $5, $6 FROM claim RETURNING id
       ), answers AS (
         INSERT INTO survey_answer (response_id, survey_id, question_id, option_index, row_index, row_ref, number, text, date)
         SELECT response.id, $1, a.* FROM response, unnest($7::uuid[], $8::int[], $9::int[], $10::uuid[], $11::numeric[], $12::text[], $13::date[]) AS a
       )
       SELECT 1 FROM response`,
      [
        r.surveyId,
        r.respondentKey,
        r.userId,
        r.responseKey,
        r.seat.classId,
        r.seat.grade,
        c.map((x) => x.questionId),
        c.map((x) => x.optionIndex),
        c.map((x) => x.rowIndex),
        c.map((x) => x.rowRef),
        c.map((x) => x.number),
        c.map((x) => x.text),
        c.map((x) => x.date),
      ],
    );
    return stored.length > 0;
  }

  /**
   * Whether the respondent has answered, waiting for an answer of theirs still being stored (a claim attempted and
   * rolled back: it waits on an uncommitted claim's row lock like the answer itself would) — so a refusal names
   * "already submitted" rather than another reason when a double click's first submit is still in flight.
   */
  async claimed(db: DataSource, surveyId: string, respondentKey: string): Promise<boolean> {
    const runner = db.createQueryRunner();
    try {
      await runner.startTransaction();
      const free = await rows(runner, `INSERT INTO survey_participation (survey_id, respondent_key) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`, [surveyId, respondentKey]);
      return free.length === 0;
    } finally {
      await runner.rollbackTransaction().catch(() => undefined);
      await runner.release();
    }
  }

  /** The stored count made the committed responses' again (one writer at a time: AnsweredCounts); with the author it goes to. */
  async recount(tx: Db, surveyId: string): Promise<{ count: number; authorId: string } | null> {
    const [row] = await rows<{ response_count: number; author_id: string }>(
      tx,
      `UPDATE survey SET response_count = (SELECT count(*) FROM survey_response WHERE survey_id = $1) WHERE id = $1 RETURNING response_count, author_id`,
      [surveyId],
    );
    return row ? { count: Number(row.response_count), authorId: row.author_id } : null;
  }
}
