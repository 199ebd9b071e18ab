import { applicationWindow, FLOW_PICTURE_MAX_BYTES, parseSchoolTime, RoleCode } from '@schoolflow/contracts';
import type { DirectoryCache } from '../../infrastructure/database/directory-cache.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { ApplicationErrors } from '../applications.errors.js';

/** Who applies, as the rules of a start read them (a planner's tests build one by hand). */
export type Applicant = Pick<Principal, 'userId' | 'roles'>;

/** The planners' clock (flow-plugin.ts), beside the applicant helpers most of them use. */
export type { StartClock } from '../../workflow/domain/flow-plugin.js';

/** The pictures a form names, each once (a start reads, checks and records the same list). */
export function uniquePictures(ids: readonly string[] | undefined): string[] {
  return [...new Set(ids ?? [])];
}

/**
 * What every flow a student or a parent applies for needs from the database at submission (leave, travel,
 * day-reading, proofs): whom the actor may apply for, with each student's class, head teacher and guardians; the
 * holders of the office, principal and administrator roles; and the pictures attached. The directory's part is one
 * statement kept by DirectoryCache until the directory changes, so a start usually reads nothing before its append;
 * a flow adds columns of its own (leave: its principal threshold), of the directory's tables only.
 */
export interface ApplicantStudent {
  id: string;
  user_id: string | null;
  name: string;
  student_no: string;
  class_name: string;
  head_teacher_id: string | null;
  guardians: string[];
  /** enrolled, suspended, transferred_out (学籍异动) */
  status: string;
}

export type Candidate = ApplicantStudent & { self: boolean };

export interface FileRow {
  res_id: string;
  owner_id: string;
  mime: string;
  size: number;
  removed: boolean;
}

export interface ApplicantRead {
  candidates: Candidate[];
  office: string[];
  principal: string[];
  admin: string[];
  files?: FileRow[];
}

/**
 * The enabled holders of each enabled role, as columns named by the role code (`office`, `principal`, …): the reviewers
 * a start names. Codes come from code, never from input (the text is prepared by name).
 */
export function roleHoldersSql(codes: readonly string[]): string {
  return codes
    .map(
      (r) => `coalesce((SELECT array_agg(u.id ORDER BY u.account) FROM sys_user u JOIN sys_user_role ur ON ur.user_id = u.id
                  JOIN sys_role r ON r.id = ur.role_id WHERE r.code = '${r}' AND r.enabled AND u.enabled), '{}') AS ${r}`,
    )
    .join(', ');
}

/** The pictures of a start by resource id (`$n`: a uuid[] parameter), as the column `files` that checkPictures reads. */
export function filesSql(param: string): string {
  return `coalesce((SELECT json_agg(json_build_object('res_id', f.res_id, 'owner_id', f.owner_id, 'mime', f.mime, 'size', f.size,
                                                   'removed', f.removed_at IS NOT NULL))
                   FROM sys_file f WHERE f.res_id = ANY(${param}::uuid[])), '[]') AS files`;
}

/**
 * The statement texts (built from code only: they are prepared by name). Candidates come as one json array ordered
 * by student number, each with its guardians and whether it is the actor. (The actor's own student row and their
 * children as one UNION: an OR of the two made PostgreSQL scan every student.) `plain` is what readApplicant keeps in
 * DirectoryCache: `extraColumns` must read only the tables whose changes are announced (migrations/1732000067000).
 */
export function applicantSql(extraColumns = ''): { plain: string } {
  const plain = `SELECT coalesce((SELECT json_agg(json_build_object(
           'id', s.id, 'user_id', s.user_id, 'name', s.name, 'student_no', s.student_no, 'class_name', c.name,
           'head_teacher_id', c.head_teacher_id, 'self', (s.user_id = $1), 'status', s.status,
           'guardians', coalesce((SELECT array_agg(g.user_id) FROM guardian g WHERE g.student_id = s.id), '{}')) ORDER BY s.student_no)
         FROM (SELECT id FROM student WHERE user_id = $1 UNION SELECT student_id FROM guardian WHERE user_id = $1) m
         JOIN student s ON s.id = m.id JOIN admin_class c ON c.id = s.class_id), '[]') AS candidates,
       ${roleHoldersSql(['office', 'principal', 'admin'])}${extraColumns ? `,\n       ${extraColumns}` : ''}`;
  return { plain };
}

const DEFAULT_SQL = applicantSql();
const FILES_SQL = `SELECT ${filesSql('$1')}`;

/** Where a start reads: its database and the directory's cached reads. */
export interface StartReads {
  db: { query(sql: string, args: unknown[]): Promise<unknown[]> };
  directory: DirectoryCache;
}

/**
 * Reads the applicant side of a submission: the directory's part kept per actor (DirectoryCache), the pictures' files
 * read each time and only when there are any — beside the directory's read when that is not kept.
 */
export async function readApplicant<R extends ApplicantRead = ApplicantRead>(
  { db, directory }: StartReads,
  actor: Pick<Principal, 'userId'>,
  attachments: readonly string[],
  sql: { plain: string } = DEFAULT_SQL,
): Promise<R> {
  const applicant = directory.read(sql, actor.userId, async () => {
    const rows = (await db.query(sql.plain, [actor.userId])) as R[];
    return rows[0] ?? ({ candidates: [], office: [], principal: [], admin: [] } as unknown as R);
  });
  if (attachments.length === 0) return applicant;
  const [read, files] = await Promise.all([applicant, db.query(FILES_SQL, [attachments]) as Promise<{ files: FileRow[] }[]>]);
  return { ...read, files: files[0]?.files ?? [] };
}

/**
 * The student of a request: a student applies for themself; a parent names one of their own children. A suspended or
 * transferred-out student makes no new requests (学籍异动).
 */
export function pickStudent(
  actor: Applicant,
  requested: string | undefined,
  candidates: readonly Candidate[],
  notApplicant = 'workflow.notStudentOrParent',
  chooseChild = 'validation.childRequired',
): ApplicantStudent {
  const student = pickCandidate(actor, requested, candidates, notApplicant, chooseChild);
  if (student.status !== 'enrolled') throw ApplicationErrors.studentNotEnrolled();
  return student;
}

function pickCandidate(actor: Applicant, requested: string | undefined, candidates: readonly Candidate[], notApplicant: string, chooseChild: string): ApplicantStudent {
  if (actor.roles.includes(RoleCode.student)) {
    const me = candidates.find((c) => c.self);
    if (!me) throw ApplicationErrors.studentNotFound();
    if (requested && requested !== me.id && requested !== me.student_no) throw ApplicationErrors.notYourChild();
    return me;
  }
  const children = candidates.filter((c) => !c.self);
  if (children.length === 0) throw ApplicationErrors.notApplicant(notApplicant);
  if (!requested) {
    if (children.length === 1 && children[0]) return children[0];
    throw ApplicationErrors.chooseChild(chooseChild);
  }
  const child = children.find((c) => c.id === requested || c.student_no === requested);
  if (!child) throw ApplicationErrors.notYourChild();
  return child;
}

/** Pictures must be the applicant's own, not removed, JPG or PNG, within the size limit. */
export function checkPictures(resIds: readonly string[], actor: Pick<Principal, 'userId'>, rows: readonly FileRow[]): void {
  for (const id of resIds) {
    const f = rows.find((r) => r.res_id === id);
    if (!f || f.removed || f.owner_id !== actor.userId) throw ApplicationErrors.attachmentNotYours();
    if (!['image/jpeg', 'image/png'].includes(f.mime) || f.size > FLOW_PICTURE_MAX_BYTES) throw ApplicationErrors.attachmentNotPicture();
  }
}

/** The applicant side of an instance: who applied, the student's account and the student's guardians. */
export function ownersOf(actor: Pick<Principal, 'userId'>, student: Pick<ApplicantStudent, 'user_id' | 'guardians'>): string[] {
  return [actor.userId, ...(student.user_id ? [student.user_id] : []), ...student.guardians];
}

/** The last step of a route must have a reviewer who is not the applicant: administrators stand in. */
export function withStandIns(holders: readonly string[], admins: readonly string[], applicantId: string): string[] {
  return holders.some((id) => id !== applicantId) ? [...holders] : [...holders, ...admins];
}

/**
 * A period of a form (school-time texts) as instants: both readable, end after start (or not before it, where the
 * spec says so), and inside the window applications may cover (around `now`: the planner's clock; default the
 * present, for the starts that do not pass one in yet).
 */
export function schoolPeriod(
  startText: string,
  endText: string,
  timeZone: string,
  opts: { endMayEqualStart?: boolean; now?: number } = {},
): { start: number; end: number } {
  const start = parseSchoolTime(startText, timeZone);
  const end = parseSchoolTime(endText, timeZone);
  if (start === null || end === null) throw ApplicationErrors.timeInvalid();
  if (end < start || (end === start && !opts.endMayEqualStart)) throw ApplicationErrors.endBeforeStart();
  const window = applicationWindow(opts.now ?? Date.now(), timeZone);
  if (start < window.from || end > window.to) throw ApplicationErrors.outsideWindow(window.fromText, window.toText);
  return { start, end };
}

/** The applicant side and the route of a request that goes to the class's head teacher and then the school office. */
export interface HeadTeacherThenOffice {
  student: ApplicantStudent;
  route: { headTeacher: string[]; office: string[] };
  owners: string[];
  reviewers: string[];
}

/**
 * The rules of a request that goes to the class's head teacher and then the school office (travel, day-reading, …),
 * on what `readApplicant` read: the student (a student's own, a parent's chosen child), the pictures checked, the
 * route with administrators standing in for an office that is only the applicant. Pure.
 */
export function headTeacherThenOffice(
  actor: Applicant,
  requestedStudent: string | undefined,
  attachments: readonly string[],
  read: ApplicantRead,
): HeadTeacherThenOffice {
  const student = pickStudent(actor, requestedStudent, read.candidates);
  checkPictures(attachments, actor, read.files ?? []);
  if (!student.head_teacher_id) throw ApplicationErrors.noHeadTeacher();
  const office = withStandIns(read.office, read.admin, actor.userId);
  return { student, route: { headTeacher: [student.head_teacher_id], office }, owners: ownersOf(actor, student), reviewers: [student.head_teacher_id, ...office] };
}
