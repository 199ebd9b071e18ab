import { z } from 'zod';
import { type AnalysisKind, GRADES_BASE, type ScoreMark } from './grades-api.js';
import { isUuid } from './schemas.js';

/**
 * Grade analysis (issue 10 item 4; docs/product/grades.md#analysis, `GET /server/api/grades/analysis/{kind}?batchId=…`): the query each
 * kind takes and the answer it gives, shared by the server, the 成绩分析 page and the tests.
 *
 * Numbers: scores, averages and standard deviations are on the batch course's full marks, rounded to two decimals;
 * rates are percentages (0–100, two decimals). Only scores present in `grade_score` count: a mark (absent, exempt)
 * is counted apart and never enters an average. Pass and excellence follow the course's scale in the batch, read as
 * the conversion reads them (the score put on the scale's score system, rounded to two decimals, against its lines);
 * a course without a scale has no rates (`null`) and its `scaled` is false (the page says the spec's
 * "该课程未设置评分体系").
 */

/** The query kinds take in the address; `format=xlsx` answers the same table as an Excel file. */
export const ANALYSIS_FORMATS = ['json', 'xlsx'] as const;
export type AnalysisFormat = (typeof ANALYSIS_FORMATS)[number];

const id = (message: string) => z.string({ error: message }).trim().refine(isUuid, 'validation.analysisIdInvalid');
const optionalId = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || isUuid(v), 'validation.analysisIdInvalid');
const format = z.enum(ANALYSIS_FORMATS, { error: 'validation.analysisFormatInvalid' }).default('json');

/** admin-class, teaching-class, ranking: a batch; optionally one course and one class (a teaching class for teaching-class). */
export const analysisQuerySchema = z.object({
  batchId: id('validation.analysisBatchRequired'),
  courseId: optionalId,
  classId: optionalId,
  format,
});
/** subject, question-rate: one course of the batch is required. */
export const courseAnalysisQuerySchema = analysisQuerySchema.extend({ courseId: id('validation.analysisCourseRequired') });
export type AnalysisQuery = z.output<typeof analysisQuerySchema>;

/** The query schema of a kind. */
export function analysisQueryOf(kind: AnalysisKind): typeof analysisQuerySchema | typeof courseAnalysisQuerySchema {
  return kind === 'subject' || kind === 'question-rate' ? courseAnalysisQuerySchema : analysisQuerySchema;
}

/** The score bands of the distribution, as percentages of full marks: <60, 60–70, 70–80, 80–90, ≥90. */
export const SCORE_BANDS = [60, 70, 80, 90] as const;
/** How many bands there are (one more than the edges). */
export const SCORE_BAND_COUNT = SCORE_BANDS.length + 1;

/** A course of the batch as the analysis read it. */
export interface AnalysisCourse {
  id: string;
  name: string;
  fullMarks: number;
  /** Its weight in the batch's total (0 when none is set). */
  weight: number;
  /** Whether the batch gives the course a scale; without one, pass and excellence rates are null. */
  scaled: boolean;
  /** The scale's pass and excellent lines on the course's full marks (`linesOn`), or null without a scale. */
  passLine: number | null;
  excellentLine: number | null;
}

/** Names of what the answer is about, so the page fills its pickers from one answer. */
export interface AnalysisHead {
  kind: AnalysisKind;
  batch: { id: string; name: string; grade: string; published: boolean };
  /** Every course of the batch, in the batch's order (not only the one asked for). */
  courses: AnalysisCourse[];
  /** Every administrative class with a sheet in the batch. */
  classes: { id: string; name: string }[];
  /** True when a course the answer covers has no scale: the page shows `grades.errors.noGradingSystem`. */
  noGradingSystem: boolean;
}

/** Count, spread and rates of a set of scores. */
export interface ScoreStats {
  /** Scores counted (rows with a score). */
  scored: number;
  absent: number;
  exempt: number;
  average: number | null;
  highest: number | null;
  lowest: number | null;
  /** Population standard deviation. */
  stdDev: number | null;
  passRate: number | null;
  excellentRate: number | null;
  /** Counts per band of SCORE_BANDS (length SCORE_BAND_COUNT). */
  bands: number[];
}

/** One class (or, with `groupId` null, the whole grade) in one course. */
export interface ClassStatsRow extends ScoreStats {
  courseId: string;
  courseName: string;
  /** The administrative or teaching class; null for the grade's row. */
  groupId: string | null;
  groupName: string;
  /** The teaching class's teacher (teaching-class), or the sheet's teacher (admin-class, one course). */
  teacherName: string | null;
}

/** admin-class and teaching-class: per class and course, and the grade per course. */
export interface ClassAnalysis extends AnalysisHead {
  kind: 'admin-class' | 'teaching-class';
  rows: ClassStatsRow[];
}

export interface RankingRow {
  studentId: string;
  studentNo: string;
  name: string;
  classId: string;
  className: string;
  /** Sum of the student's scores over the batch's courses (weighted when `weighted`); null without any score. */
  total: number | null;
  /** Standard competition ranks (1, 2, 2, 4) by total, in the class and in the grade; null without a total. */
  classRank: number | null;
  gradeRank: number | null;
  /** Each course's score, in the order of the answer's `courses` (null: no score — a mark, or nothing entered). */
  scores: (number | null)[];
  /** The marks by course id (only the courses marked absent or exempt). */
  marks: Record<string, ScoreMark>;
}

/** ranking: students by total, with ranks in class and grade. */
export interface RankingAnalysis extends AnalysisHead {
  kind: 'ranking';
  /**
   * True when the batch sets course weights (any above 0): a total is then Σ score × weight / 100, so a course of
   * weight 0 does not count. False: the plain sum of the scores.
   */
  weighted: boolean;
  rows: RankingRow[];
}

export interface SubjectRow {
  /** Null for the grade's row. */
  classId: string | null;
  className: string;
  scored: number;
  absent: number;
  exempt: number;
  average: number | null;
  /** Class average minus the grade's average (null on the grade's row and without scores). */
  difference: number | null;
  lowest: number | null;
  /** Quartiles by linear interpolation (PostgreSQL `percentile_cont`). */
  q1: number | null;
  median: number | null;
  q3: number | null;
  highest: number | null;
  stdDev: number | null;
  passRate: number | null;
  excellentRate: number | null;
}

/** subject: one course across classes. */
export interface SubjectAnalysis extends AnalysisHead {
  kind: 'subject';
  course: AnalysisCourse;
  rows: SubjectRow[];
}

export interface QuestionRateRow {
  itemId: string;
  itemName: string;
  fullMarks: number;
  /** Null for the grade's row. */
  classId: string | null;
  className: string;
  /** Students with a value for the item (marked rows are left out). */
  count: number;
  average: number | null;
  /** average / item full marks, as a percentage. */
  rate: number | null;
}

/** question-rate: per score item of a course, per class and overall; a course without items answers no rows. */
export interface QuestionRateAnalysis extends AnalysisHead {
  kind: 'question-rate';
  course: AnalysisCourse;
  items: { id: string; name: string; fullMarks: number }[];
  rows: QuestionRateRow[];
}

export type AnalysisAnswer = ClassAnalysis | RankingAnalysis | SubjectAnalysis | QuestionRateAnalysis;

/** What each kind answers. */
export interface AnalysisAnswers {
  'admin-class': ClassAnalysis;
  'teaching-class': ClassAnalysis;
  ranking: RankingAnalysis;
  subject: SubjectAnalysis;
  'question-rate': QuestionRateAnalysis;
}

/** The batches the analysis page offers (opened ones: a batch without sheets has nothing to analyse). */
export interface AnalysisBatch {
  id: string;
  name: string;
  grade: string;
  semesterName: string;
  published: boolean;
  /** Its courses in the batch's order and the classes of its sheets: the page's pickers. */
  courses: { id: string; name: string }[];
  classes: { id: string; name: string }[];
}
export const analysisBatchesPath = `${GRADES_BASE}/analysis/batches`;
