import { Injectable } from '@nestjs/common';
import type { Audience, AudiencePeopleQuery, AudiencePerson, Language, PostAttachment, PostChild, PostKind, PostListItem, PostState, ReceiptCounts, ReceiptRow, ReceiptClass, ReceiptState, Submission } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { boundLocalName } from '../../infrastructure/database/local-name.js';
import { type AttachedFile, attachmentKind } from './attachment-rules.js';
import type { AudiencePlan } from './audience-plan.js';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';
import { ownUploads } from '../../files/domain/own-uploads.js';
import { likePattern } from '../../infrastructure/database/like-pattern.js';

export type { Db };


/** A post as stored (what the handlers decide on). */
export interface PostRow {
  id: string;
  kind: PostKind;
  title: string;
  state: PostState;
  author_id: string;
  author_name: string;
  require_confirm: boolean;
  require_signature: boolean;
  due_at: Date | null;
  publish_at: Date | null;
  last_reminded_at: Date | null;
  attachments: string[];
  audience: Audience;
}

export interface NewPost {
  kind: PostKind;
  title: string;
  body: string;
  audience: Audience;
  attachments: string[];
  pinned: boolean;
  requireConfirm: boolean;
  requireSignature: boolean;
  courseId: string | null;
  dueAt: Date | null;
  place: string | null;
  startAt: Date | null;
  endAt: Date | null;
  authorId: string;
  publishAt: Date | null;
}

/** A submission as written: its id, whether it is late, and when (the push's source key). */
export interface SubmissionWritten {
  id: string;
  late: boolean;
  updated_at: Date;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/**
 * The recipients an audience plan reaches now, as the CTE `candidates` (user_id, role, student_id, class_id, rank; a
 * user may appear several ways, the lowest rank first wins; disabled accounts are not yet left out): $1–$9 are
 * audienceParams(plan). Publishing snapshots it; questionnaires ask it whether one user is among them
 * (surveys/answering), so the two agree on who an audience is.
 */
export const AUDIENCE_CANDIDATES = `WITH
       live_student AS (SELECT s.* FROM student s WHERE s.status NOT IN ('transferred_out', 'graduated')),
       grouped AS (
         SELECT s.id, s.user_id, s.class_id FROM live_student s JOIN admin_class c ON c.id = s.class_id
          WHERE $1 OR c.grade = ANY($2::int[]) OR s.class_id = ANY($3::uuid[])
             OR s.id IN (SELECT student_id FROM teaching_class_student WHERE teaching_class_id = ANY($4::uuid[]))),
       role_users AS (SELECT ur.user_id FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE r.code = ANY($5::text[])),
       named AS (SELECT unnest($6::uuid[]) AS user_id UNION SELECT user_id FROM role_users),
       named_students AS (SELECT s.id, s.user_id, s.class_id FROM live_student s WHERE s.user_id IN (SELECT user_id FROM named)),
       reached_students AS (SELECT * FROM grouped UNION SELECT * FROM named_students),
       current_semester AS (SELECT id FROM semester WHERE is_current),
       group_classes AS (SELECT c.id FROM admin_class c WHERE c.grade = ANY($2::int[]) OR c.id = ANY($3::uuid[])),
       staff AS (
         SELECT u.id AS user_id FROM sys_user u WHERE $1 AND u.user_type IN ('1', '3')
         UNION SELECT c.head_teacher_id FROM admin_class c WHERE c.id IN (SELECT id FROM group_classes) AND c.head_teacher_id IS NOT NULL
         UNION SELECT a.teacher_id FROM teaching_assignment a WHERE a.class_id IN (SELECT id FROM group_classes) AND a.semester_id IN (SELECT id FROM current_semester)
         UNION SELECT t.teacher_id FROM teaching_class t WHERE t.id = ANY($4::uuid[])),
       candidates AS (
         SELECT user_id, 'student' AS role, id AS student_id, class_id, 1 AS rank FROM grouped WHERE $7 AND user_id IS NOT NULL
         UNION ALL SELECT user_id, 'student', id, class_id, 1 FROM named_students WHERE user_id IS NOT NULL
         UNION ALL SELECT user_id, 'staff', NULL, NULL, 2 FROM staff WHERE $8
         UNION ALL SELECT g.user_id, 'parent', s.id, s.class_id, 3 FROM guardian g JOIN reached_students s ON s.id = g.student_id WHERE $9
         UNION ALL SELECT n.user_id, CASE WHEN u.user_type IN ('1', '3') THEN 'staff' ELSE 'other' END, NULL, NULL, 4 FROM named n JOIN sys_user u ON u.id = n.user_id)`;

export const audienceParams = (p: AudiencePlan): unknown[] => [p.school, p.grades, p.classIds, p.teachingClassIds, p.roles, p.userIds, p.groupStudents, p.groupStaff, p.parents];

/** Posts, their recipients and submissions: every statement of the publishing module (no SQL in handlers). */
@Injectable()
export class PostsRepository {
  constructor(private readonly db: DataSource) {}

  async insert(tx: Db, p: NewPost): Promise<string> {
    const [row] = await rows<{ id: string }>(
      tx,
      `INSERT INTO post (kind, title, body, audience, attachments, pinned, require_confirm, require_signature, course_id, due_at, place, start_at, end_at, author_id, publish_at)
       VALUES ($1, $2, $3, $4, $5::uuid[], $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
      [p.kind, p.title, p.body, JSON.stringify(p.audience), p.attachments, p.pinned, p.requireConfirm, p.requireSignature, p.courseId, p.dueAt, p.place, p.startAt, p.endAt, p.authorId, p.publishAt],
    );
    return (row as { id: string }).id;
  }

  /** The post, locked for the rest of the transaction when asked. */
  async get(db: Db, id: string, lock = false): Promise<PostRow | null> {
    const [row] = await rows<PostRow>(
      db,
      `SELECT p.id, p.kind, p.title, p.state, p.author_id, u.name AS author_name, p.require_confirm, p.require_signature, p.due_at, p.publish_at, p.last_reminded_at, p.attachments, p.audience
         FROM post p JOIN sys_user u ON u.id = p.author_id WHERE p.id = $1 ${lock ? 'FOR UPDATE OF p' : ''}`,
      [id],
    );
    return row ?? null;
  }

  async courseExists(db: Db, id: string): Promise<boolean> {
    return (await rows(db, `SELECT 1 FROM course WHERE id = $1`, [id])).length > 0;
  }

  /**
   * What a post may attach among `ids`, in the order asked: the author's own uploads, and pictures of the albums the
   * author sees (picked from an album in the editor; docs/adr/0066-pictures-and-home-cards.md#publishing-and-the-home-page).
   * Those missing are simply absent.
   */
  async attachableFiles(db: Db, ids: readonly string[], me: { userId: string; roles: readonly string[]; picturesManage: boolean }): Promise<AttachedFile[]> {
    if (ids.length === 0) return [];
    const found = await rows<{ res_id: string; res_name: string; res_suffix: string; mime: string; size: number }>(
      db,
      `SELECT f.res_id, f.res_name, f.res_suffix, f.mime, f.size FROM sys_file f
        WHERE f.res_id = ANY($1::uuid[]) AND f.removed_at IS NULL
          AND (f.owner_id = $2 OR EXISTS (SELECT 1 FROM album_picture ap WHERE ap.res_id = f.res_id AND ap.album_id IN (SELECT pa.album_id FROM picture_albums_of($2, $3::text[], $4) pa)))`,
      [ids, me.userId, me.roles, me.picturesManage],
    );
    const byId = new Map(found.map((f) => [f.res_id, { resId: f.res_id, name: f.res_name, suffix: f.res_suffix, mime: f.mime, size: Number(f.size) }]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The caller's own uploads among `ids` (not removed), in the order asked; those missing are simply absent. */
  ownFiles(db: Db, ids: readonly string[], ownerId: string): Promise<AttachedFile[]> {
    return ownUploads(db, ids, ownerId);
  }

  /** Files kept for a post or a submission: the sweep leaves them, and their readers may download them. */
  async link(tx: Db, ids: readonly string[], refType: 'post' | 'post-submission' | 'post-signature', refId: string): Promise<void> {
    if (ids.length === 0) return;
    await tx.query(`INSERT INTO sys_file_link (res_id, ref_type, ref_id) SELECT unnest($1::uuid[]), $2, $3 ON CONFLICT DO NOTHING`, [ids, refType, refId]);
  }

  async unlinkAll(tx: Db, refType: 'post' | 'post-submission', refId: string): Promise<void> {
    await tx.query(`DELETE FROM sys_file_link WHERE ref_type = $1 AND ref_id = $2`, [refType, refId]);
  }

  async filesOf(db: Db, ids: readonly string[]): Promise<PostAttachment[]> {
    if (ids.length === 0) return [];
    const found = await rows<{ res_id: string; res_name: string; res_suffix: string; mime: string; size: number }>(
      db,
      `SELECT res_id, res_name, res_suffix, mime, size FROM sys_file WHERE res_id = ANY($1::uuid[])`,
      [ids],
    );
    const byId = new Map(found.map((f) => [f.res_id, f]));
    return ids.flatMap((id) => {
      const f = byId.get(id);
      if (!f) return [];
      const file = { resId: f.res_id, name: f.res_name, suffix: f.res_suffix, mime: f.mime, size: Number(f.size) };
      return [{ ...file, kind: attachmentKind(file) ?? 'document' }];
    });
  }

  /** Whether everything the audience names exists (grades of the school, classes, teaching classes, roles, users). */
  async audienceExists(db: Db, p: AudiencePlan): Promise<boolean> {
    const [row] = await rows<{ ok: boolean }>(
      db,
      `SELECT (SELECT count(DISTINCT grade) FROM admin_class WHERE grade = ANY($1::int[])) = cardinality($1::int[])
          AND (SELECT count(*) FROM admin_class WHERE id = ANY($2::uuid[])) = cardinality($2::uuid[])
          AND (SELECT count(*) FROM teaching_class WHERE id = ANY($3::uuid[])) = cardinality($3::uuid[])
          AND (SELECT count(*) FROM sys_role WHERE code = ANY($4::text[])) = cardinality($4::text[])
          AND (SELECT count(*) FROM sys_user WHERE id = ANY($5::uuid[])) = cardinality($5::uuid[]) AS ok`,
      [p.grades, p.classIds, p.teachingClassIds, p.roles, p.userIds],
    );
    return row?.ok === true;
  }

  /**
   * The recipients of a post as the plan resolves them now, written in one INSERT … SELECT (the snapshot: a read
   * rate's fixed denominator). A user reached several ways is one recipient, as the first of student, staff, parent,
   * other; the author is not their own recipient. Answers the user ids.
   */
  async snapshotRecipients(tx: Db, postId: string, p: AudiencePlan, authorId: string): Promise<string[]> {
    const written = await rows<{ user_id: string }>(
      tx,
      `${AUDIENCE_CANDIDATES}
       INSERT INTO post_recipient (post_id, user_id, role, student_id, class_id)
       SELECT DISTINCT ON (c.user_id) $10::uuid, c.user_id, c.role, c.student_id, c.class_id
         FROM candidates c JOIN sys_user u ON u.id = c.user_id
        WHERE u.enabled AND c.user_id <> $11
        ORDER BY c.user_id, c.rank, c.student_id
       ON CONFLICT DO NOTHING
       RETURNING user_id`,
      [...audienceParams(p), postId, authorId],
    );
    return written.map((r) => r.user_id);
  }

  async setState(tx: Db, id: string, state: PostState, extra: { publishedNow?: boolean; publishAt?: Date | null } = {}): Promise<void> {
    await tx.query(
      `UPDATE post SET state = $2, updated_at = now(),
              published_at = CASE WHEN $3 THEN now() ELSE published_at END,
              publish_at = CASE WHEN $4 THEN $5::timestamptz ELSE publish_at END,
              withdrawn_at = CASE WHEN $2 = 'withdrawn' THEN now() ELSE withdrawn_at END
        WHERE id = $1`,
      [id, state, extra.publishedNow === true, extra.publishAt !== undefined, extra.publishAt ?? null],
    );
  }

  async setPinned(db: Db, id: string, pinned: boolean): Promise<void> {
    await db.query(`UPDATE post SET pinned = $2, updated_at = now() WHERE id = $1`, [id, pinned]);
  }

  async delete(tx: Db, id: string): Promise<void> {
    await tx.query(`DELETE FROM sys_file_link WHERE (ref_type = 'post' AND ref_id = $1) OR (ref_type = 'post-submission' AND ref_id IN (SELECT id FROM post_submission WHERE post_id = $1))`, [id]);
    await tx.query(`DELETE FROM post WHERE id = $1`, [id]);
  }

  /** Scheduled posts whose time has come (the sweep's). */
  async due(db: Db): Promise<string[]> {
    return (await rows<{ id: string }>(db, `SELECT id FROM post WHERE state = 'scheduled' AND publish_at <= now() ORDER BY publish_at LIMIT 500`)).map((r) => r.id);
  }

  async recipient(db: Db, postId: string, userId: string): Promise<{ role: string; read_at: Date | null; confirmed_at: Date | null } | null> {
    const [row] = await rows<{ role: string; read_at: Date | null; confirmed_at: Date | null }>(db, `SELECT role, read_at, confirmed_at FROM post_recipient WHERE post_id = $1 AND user_id = $2`, [postId, userId]);
    return row ?? null;
  }

  /** Records the first read; answers whether this was it. */
  async markRead(tx: Db, postId: string, userId: string): Promise<boolean> {
    return (await rows(tx, `UPDATE post_recipient SET read_at = now() WHERE post_id = $1 AND user_id = $2 AND read_at IS NULL RETURNING user_id`, [postId, userId])).length > 0;
  }

  /**
   * A confirmation: the caller's own row, and — a parent confirming — the rows of their children among the recipients
   * (`studentIds`; the confirmation counts for the child), each with the signature it came with. Answers how many
   * rows changed.
   */
  async confirm(tx: Db, postId: string, userId: string, studentIds: readonly string[], signatureId: string | null): Promise<number> {
    const changed = await rows(
      tx,
      `UPDATE post_recipient r SET confirmed_at = now(), read_at = coalesce(r.read_at, now()), confirmed_by = $2, signature_id = $4
        WHERE r.post_id = $1 AND r.confirmed_at IS NULL
          AND (r.user_id = $2 OR (r.role = 'student' AND r.student_id = ANY($3::uuid[])))
        RETURNING r.user_id`,
      [postId, userId, studentIds, signatureId],
    );
    return changed.length;
  }

  /** The caller's children (as a guardian) that are students among the post's recipients. */
  async childrenAmongRecipients(db: Db, postId: string, parentId: string): Promise<string[]> {
    return (
      await rows<{ student_id: string }>(
        db,
        `SELECT r.student_id FROM post_recipient r JOIN guardian g ON g.student_id = r.student_id AND g.user_id = $2
          WHERE r.post_id = $1 AND r.role = 'student' ORDER BY r.student_id`,
        [postId, parentId],
      )
    ).map((r) => r.student_id);
  }

  /** A parent's children among the post's student recipients, each with its confirmation (the detail's per-child state). */
  async childrenOf(db: Db, postId: string, parentId: string, lang: Language): Promise<PostChild[]> {
    const list = await rows<PostChild & { confirmedAt: Date | null }>(
      db,
      `SELECT r.student_id AS "studentId", s.name, ${boundLocalName('c', `'${lang === 'en' ? 'en' : 'zh'}'`)} AS "className", r.confirmed_at AS "confirmedAt"
         FROM post_recipient r JOIN guardian g ON g.student_id = r.student_id AND g.user_id = $2
         JOIN student s ON s.id = r.student_id LEFT JOIN admin_class c ON c.id = r.class_id
        WHERE r.post_id = $1 AND r.role = 'student' ORDER BY s.student_no`,
      [postId, parentId],
    );
    return list.map((c) => ({ ...c, confirmedAt: iso(c.confirmedAt) }));
  }

  /**
   * People an author may name (`GET /posts/people`): enabled students still at school — of a class, or by name,
   * student number or account — and enabled staff by name or account (not by class). At most `limit`, students first.
   */
  async people(db: Db, q: AudiencePeopleQuery, limit: number, lang: Language): Promise<AudiencePerson[]> {
    const like = q.keyword ? likePattern(q.keyword) : null;
    return rows<AudiencePerson>(
      db,
      `(SELECT u.id AS "userId", s.name, u.account, 'student' AS type, s.student_no AS "studentNo", ${boundLocalName('c', `'${lang === 'en' ? 'en' : 'zh'}'`)} AS "className", 0 AS rank, c.sort, s.student_no AS k
          FROM student s JOIN sys_user u ON u.id = s.user_id LEFT JOIN admin_class c ON c.id = s.class_id
         WHERE u.enabled AND s.status NOT IN ('transferred_out', 'graduated') AND ($1::text IS NULL OR $1 = 'student')
           AND ($2::uuid IS NULL OR s.class_id = $2) AND ($3::text IS NULL OR s.name ILIKE $3 OR s.student_no ILIKE $3 OR u.account ILIKE $3)
         ORDER BY c.sort NULLS LAST, s.student_no LIMIT $4)
       UNION ALL
       (SELECT u.id, u.name, u.account, 'staff', NULL, NULL, 1, NULL, u.account
          FROM sys_user u
         WHERE u.enabled AND u.user_type IN ('1', '3') AND ($1::text IS NULL OR $1 = 'staff') AND $2::uuid IS NULL
           AND ($3::text IS NULL OR u.name ILIKE $3 OR u.account ILIKE $3)
         ORDER BY u.account LIMIT $4)
       ORDER BY rank, sort NULLS LAST, k LIMIT $4`,
      [q.type ?? null, q.classId ?? null, like, limit],
    ).then((list) => list.map(({ userId, name, account, type, studentNo, className }) => ({ userId, name, account, type, studentNo, className })));
  }

  async counts(db: Db, postId: string): Promise<ReceiptCounts> {
    const [row] = await rows<{ total: number; read: number; confirmed: number }>(
      db,
      `SELECT count(*)::int AS total, count(read_at)::int AS read, count(confirmed_at)::int AS confirmed FROM post_recipient WHERE post_id = $1`,
      [postId],
    );
    return row ?? { total: 0, read: 0, confirmed: 0 };
  }

  async unread(db: Db, postId: string): Promise<string[]> {
    return (await rows<{ user_id: string }>(db, `SELECT user_id FROM post_recipient WHERE post_id = $1 AND read_at IS NULL ORDER BY user_id`, [postId])).map((r) => r.user_id);
  }

  async recipientIds(db: Db, postId: string): Promise<string[]> {
    return (await rows<{ user_id: string }>(db, `SELECT user_id FROM post_recipient WHERE post_id = $1 ORDER BY user_id`, [postId])).map((r) => r.user_id);
  }

  /** Takes the post's reminder slot if the last one is an hour old (or none): answers when the next may be otherwise. */
  async takeReminderSlot(tx: Db, postId: string, minutes: number): Promise<{ taken: true } | { taken: false; next: Date }> {
    const [row] = await rows<{ id: string }>(
      tx,
      `UPDATE post SET last_reminded_at = now() WHERE id = $1 AND (last_reminded_at IS NULL OR last_reminded_at <= now() - make_interval(mins => $2)) RETURNING id`,
      [postId, minutes],
    );
    if (row) return { taken: true };
    const [last] = await rows<{ next: Date }>(tx, `SELECT last_reminded_at + make_interval(mins => $2) AS next FROM post WHERE id = $1`, [postId, minutes]);
    return { taken: false, next: last?.next ?? new Date() };
  }

  private listSelect(lang: Language): string {
    return `SELECT p.id, p.kind, p.title, p.state, p.pinned, p.require_confirm AS "requireConfirm", p.require_signature AS "requireSignature", p.author_id AS "authorId", u.name AS "authorName",
                   p.publish_at AS "publishAt", p.published_at AS "publishedAt", p.due_at AS "dueAt", p.course_id AS "courseId",
                   ${boundLocalName('co', `'${lang === 'en' ? 'en' : 'zh'}'`)} AS "courseName", p.created_at AS "createdAt"`;
  }

  async inbox(db: Db, userId: string, q: { kind?: PostKind; unread?: boolean; dueWithinDays?: number }, offset: number, size: number, lang: Language): Promise<{ total: number; list: PostListItem[] }> {
    // the filters' placeholders: after kind in the count, after kind, limit and offset in the page
    const where = (u: string, d: string): string => `r.user_id = $1 AND p.state = 'published' AND ($2::text IS NULL OR p.kind = $2)
      AND (${u}::boolean IS NULL OR (r.read_at IS NULL) = ${u}::boolean)
      AND (${d}::int IS NULL OR (p.due_at >= now() AND p.due_at < now() + make_interval(days => ${d}::int)))`;
    const order = q.dueWithinDays === undefined ? 'p.pinned DESC, p.published_at DESC, p.id' : 'p.due_at, p.id';
    const filters = [q.unread ?? null, q.dueWithinDays ?? null];
    const [count] = await rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM post_recipient r JOIN post p ON p.id = r.post_id WHERE ${where('$3', '$4')}`, [userId, q.kind ?? null, ...filters]);
    const list = await rows<PostListItem & { readAt: Date | null; confirmedAt: Date | null }>(
      db,
      `${this.listSelect(lang)}, r.read_at AS "readAt", r.confirmed_at AS "confirmedAt", NULL AS counts
         FROM post_recipient r JOIN post p ON p.id = r.post_id JOIN sys_user u ON u.id = p.author_id LEFT JOIN course co ON co.id = p.course_id
        WHERE ${where('$5', '$6')} ORDER BY ${order} LIMIT $3 OFFSET $4`,
      [userId, q.kind ?? null, size, offset, ...filters],
    );
    return { total: count?.n ?? 0, list: list.map(timesOf) };
  }

  async authored(db: Db, userId: string, kind: PostKind | undefined, offset: number, size: number, lang: Language): Promise<{ total: number; list: PostListItem[] }> {
    const where = `p.author_id = $1 AND ($2::text IS NULL OR p.kind = $2)`;
    const [count] = await rows<{ n: number }>(db, `SELECT count(*)::int AS n FROM post p WHERE ${where}`, [userId, kind ?? null]);
    const list = await rows<PostListItem>(
      db,
      `${this.listSelect(lang)}, NULL AS "readAt", NULL AS "confirmedAt",
              (SELECT json_build_object('total', count(*)::int, 'read', count(read_at)::int, 'confirmed', count(confirmed_at)::int) FROM post_recipient r WHERE r.post_id = p.id) AS counts
         FROM post p JOIN sys_user u ON u.id = p.author_id LEFT JOIN course co ON co.id = p.course_id
        WHERE ${where} ORDER BY p.pinned DESC, p.created_at DESC, p.id LIMIT $3 OFFSET $4`,
      [userId, kind ?? null, size, offset],
    );
    return { total: count?.n ?? 0, list: list.map(timesOf) };
  }

  /** One post as its list row plus what the page shows; the reader's receipt when they are a recipient. */
  async detail(db: Db, id: string, userId: string, lang: Language): Promise<(PostListItem & { body: string; audience: Audience; attachments: string[]; place: string | null; startAt: string | null; endAt: string | null }) | null> {
    const [row] = await rows<PostListItem & { body: string; audience: Audience; attachments: string[]; place: string | null; startAt: Date | null; endAt: Date | null }>(
      db,
      `${this.listSelect(lang)}, r.read_at AS "readAt", r.confirmed_at AS "confirmedAt",
              CASE WHEN p.author_id = $2 THEN (SELECT json_build_object('total', count(*)::int, 'read', count(read_at)::int, 'confirmed', count(confirmed_at)::int) FROM post_recipient x WHERE x.post_id = p.id) END AS counts,
              p.body, p.audience, p.attachments, p.place, p.start_at AS "startAt", p.end_at AS "endAt"
         FROM post p JOIN sys_user u ON u.id = p.author_id LEFT JOIN course co ON co.id = p.course_id
         LEFT JOIN post_recipient r ON r.post_id = p.id AND r.user_id = $2
        WHERE p.id = $1`,
      [id, userId],
    );
    if (!row) return null;
    return { ...timesOf(row), body: row.body, audience: row.audience, attachments: row.attachments, place: row.place, startAt: iso(row.startAt), endAt: iso(row.endAt) };
  }

  async receipts(db: Db, postId: string, filter: { classId?: string; state?: ReceiptState }, lang: Language): Promise<{ counts: ReceiptCounts; classes: ReceiptClass[]; list: ReceiptRow[] }> {
    const l = `'${lang === 'en' ? 'en' : 'zh'}'`;
    const counts = await this.counts(db, postId);
    const classes = await rows<ReceiptClass>(
      db,
      `SELECT r.class_id AS "classId", ${boundLocalName('c', l)} AS "className", count(*)::int AS total, count(r.read_at)::int AS read, count(r.confirmed_at)::int AS confirmed
         FROM post_recipient r LEFT JOIN admin_class c ON c.id = r.class_id WHERE r.post_id = $1
        GROUP BY r.class_id, c.name, c.name_en, c.sort ORDER BY c.sort NULLS LAST, 2`,
      [postId],
    );
    const list = await rows<ReceiptRow & { readAt: Date | null; confirmedAt: Date | null }>(
      db,
      `SELECT r.user_id AS "userId", u.name, u.account, r.role, r.student_id AS "studentId", s.name AS "studentName",
              r.class_id AS "classId", ${boundLocalName('c', l)} AS "className", r.read_at AS "readAt", r.confirmed_at AS "confirmedAt",
              CASE WHEN r.confirmed_by IS NOT NULL AND r.confirmed_by <> r.user_id THEN b.name END AS "confirmedByName",
              r.signature_id AS "signatureId"
         FROM post_recipient r JOIN sys_user u ON u.id = r.user_id
         LEFT JOIN student s ON s.id = r.student_id LEFT JOIN admin_class c ON c.id = r.class_id LEFT JOIN sys_user b ON b.id = r.confirmed_by
        WHERE r.post_id = $1 AND ($2::uuid IS NULL OR r.class_id = $2)
          AND ($3::text IS NULL OR ($3 = 'unread' AND r.read_at IS NULL) OR ($3 = 'read' AND r.read_at IS NOT NULL) OR ($3 = 'confirmed' AND r.confirmed_at IS NOT NULL))
        ORDER BY c.sort NULLS LAST, r.class_id, (r.role = 'parent'), u.account`,
      [postId, filter.classId ?? null, filter.state ?? null],
    );
    return { counts, classes, list: list.map((r) => ({ ...r, readAt: iso(r.readAt), confirmedAt: iso(r.confirmedAt) })) };
  }

  /* ---------- homework submissions ---------- */

  /** The student a caller submits for: themselves (a student recipient), or their child among the recipients. */
  async submitterStudents(db: Db, postId: string, userId: string): Promise<{ own: string | null; children: string[] }> {
    const [own] = await rows<{ student_id: string }>(db, `SELECT student_id FROM post_recipient WHERE post_id = $1 AND user_id = $2 AND role = 'student'`, [postId, userId]);
    return { own: own?.student_id ?? null, children: own ? [] : await this.childrenAmongRecipients(db, postId, userId) };
  }

  /** The new submission (its id and whether it is late), or null when the student has one already. */
  async insertSubmission(tx: Db, s: { postId: string; studentId: string; text: string; attachments: string[]; by: string }): Promise<SubmissionWritten | null> {
    const [row] = await rows<SubmissionWritten>(
      tx,
      `INSERT INTO post_submission (post_id, student_id, text, attachments, submitted_by, late)
       SELECT $1, $2, $3, $4::uuid[], $5, now() > p.due_at FROM post p WHERE p.id = $1
       ON CONFLICT ON CONSTRAINT post_submission_once DO NOTHING RETURNING id, late, updated_at`,
      [s.postId, s.studentId, s.text, s.attachments, s.by],
    );
    return row ?? null;
  }

  async updateSubmission(tx: Db, s: { postId: string; studentId: string; text: string; attachments: string[]; by: string }): Promise<SubmissionWritten | null> {
    const [row] = await rows<SubmissionWritten>(
      tx,
      `UPDATE post_submission SET text = $3, attachments = $4::uuid[], submitted_by = $5, updated_at = now() WHERE post_id = $1 AND student_id = $2 RETURNING id, late, updated_at`,
      [s.postId, s.studentId, s.text, s.attachments, s.by],
    );
    return row ?? null;
  }

  async review(db: Db, postId: string, studentId: string, comment: string, score: number | null, by: string): Promise<boolean> {
    return (
      await rows(db, `UPDATE post_submission SET comment = $3, score = $4, reviewed_at = now(), reviewed_by = $5 WHERE post_id = $1 AND student_id = $2 RETURNING id`, [postId, studentId, comment, score, by])
    ).length > 0;
  }

  async submissions(db: Db, postId: string, studentIds: readonly string[] | null, lang: Language): Promise<Submission[]> {
    const l = `'${lang === 'en' ? 'en' : 'zh'}'`;
    const list = await rows<Submission & { attachments: string[]; submittedAt: Date; updatedAt: Date; reviewedAt: Date | null; score: string | null }>(
      db,
      `SELECT x.post_id AS "postId", x.student_id AS "studentId", s.name AS "studentName", ${boundLocalName('c', l)} AS "className", x.text, x.attachments,
              b.name AS "submittedBy", x.submitted_at AS "submittedAt", x.updated_at AS "updatedAt", x.late, x.comment, x.score, x.reviewed_at AS "reviewedAt"
         FROM post_submission x JOIN student s ON s.id = x.student_id LEFT JOIN admin_class c ON c.id = s.class_id JOIN sys_user b ON b.id = x.submitted_by
        WHERE x.post_id = $1 AND ($2::uuid[] IS NULL OR x.student_id = ANY($2::uuid[]))
        ORDER BY c.sort NULLS LAST, s.student_no`,
      [postId, studentIds],
    );
    const out: Submission[] = [];
    for (const r of list) {
      out.push({
        ...r,
        attachments: await this.filesOf(db, r.attachments),
        submittedAt: iso(r.submittedAt) as string,
        updatedAt: iso(r.updatedAt) as string,
        reviewedAt: iso(r.reviewedAt),
        score: r.score === null ? null : Number(r.score),
      });
    }
    return out;
  }
}

function timesOf<T extends { publishAt: unknown; publishedAt: unknown; dueAt: unknown; createdAt: unknown; readAt: unknown; confirmedAt: unknown }>(r: T): T & PostListItem {
  const t = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());
  return { ...r, publishAt: t(r.publishAt), publishedAt: t(r.publishedAt), dueAt: t(r.dueAt), createdAt: t(r.createdAt) as string, readAt: t(r.readAt), confirmedAt: t(r.confirmedAt) } as T & PostListItem;
}
