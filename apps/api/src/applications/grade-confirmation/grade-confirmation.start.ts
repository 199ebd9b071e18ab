import type { SheetOpened } from '@schoolflow/workflows/grade-confirmation/grade-confirmation.machine.js';
import type { StartPlan } from '../../workflow/domain/flow-plugin.js';
import { withStandIns } from '../shared/student-applicant.js';

/**
 * One sheet a batch opens: its (class, course) with both names as stored (the English one may be empty) and the
 * teacher who enters it (the batch refuses to open before every sheet has one).
 */
export interface GradeSheetStart {
  batch: { id: string; name: string };
  classId: string;
  className: string;
  classNameEn: string;
  courseId: string;
  courseName: string;
  courseNameEn: string;
  teacherId: string;
}

/**
 * What a sheet's start reads: the holders of the reviewing roles (grade leaders, the office) and the administrators who
 * stand in for them. A batch's opening reads it once for all its sheets (the grades module's repository), so there is no
 * read here of its own: nobody starts this flow through `buildStart` (it is the engine's, `apply.bySystem`).
 */
export interface GradeConfirmationStartRead {
  holders: string[];
  admins: string[];
}

/**
 * The rules of a sheet's start (pure): the teacher enters it, and reviews it never — the reviewers are the role's
 * holders but the teacher, administrators standing in when that leaves nobody; names fall back to the Chinese ones.
 * What the grades module writes with it (the sheet's row, `also`) is its own.
 */
export function planGradeConfirmationStart(sheet: GradeSheetStart, read: GradeConfirmationStartRead): StartPlan {
  const { teacherId } = sheet;
  const reviewer = withStandIns(read.holders, read.admins, teacherId).filter((id) => id !== teacherId);
  const data: Omit<SheetOpened, 'type' | 'actorId'> = {
    batchId: sheet.batch.id,
    batchName: sheet.batch.name,
    classId: sheet.classId,
    className: { zh: sheet.className, en: sheet.classNameEn || sheet.className },
    courseId: sheet.courseId,
    courseName: { zh: sheet.courseName, en: sheet.courseNameEn || sheet.courseName },
    teacherId,
    route: { teacher: [teacherId], reviewer },
  };
  return {
    data: data as unknown as Record<string, unknown>,
    studentId: null,
    applicantId: teacherId,
    owners: [],
    reviewers: [teacherId, ...reviewer],
    attachments: [],
  };
}
