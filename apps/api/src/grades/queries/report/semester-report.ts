import type { Language, PublishedScore, ScoreMark } from '@schoolflow/contracts';

/** One exam of the semester, a column of the report: a published batch, named by its exam node. */
export interface ReportExam {
  batchId: string;
  /** The exam node's name, with the batch's when two batches of the semester share a node. */
  title: string;
  /** The exam node's weight (grade_exam_node.weight, 0–100). */
  weight: number;
}

/** One course's score in one exam, as published. */
export interface ReportCell {
  score: number | null;
  mark: ScoreMark | null;
  fullMarks: number;
  rank: string | null;
  level: string | null;
  colour: string | null;
}

export interface ReportCourse {
  courseId: string;
  name: string;
  /** By exam, in the order of `exams`; null where the course was not examined. */
  cells: (ReportCell | null)[];
  /** The semester total on 100, one decimal (see semesterTotal); null without any score. */
  total: number | null;
}

/** A student's semester report (docs/product/grades.md#final-report): what the PDF says, in one language. */
export interface SemesterReport {
  lang: Language;
  school: string;
  student: { id: string; name: string; studentNo: string; className: string };
  semester: { id: string; name: string };
  exams: ReportExam[];
  courses: ReportCourse[];
  /** The day it is made, in the school's time zone: YYYY-MM-DD. */
  date: string;
  /**
   * The published final-term evaluations of the semester (期末学业评价, docs/product/evaluations.md#final-term-evaluation):
   * each content's level (and value at the template's precision) and the head teacher's term comment. Absent or empty:
   * none published, and the report has no such section.
   */
  evaluations?: ReportEvaluation[];
}

/** A published final-term evaluation as the report prints it. */
export interface ReportEvaluation {
  roundName: string;
  contents: { theme: string; content: string; value: string; level: string | null }[];
  comment: string | null;
}

/**
 * A course's semester total: each exam's score as a percentage of its full marks, averaged with the exam nodes'
 * weights over the exams that have a score (a mark — absent, exempt — is no score and counts nowhere). When those
 * exams' weights are all 0 (the school set none), their plain average. One decimal; null with no score at all.
 */
export function semesterTotal(cells: readonly { score: number | null; fullMarks: number; weight: number }[]): number | null {
  const scored = cells.filter((c): c is { score: number; fullMarks: number; weight: number } => c.score !== null && c.fullMarks > 0);
  if (scored.length === 0) return null;
  const weights = scored.reduce((sum, c) => sum + c.weight, 0);
  const percent = (c: { score: number; fullMarks: number }) => (c.score / c.fullMarks) * 100;
  const value = weights > 0 ? scored.reduce((sum, c) => sum + c.weight * percent(c), 0) / weights : scored.reduce((sum, c) => sum + percent(c), 0) / scored.length;
  return Math.round(value * 10) / 10;
}

/**
 * The report's table from a student's published scores of one semester (in their order: by batch, then course) and
 * the weight of each batch's exam node: one column per batch, one row per course, each course's semester total.
 */
export function reportTable(scores: readonly PublishedScore[], weights: ReadonlyMap<string, number>): { exams: ReportExam[]; courses: ReportCourse[] } {
  const exams: (ReportExam & { node: string; batchName: string })[] = [];
  for (const s of scores) {
    if (!exams.some((e) => e.batchId === s.batchId)) exams.push({ batchId: s.batchId, title: s.examNodeName, node: s.examNodeName, batchName: s.batchName, weight: weights.get(s.batchId) ?? 0 });
  }
  // two batches at one exam node (two monthly tests) are told apart by their names
  for (const e of exams) if (exams.filter((x) => x.node === e.node).length > 1) e.title = `${e.node} ${e.batchName}`;
  const courses: ReportCourse[] = [];
  for (const s of scores) {
    let course = courses.find((c) => c.courseId === s.courseId);
    if (!course) {
      course = { courseId: s.courseId, name: s.courseName, cells: exams.map(() => null), total: null };
      courses.push(course);
    }
    course.cells[exams.findIndex((e) => e.batchId === s.batchId)] = { score: s.score, mark: s.mark, fullMarks: s.fullMarks, rank: s.rank, level: s.level, colour: s.colour };
  }
  for (const c of courses) {
    c.total = semesterTotal(c.cells.flatMap((cell, i) => (cell ? [{ score: cell.score, fullMarks: cell.fullMarks, weight: exams[i]?.weight ?? 0 }] : [])));
  }
  return { exams: exams.map(({ batchId, title, weight }) => ({ batchId, title, weight })), courses };
}
