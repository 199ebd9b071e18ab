import { z } from 'zod';

/**
 * The grades API (docs/product/grades.md#calls), shared by server, browser and tests. Settings (exam nodes, scales, conversion rules,
 * batches, score items) are resources of the kit under this base; sheets, publishing, analysis and the report are
 * the grades module's own calls.
 */
export const GRADES_BASE = '/api/grades';

export const gradesPath = {
  /** One (batch, class, course) score sheet: GET reads it, PUT saves scores while it is editable. */
  sheet: (batchId: string, classId: string, courseId: string): string => `${GRADES_BASE}/batches/${batchId}/sheets/${classId}/${courseId}`,
  /** Every sheet of a batch with its state (who may manage the batch). */
  sheets: (batchId: string): string => `${GRADES_BASE}/batches/${batchId}/sheets`,
  /** Opening a batch starts one grade-confirmation per (class, course). */
  open: (batchId: string): string => `${GRADES_BASE}/batches/${batchId}/open`,
  publish: (batchId: string): string => `${GRADES_BASE}/batches/${batchId}/publish`,
  /** The sheets assigned to me (a teacher's 成绩录入). */
  mySheets: `${GRADES_BASE}/my-sheets`,
  /** A student's published scores (the student, their parents, and those who may read the student). */
  published: `${GRADES_BASE}/published`,
  analysis: (kind: AnalysisKind): string => `${GRADES_BASE}/analysis/${kind}`,
  report: `${GRADES_BASE}/report`,
  /** A whole class's reports as one PDF, made by a background job. */
  classReports: `${GRADES_BASE}/report/class-jobs`,
  classReportFile: (jobId: string): string => `${GRADES_BASE}/report/class-jobs/${jobId}/file`,
} as const;

/** Marks a row may carry instead of a score (spec: absent, exempt). */
export const SCORE_MARKS = ['absent', 'exempt'] as const;
export type ScoreMark = (typeof SCORE_MARKS)[number];

/** A score is 0..full marks with at most two decimals (docs/product/grades.md#entering-scores). Answers a `validation.*` key, or null. */
export function scoreProblem(score: number, fullMarks: number): string | null {
  if (!Number.isFinite(score)) return 'validation.scoreNotNumber';
  if (score < 0 || score > fullMarks) return 'validation.scoreRange';
  if (Math.abs(Math.round(score * 100) - score * 100) > 1e-6) return 'validation.scoreDecimals';
  return null;
}

/** What a typed cell may hold as one types: digits with at most two decimals, or nothing. */
export const SCORE_TYPING = /^(\d{0,3}(\.\d{0,2})?)?$/;

const scoreValue = z.union([z.number({ error: 'validation.scoreNotNumber' }), z.null()]);
const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'validation.fieldChoose');

/**
 * The body of a class reports job (`POST /api/grades/report/class-jobs`): the class, and the semester (the current one
 * when absent). Presence and form of the ids are the use case's to refuse, each with its own message (请选择班级, 班级不存在).
 */
export const classReportsStartSchema = z.object({
  classId: z.string().max(100, 'validation.tooLong').optional(),
  semesterId: z.string().max(100, 'validation.tooLong').optional(),
});

/** The body of `PUT …/sheets/{classId}/{courseId}`: scores of some or all rows (a draft). */
export const saveSheetSchema = z.object({
  scores: z
    .array(
      z.object({
        studentId: uuid,
        score: scoreValue.optional(),
        mark: z.enum(SCORE_MARKS, { error: 'validation.fieldChoose' }).nullable().optional(),
        /** Per score item (小分), by item id; the score is then their sum. */
        items: z.record(z.string(), scoreValue).optional(),
      }),
      { error: 'validation.fieldInvalid' },
    )
    .max(500, 'validation.fieldTooMany'),
});
export type SaveSheetInput = z.infer<typeof saveSheetSchema>;

export interface SheetRow {
  studentId: string;
  studentNo: string;
  name: string;
  score: number | null;
  mark: ScoreMark | null;
  items: Record<string, number | null>;
}

export interface ScoreItemHead {
  id: string;
  name: string;
  fullMarks: number;
}

/** A sheet as answered (docs/product/grades.md#calls, with what its page needs beside). */
export interface GradeSheet {
  instanceId: string;
  /** The grade-confirmation's state: entering, returned (rejected: editable again), review, passed. */
  state: string;
  version: number;
  editable: boolean;
  /** Whether the reader may type into it now (its teacher, while editable). */
  mine: boolean;
  fullMarks: number;
  batch: { id: string; name: string; published: boolean };
  class: { id: string; name: string };
  course: { id: string; name: string };
  teacher: { id: string; name: string };
  items: ScoreItemHead[];
  /** The last rejection's reason, while the sheet is back with its teacher. */
  rejection: string | null;
  rows: SheetRow[];
}

/** One sheet in a batch's overview or a teacher's list. */
export interface SheetSummary {
  batchId: string;
  batchName: string;
  classId: string;
  className: string;
  courseId: string;
  courseName: string;
  teacherId: string;
  teacherName: string;
  instanceId: string;
  state: string;
  review: string;
  entered: number;
  total: number;
}

export const ANALYSIS_KINDS = ['teaching-class', 'admin-class', 'ranking', 'subject', 'question-rate'] as const;
export type AnalysisKind = (typeof ANALYSIS_KINDS)[number];

/** A published score as a student, a parent (and a grade proof) read it. */
export interface PublishedScore {
  batchId: string;
  batchName: string;
  examNodeName: string;
  semesterId: string;
  semesterName: string;
  courseId: string;
  courseName: string;
  score: number | null;
  mark: ScoreMark | null;
  fullMarks: number;
  rank: string | null;
  level: string | null;
  colour: string | null;
  publishedAt: string;
}

/**
 * The grades pages that are not a resource's list (their titles `resource.gradePages.<key>`), registered at start as
 * the kit's pages are (docs/adr/0023): each granted, with its permission, to administrators and the roles named.
 */
export const GRADE_PAGES = [
  { url: '/grades/entry', key: 'entry', permission: 'grades:entry', roles: ['teacher', 'headteacher'], sort: 10, icon: 'edit outline' },
  { url: '/grades/confirmation', key: 'confirmation', permission: 'grades:manage', roles: ['office', 'gradeleader'], sort: 11, icon: 'check square outline' },
  { url: '/grades/analysis', key: 'analysis', permission: 'grades:analysis', roles: ['office', 'gradeleader', 'principal', 'teacher', 'headteacher'], sort: 12, icon: 'chart bar' },
  { url: '/grades/report', key: 'report', permission: 'grades:report', roles: ['office', 'gradeleader', 'principal', 'headteacher', 'teacher', 'student', 'parent'], sort: 13, icon: 'file pdf outline' },
  // one sheet (?batchId=&classId=&courseId=), opened from entry, confirmation and a review task: no menu entry of its own
  { url: '/grades/sheet', key: 'sheet', permission: 'grades:sheet', roles: ['office', 'gradeleader', 'principal', 'headteacher', 'teacher'], sort: 19, icon: 'table', hidden: true },
] as const satisfies readonly { url: string; key: string; permission: string; roles: readonly string[]; sort: number; icon: string; hidden?: boolean }[];
export const GradePermission = { entry: 'grades:entry', manage: 'grades:manage', analysis: 'grades:analysis', report: 'grades:report', sheet: 'grades:sheet' } as const;
