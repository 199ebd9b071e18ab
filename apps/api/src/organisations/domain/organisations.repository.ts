import { Injectable } from '@nestjs/common';
import { type JoinRequestRow, type Language, type MemberRole, type MemberTerm, ORGANISATION_JOIN_FLOW, ORGANISATION_LIMITS, type OrganisationActivity, type OrganisationCandidate, type OrganisationKind, RoleCode } from '@schoolflow/contracts';
import { likePattern } from '../../infrastructure/database/like-pattern.js';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';
import { type Person, termStatus } from './member-terms.js';

export type { Db };

/** A body as the use cases read it. */
export interface BodyRecord {
  id: string;
  name: string;
  kind: OrganisationKind;
  description: string;
  founded_on: string | null;
  advisor_id: string;
  advisor_name: string;
  enabled: boolean;
  sort: number;
}

/** A body with the reader's place in it (the directory's row). */
export interface BodySummaryRecord extends BodyRecord {
  members: number;
  my_role: MemberRole | null;
  /** The reader holds a term of it today or later. */
  member: boolean;
  my_request_id: string | null;
}

interface TermRow {
  id: string;
  user_id: string;
  name: string;
  detail: string;
  role: MemberRole;
  from_date: string;
  to_date: string | null;
  instance_id: string | null;
}

/** One term of a person, as the rules read it. */
export interface TermRecord {
  id: string;
  organisation_id: string;
  user_id: string;
  student_id: string | null;
  role: MemberRole;
  from_date: string;
  to_date: string | null;
}

/** A person who may be named as a member: their account, roles and student row. */
export interface PersonRecord {
  id: string;
  enabled: boolean;
  parent: boolean;
  student_id: string | null;
  student_status: string | null;
}

// what a member or candidate is shown with: a student's class and number, a parent's children ($lang: 'zh' | 'en')
const detailOf = (user: string, lang: string) => `coalesce(
  (SELECT CASE WHEN ${lang} = 'en' AND coalesce(c.name_en, '') <> '' THEN c.name_en ELSE c.name END || ' · ' || s.student_no
     FROM student s LEFT JOIN admin_class c ON c.id = s.class_id WHERE s.user_id = ${user} LIMIT 1),
  (SELECT string_agg(s.name, ', ' ORDER BY s.student_no) FROM guardian g JOIN student s ON s.id = g.student_id WHERE g.user_id = ${user}),
  '')`;

const BODY = `SELECT o.id, o.name, o.kind, o.description, to_char(o.founded_on, 'YYYY-MM-DD') AS founded_on, o.advisor_id, a.name AS advisor_name, o.enabled, o.sort
  FROM organisation o JOIN sys_user a ON a.id = o.advisor_id`;

/** The kinds in the order the pages show them: the student union first, the parent committee last. */
const kindOrder = (column: string) => `array_position(ARRAY['studentUnion', 'youthLeague', 'society', 'parentCommittee'], ${column})`;

const termOf = (r: TermRow, today: string): MemberTerm => {
  const status = termStatus({ from: r.from_date, to: r.to_date }, today);
  return { id: r.id, userId: r.user_id, name: r.name, detail: r.detail, role: r.role, from: r.from_date, to: r.to_date, current: status === 'current', status, requestId: r.instance_id };
};

/**
 * The statements of 学生组织 (docs/adr/0061-organisations.md#tables), typed; no SQL elsewhere in the module. Join
 * requests are read from the flow's read model (`wf_instance`, its form view naming the body as `bodyId`).
 */
@Injectable()
export class OrganisationsRepository {
  async body(db: Db, id: string, lock = false): Promise<BodyRecord | null> {
    const [row] = await rows<BodyRecord>(db, `${BODY} WHERE o.id = $1${lock ? ' FOR UPDATE OF o' : ''}`, [id]);
    return row ?? null;
  }

  /** Bodies with the reader's place in each: those in use (all of them for `withDisabled`), one kind or all. */
  async summaries(db: Db, userId: string, today: string, q: { kind?: OrganisationKind; id?: string; withDisabled?: boolean }): Promise<BodySummaryRecord[]> {
    return rows<BodySummaryRecord>(
      db,
      `SELECT b.*,
              (SELECT count(*)::int FROM organisation_member m WHERE m.organisation_id = b.id AND m.from_date <= $2::date AND (m.to_date IS NULL OR m.to_date >= $2::date)) AS members,
              (SELECT m.role FROM organisation_member m WHERE m.organisation_id = b.id AND m.user_id = $1 AND m.from_date <= $2::date AND (m.to_date IS NULL OR m.to_date >= $2::date)) AS my_role,
              EXISTS (SELECT 1 FROM organisation_member m WHERE m.organisation_id = b.id AND m.user_id = $1 AND (m.to_date IS NULL OR m.to_date >= $2::date)) AS member,
              (SELECT i.id FROM wf_instance i WHERE i.flow = '${ORGANISATION_JOIN_FLOW}' AND i.form->>'bodyId' = b.id::text AND i.applicant_id = $1
                  AND i.review_status IN ('unreviewed', 'pending') ORDER BY i.created_at DESC LIMIT 1) AS my_request_id
         FROM (${BODY} WHERE ($3::text IS NULL OR o.kind = $3) AND ($4::uuid IS NULL OR o.id = $4) AND (o.enabled OR $5)) b
        ORDER BY ${kindOrder('b.kind')}, b.sort, b.name`,
      [userId, today, q.kind ?? null, q.id ?? null, q.withDisabled === true],
    );
  }

  /** Every term of a body, its current ones first by role, then by who and when. */
  async terms(db: Db, organisationId: string, today: string, lang: Language): Promise<MemberTerm[]> {
    const list = await rows<TermRow>(
      db,
      `SELECT m.id, m.user_id, u.name, ${detailOf('m.user_id', '$2')} AS detail, m.role,
              to_char(m.from_date, 'YYYY-MM-DD') AS from_date, to_char(m.to_date, 'YYYY-MM-DD') AS to_date, m.instance_id
         FROM organisation_member m JOIN sys_user u ON u.id = m.user_id
        WHERE m.organisation_id = $1
        ORDER BY array_position(ARRAY['chair', 'viceChair', 'secretary', 'member'], m.role), m.from_date DESC, u.name`,
      [organisationId, lang],
    );
    return list.map((r) => termOf(r, today));
  }

  /** A person's terms of a body (locked for a change: two at once decide one after the other). */
  async termsOf(db: Db, organisationId: string, userId: string, lock = false): Promise<TermRecord[]> {
    return rows<TermRecord>(
      db,
      `SELECT id, organisation_id, user_id, student_id, role, to_char(from_date, 'YYYY-MM-DD') AS from_date, to_char(to_date, 'YYYY-MM-DD') AS to_date
         FROM organisation_member WHERE organisation_id = $1 AND user_id = $2 ORDER BY from_date${lock ? ' FOR UPDATE' : ''}`,
      [organisationId, userId],
    );
  }

  async term(db: Db, organisationId: string, id: string, lock = false): Promise<TermRecord | null> {
    const [row] = await rows<TermRecord>(
      db,
      `SELECT id, organisation_id, user_id, student_id, role, to_char(from_date, 'YYYY-MM-DD') AS from_date, to_char(to_date, 'YYYY-MM-DD') AS to_date
         FROM organisation_member WHERE organisation_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
      [organisationId, id],
    );
    return row ?? null;
  }

  /** The account named as a member: enabled, a parent, a student (and the student row's status). */
  async person(db: Db, userId: string): Promise<PersonRecord | null> {
    const [row] = await rows<PersonRecord>(
      db,
      `SELECT u.id, u.enabled,
              EXISTS (SELECT 1 FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = u.id AND r.code = '${RoleCode.parent}') AS parent,
              s.id AS student_id, s.status AS student_status
         FROM sys_user u LEFT JOIN student s ON s.user_id = u.id
        WHERE u.id = $1 LIMIT 1`,
      [userId],
    );
    return row ?? null;
  }

  static asPerson(p: PersonRecord | null): Person | null {
    return p ? { enabled: p.enabled, parent: p.parent, studentStatus: p.student_status } : null;
  }

  async insertTerm(tx: Db, t: { organisationId: string; userId: string; studentId: string | null; role: MemberRole; from: string; to: string | null; previousId: string | null; by: string }): Promise<string> {
    const [row] = await rows<{ id: string }>(
      tx,
      `INSERT INTO organisation_member (organisation_id, user_id, student_id, role, from_date, to_date, previous_id, created_by)
       VALUES ($1, $2, $3, $4, $5::date, $6::date, $7, $8) RETURNING id`,
      [t.organisationId, t.userId, t.studentId, t.role, t.from, t.to, t.previousId, t.by],
    );
    return row?.id ?? '';
  }

  /** Sets a term's last day (a trigger keeps everything else of it as it was). */
  async endTerm(tx: Db, id: string, to: string, by: string): Promise<void> {
    await tx.query(`UPDATE organisation_member SET to_date = $2::date, ended_by = $3, ended_at = now() WHERE id = $1`, [id, to, by]);
  }

  /** A body's join requests still waiting for its advisor, oldest first. */
  async pending(db: Db, organisationId: string, lang: Language): Promise<JoinRequestRow[]> {
    const list = await rows<{ id: string; applicant_name: string; detail: string; reason: string; state: string; created_at: Date }>(
      db,
      `SELECT i.id, u.name AS applicant_name, ${detailOf('i.applicant_id', '$2')} AS detail, coalesce(i.form->>'reason', '') AS reason, i.state, i.created_at
         FROM wf_instance i JOIN sys_user u ON u.id = i.applicant_id
        WHERE i.flow = '${ORGANISATION_JOIN_FLOW}' AND i.form->>'bodyId' = $1 AND i.review_status IN ('unreviewed', 'pending')
        ORDER BY i.created_at`,
      [organisationId, lang],
    );
    return list.map((r) => ({ id: r.id, applicantName: r.applicant_name, detail: r.detail, reason: r.reason, state: r.state, createdAt: new Date(r.created_at).toISOString() }));
  }

  /**
   * Join requests passed within the last minute whose membership the effect has not written yet (a body's, or a
   * person's): the pages read again until it has. A passed request whose effect wrote nothing (already a member) stops
   * counting after the minute.
   */
  async joining(db: Db, of: { organisationId: string } | { userId: string }): Promise<number> {
    const [row] = await rows<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM wf_instance i
        WHERE i.flow = '${ORGANISATION_JOIN_FLOW}' AND i.review_status = 'passed' AND i.updated_at > now() - interval '1 minute'
          AND ${'organisationId' in of ? `i.form->>'bodyId' = $1` : `i.applicant_id = $1::uuid`}
          AND NOT EXISTS (SELECT 1 FROM organisation_member m WHERE m.instance_id = i.id)`,
      ['organisationId' in of ? of.organisationId : of.userId],
    );
    return row?.n ?? 0;
  }

  /** Students (enrolled) or parents one may name, by name, number or account. */
  async candidates(db: Db, kind: OrganisationKind, q: string, lang: Language): Promise<OrganisationCandidate[]> {
    const like = likePattern(q);
    const list = await rows<{ user_id: string; name: string; account: string; detail: string }>(
      db,
      kind === 'parentCommittee'
        ? `SELECT u.id AS user_id, u.name, u.account, ${detailOf('u.id', '$3')} AS detail
             FROM sys_user u
            WHERE u.enabled AND EXISTS (SELECT 1 FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = u.id AND r.code = '${RoleCode.parent}')
              AND (u.name LIKE $1 OR u.account LIKE $1)
            ORDER BY u.account LIMIT $2`
        : `SELECT u.id AS user_id, u.name, u.account, ${detailOf('u.id', '$3')} AS detail
             FROM student s JOIN sys_user u ON u.id = s.user_id
            WHERE u.enabled AND s.status = 'enrolled' AND (s.name LIKE $1 OR s.student_no LIKE $1 OR u.account LIKE $1)
            ORDER BY s.student_no LIMIT $2`,
      [like, ORGANISATION_LIMITS.candidates, lang],
    );
    return list.map((r) => ({ userId: r.user_id, name: r.name, account: r.account, detail: r.detail }));
  }

  /** The accounts holding a term of the body today (an activity's audience). */
  async memberIds(db: Db, organisationId: string, today: string): Promise<string[]> {
    const list = await rows<{ user_id: string }>(
      db,
      `SELECT DISTINCT m.user_id FROM organisation_member m JOIN sys_user u ON u.id = m.user_id AND u.enabled
        WHERE m.organisation_id = $1 AND m.from_date <= $2::date AND (m.to_date IS NULL OR m.to_date >= $2::date)`,
      [organisationId, today],
    );
    return list.map((r) => r.user_id);
  }

  async linkActivity(tx: Db, postId: string, organisationId: string): Promise<void> {
    await tx.query(`INSERT INTO organisation_activity (post_id, organisation_id) VALUES ($1, $2)`, [postId, organisationId]);
  }

  /** A body's published activities, newest first; whether the reader may open each post. */
  async activities(db: Db, organisationId: string, userId: string, isAdmin: boolean): Promise<OrganisationActivity[]> {
    const list = await rows<{ id: string; title: string; place: string | null; start_at: Date | null; end_at: Date | null; published_at: Date | null; author_name: string; readable: boolean }>(
      db,
      `SELECT p.id, p.title, p.place, p.start_at, p.end_at, p.published_at, u.name AS author_name,
              ($3 OR p.author_id = $2 OR EXISTS (SELECT 1 FROM post_recipient r WHERE r.post_id = p.id AND r.user_id = $2)) AS readable
         FROM organisation_activity a JOIN post p ON p.id = a.post_id JOIN sys_user u ON u.id = p.author_id
        WHERE a.organisation_id = $1 AND p.state = 'published'
        ORDER BY p.published_at DESC NULLS LAST LIMIT 100`,
      [organisationId, userId, isAdmin],
    );
    const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
    return list.map((r) => ({ postId: r.id, title: r.title, place: r.place, startAt: iso(r.start_at), endAt: iso(r.end_at), publishedAt: iso(r.published_at), authorName: r.author_name, readable: r.readable }));
  }

  /** A person's terms of every body, current first. */
  async myTerms(db: Db, userId: string, today: string, lang: Language): Promise<(MemberTerm & { organisationId: string; organisationName: string; kind: OrganisationKind })[]> {
    const list = await rows<TermRow & { organisation_id: string; organisation_name: string; kind: OrganisationKind }>(
      db,
      `SELECT m.id, m.user_id, u.name, ${detailOf('m.user_id', '$3')} AS detail, m.role,
              to_char(m.from_date, 'YYYY-MM-DD') AS from_date, to_char(m.to_date, 'YYYY-MM-DD') AS to_date, m.instance_id,
              o.id AS organisation_id, o.name AS organisation_name, o.kind
         FROM organisation_member m JOIN sys_user u ON u.id = m.user_id JOIN organisation o ON o.id = m.organisation_id
        WHERE m.user_id = $1
        ORDER BY (m.from_date <= $2::date AND (m.to_date IS NULL OR m.to_date >= $2::date)) DESC, m.from_date DESC`,
      [userId, today, lang],
    );
    return list.map((r) => ({ ...termOf(r, today), organisationId: r.organisation_id, organisationName: r.organisation_name, kind: r.kind }));
  }

  /** The bodies a teacher advises (in use). */
  async advising(db: Db, userId: string): Promise<{ id: string; name: string; kind: OrganisationKind }[]> {
    return rows(db, `SELECT o.id, o.name, o.kind FROM organisation o WHERE o.advisor_id = $1 AND o.enabled ORDER BY ${kindOrder('o.kind')}, o.sort, o.name`, [userId]);
  }
}
