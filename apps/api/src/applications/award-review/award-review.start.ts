import { AWARD_IMAGE_RULES, RoleCode } from '@schoolflow/contracts';
import type { AwardReviewForm } from '@schoolflow/workflows/award-review/award-review.form.js';
import type { AwardReviewSubmitted } from '@schoolflow/workflows/award-review/award-review.machine.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { StartPlan } from '../../workflow/domain/flow-plugin.js';
import { ApplicationErrors } from '../applications.errors.js';
import { type Applicant, type ApplicantRead, applicantSql, type FileRow, filesSql, headTeacherThenOffice, uniquePictures, withStandIns } from '../shared/student-applicant.js';

/** What an award report's start reads: the applicant's side, the certificate images and the contest's name. */
export interface AwardReviewStartRead extends ApplicantRead {
  files: FileRow[];
  /** The contest's name when the form names one that exists; null otherwise. */
  contest_name: string | null;
}

// the certificate images are required, so the statement always reads files ($2); the contest is $3 (a read of its
// own, not the directory's kept one: the contest is no directory table)
const SQL = `${applicantSql(`(SELECT name FROM award_contest WHERE id = $3::uuid) AS contest_name`).plain},
       ${filesSql('$2')}`;

/** Every read an award report's start needs, in one statement. */
export async function readAwardReviewStart(db: Prepared, form: AwardReviewForm, actor: Applicant): Promise<AwardReviewStartRead> {
  const rows = (await db.query(SQL, [actor.userId, uniquePictures(form.certificates), form.contestId ?? null])) as AwardReviewStartRead[];
  return rows[0] ?? { candidates: [], office: [], principal: [], admin: [], files: [], contest_name: null };
}

/** Certificate images must be the reporter's own uploads, not removed, JPG or PNG of at most 2 MB. */
function checkCertificates(ids: readonly string[], actor: Applicant, rows: readonly FileRow[]): void {
  for (const id of ids) {
    const f = rows.find((r) => r.res_id === id);
    if (!f || f.removed || f.owner_id !== actor.userId) throw ApplicationErrors.attachmentNotYours();
    if (!['image/jpeg', 'image/png'].includes(f.mime) || f.size > AWARD_IMAGE_RULES.maxSizeKb * 1024 || f.size === 0) throw ApplicationErrors.awardImageInvalid();
  }
}

/**
 * The rules of an award report's start, on what `readAwardReviewStart` read (pure): a student reports their own award
 * (head teacher of their class → office), a teacher theirs (the office only: a teacher has no class's head teacher);
 * the contest, when named, exists; the certificates are the reporter's pictures within the limit. The office's step
 * names administrators too when the reporter is its only member, so nobody reviews their own report.
 */
export function planAwardReviewStart(form: AwardReviewForm, read: AwardReviewStartRead, actor: Applicant): StartPlan {
  if (form.contestId && read.contest_name === null) throw ApplicationErrors.awardContestMissing();
  const certificates = uniquePictures(form.certificates);
  const award = {
    kind: form.kind,
    contestId: form.contestId ?? null,
    contestName: read.contest_name,
    title: form.title || null,
    level: form.level,
    prize: form.prize,
    awardedOn: form.awardedOn,
    certificates,
    remark: form.remark || null,
  };
  if (actor.roles.includes(RoleCode.student)) {
    const { student, route, owners, reviewers } = headTeacherThenOffice(actor, undefined, [], read);
    checkCertificates(certificates, actor, read.files);
    const data: Omit<AwardReviewSubmitted, 'type' | 'actorId'> & { contestName: string | null } = { studentId: student.id, studentUserId: student.user_id, recipient: 'student', ...award, route };
    return { data, studentId: student.id, owners, reviewers, attachments: certificates };
  }
  if (!actor.roles.includes(RoleCode.teacher)) throw ApplicationErrors.notAwardReporter();
  checkCertificates(certificates, actor, read.files);
  const office = withStandIns(read.office, read.admin, actor.userId);
  const data: Omit<AwardReviewSubmitted, 'type' | 'actorId'> & { contestName: string | null } = { studentId: null, studentUserId: null, recipient: 'teacher', ...award, route: { headTeacher: [], office } };
  return { data, studentId: null, owners: [actor.userId], reviewers: office, attachments: certificates };
}
