import { isUuid, RoleCode } from '@schoolflow/contracts';
import type { StatusChangeKind, statusChangeFormSchema } from '@schoolflow/workflows/student-status-change/student-status-change.form.js';
import type { StatusChangeSubmitted } from '@schoolflow/workflows/student-status-change/student-status-change.machine.js';
import type { z } from 'zod';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { StartPlan } from '../../workflow/domain/flow-plugin.js';
import { type Applicant, checkPictures, type FileRow, filesSql, ownersOf, roleHoldersSql, uniquePictures, withStandIns } from '../shared/student-applicant.js';
import { ApplicationErrors } from '../applications.errors.js';

export type StatusChangeForm = z.output<typeof statusChangeFormSchema>;

/** What each kind needs the student's status to be now, and what it makes it (the start checks one, the effect both). */
export const STATUS_CHANGES: Readonly<Record<StatusChangeKind, { from: string; to: string }>> = {
  transferOut: { from: 'enrolled', to: 'transferred_out' },
  suspension: { from: 'enrolled', to: 'suspended' },
  return: { from: 'suspended', to: 'enrolled' },
  transferIn: { from: 'transferred_out', to: 'enrolled' },
};

/** What a status change's start reads: the student named (by id or number), the class to move into, the reviewers, the pictures. */
export interface StatusChangeStartRead {
  student: { id: string; user_id: string | null; name: string; status: string; head_teacher_id: string | null; guardians: string[] } | null;
  to_class: { id: string; name: string } | null;
  office: string[];
  principal: string[];
  admin: string[];
  files: FileRow[];
}

const START_SQL = `SELECT
  (SELECT json_build_object('id', s.id, 'user_id', s.user_id, 'name', s.name, 'status', s.status, 'head_teacher_id', c.head_teacher_id,
            'guardians', coalesce((SELECT array_agg(g.user_id) FROM guardian g WHERE g.student_id = s.id), '{}'))
     FROM student s JOIN admin_class c ON c.id = s.class_id WHERE s.id = $1::uuid OR s.student_no = $2) AS student,
  (SELECT json_build_object('id', id, 'name', name) FROM admin_class WHERE id = $3::uuid) AS to_class,
  ${roleHoldersSql(['office', 'principal', 'admin'])},
  ${filesSql('$4')}`;

const NOTHING: StatusChangeStartRead = { student: null, to_class: null, office: [], principal: [], admin: [], files: [] };

/** Every read a status change's start needs, in one statement. */
export async function readStatusChangeStart(db: Prepared, form: StatusChangeForm, _actor: Applicant): Promise<StatusChangeStartRead> {
  const params = [isUuid(form.studentId) ? form.studentId : null, form.studentId, form.toClassId ?? null, uniquePictures(form.attachments)];
  const [row] = (await db.query(START_SQL, params)) as StatusChangeStartRead[];
  return row ?? NOTHING;
}

/**
 * The rules of a status change's start, on what `readStatusChangeStart` read (pure): the student exists and is the
 * actor's to change (the office: anyone; a head teacher: their class's), their status is the one the kind starts from,
 * the class to move into exists, the pictures are the actor's, a head teacher decides the first step; the route head
 * teacher → office → principal (administrators standing in for a principal who is only the applicant).
 */
export function planStatusChangeStart(form: StatusChangeForm, read: StatusChangeStartRead, actor: Applicant): StartPlan {
  const attachments = uniquePictures(form.attachments);
  const student = read.student;
  if (!student) throw ApplicationErrors.studentNotFound();
  const mayAct = actor.roles.includes(RoleCode.office) || student.head_teacher_id === actor.userId;
  if (!mayAct) throw ApplicationErrors.notYourStudent();
  if (student.status !== STATUS_CHANGES[form.kind].from) throw ApplicationErrors.statusChangeNotFrom();
  if (form.toClassId && !read.to_class) throw ApplicationErrors.toClassRequired();
  checkPictures(attachments, actor, read.files);
  if (!student.head_teacher_id) throw ApplicationErrors.noHeadTeacher();
  const principal = withStandIns(read.principal, read.admin, actor.userId);
  const data: Omit<StatusChangeSubmitted, 'type' | 'actorId'> & { studentName: string } = {
    studentId: student.id,
    studentUserId: student.user_id,
    studentName: student.name,
    kind: form.kind,
    effectiveDate: form.effectiveDate,
    reason: form.reason,
    toClassId: read.to_class?.id ?? null,
    toClassName: read.to_class?.name ?? null,
    attachments,
    route: { headTeacher: [student.head_teacher_id], office: read.office, principal },
  };
  return { data, studentId: student.id, owners: ownersOf(actor, student), reviewers: [student.head_teacher_id, ...read.office, ...principal], attachments };
}
