/**
 * The final-term evaluation's reads (期末学业评价, docs/product/evaluations.md#final-term-evaluation): the flow itself
 * runs on the workflow API (`/api/workflows/final-evaluation`, form `{roundId, classId}`; OBJECT `{studentId,
 * comment}`, ANSWER `{objection, comment}`); these answer what the pages show beside it.
 */
export const finalEvaluationPath = {
  /** `GET` → `FinalClassRow[]`: the head teacher's classes in every round, with their flow. */
  classes: '/api/evaluations/final/classes',
  /** `GET` → `StudentFinalEvaluation[]`: a student's evaluations families may read (from the publicity on). */
  student: (studentId: string): string => `/api/evaluations/final/students/${studentId}`,
} as const;

/** The longest objection or answer (characters): a paragraph, as the platform's comments. */
export const OBJECTION_MAX = 500;

/** The final-term page's menu (view stem evaluation/qmpj 期末学业评价): head teachers, students, parents. */
export const FINAL_EVALUATION_PAGE = { url: '/evaluation/qmpj', key: 'final', roles: ['headteacher', 'student', 'parent'], sort: 4, icon: 'clipboard check' } as const;

/** An objection a family raised during the public notice, and the head teacher's answer. */
export interface FinalObjection {
  /** 1, 2, … in the order raised: ANSWER names it. */
  no: number;
  by: string;
  studentId: string;
  text: string;
  at: string;
  answer: string | null;
  answeredBy: string | null;
  answeredAt: string | null;
}

export interface FinalContentResult {
  theme: string;
  content: string;
  value: number | null;
  max: number;
  level: string | null;
}

export interface StudentFinalEvaluation {
  instanceId: string;
  version: number;
  /** publicity | review | published */
  state: string;
  roundId: string;
  roundName: string;
  semesterId: string;
  precision: 0 | 1 | 2;
  publicityEndsAt: string | null;
  contents: FinalContentResult[];
  comment: string | null;
  objections: FinalObjection[];
}

export interface FinalClassRow {
  roundId: string;
  roundName: string;
  classId: string;
  className: string;
  /** Students still without results or a term comment (a submission is refused until 0). */
  missing: number;
  instance: { id: string; version: number; state: string; publicityEndsAt: string | null; objections: (FinalObjection & { studentName: string })[] } | null;
}
