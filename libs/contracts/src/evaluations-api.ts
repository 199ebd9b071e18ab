import { z } from 'zod';
import { momentText } from './schemas.js';
import { parseSchoolMoment } from './school-time.js';

/**
 * Evaluations (issue 28; docs/product/evaluations.md, docs/adr/0045-evaluations.md): settings (templates: theme →
 * content → level, evaluators and weights, precision), rounds, the evaluators' sheets, results and their export.
 * Shared by server, browser, tests, the bench and the final-term flow (eval-final); additive changes only.
 */
export const EVALUATIONS_BASE = '/api/evaluations';

export const evaluationsPath = {
  /** `GET ?schoolYearId=` → `EvalTemplateSummary[]`; `POST` with `evalTemplateInputSchema` → `EvalTemplate`. */
  templates: `${EVALUATIONS_BASE}/templates`,
  /** `GET` → `EvalTemplate`; `PUT` with `evalTemplateInputSchema` → `EvalTemplate`; `DELETE` (unused only). */
  template: (id: string): string => `${EVALUATIONS_BASE}/templates/${id}`,
  /** `GET` → `EvalSchoolYear[]`: the school years with their semesters, the current marked (评价设置's pickers). */
  schoolYears: `${EVALUATIONS_BASE}/school-years`,
  /** `GET ?semesterId=` → `EvalRoundSummary[]`; `POST` with `evalRoundInputSchema` → `EvalRound`. */
  rounds: `${EVALUATIONS_BASE}/rounds`,
  /** `GET` → `EvalRound`; `DELETE` (no cell entered yet). */
  round: (id: string): string => `${EVALUATIONS_BASE}/rounds/${id}`,
  /** `GET` → `EvalMySheet[]`: the sheets the caller fills (every open round, class and evaluator role). */
  mySheets: `${EVALUATIONS_BASE}/my-sheets`,
  /** `GET ?evaluator=` → `EvalSheet`; `PUT ?evaluator=` with `evalSheetSaveSchema` → `EvalSheetSaved` (autosave). */
  sheet: (roundId: string, classId: string): string => `${EVALUATIONS_BASE}/rounds/${roundId}/sheets/${classId}`,
  /** `GET` → `EvalProgress`: filled cells per class and evaluator role (the head teacher's class, or all for managers). */
  progress: (roundId: string): string => `${EVALUATIONS_BASE}/rounds/${roundId}/progress`,
  /** `GET ?classId=` → `EvalResults` (weighted, rounded to the template's precision); no classId: the whole round (managers). */
  results: (roundId: string): string => `${EVALUATIONS_BASE}/rounds/${roundId}/results`,
  /** `GET ?classId=` → xlsx of the results grid at the template's precision. */
  export: (roundId: string): string => `${EVALUATIONS_BASE}/rounds/${roundId}/export`,
} as const;

/** Who evaluates a content (spec): the student themself, named peers, head teacher, subject teachers, parents. */
export const EVAL_ROLES = ['self', 'peer', 'head', 'subject', 'parent'] as const;
export type EvalRole = (typeof EVAL_ROLES)[number];

/** Spec: evaluation precision none, one or two decimals. */
export const EVAL_PRECISIONS = [0, 1, 2] as const;
export type EvalPrecision = (typeof EVAL_PRECISIONS)[number];

export const EVAL_LIMITS = {
  /** Spec: evaluation index names (template, theme, content, level, round) at most 30. */
  nameMax: 30,
  /** Spec: the weights of one content's evaluators total at most 100. */
  weightTotal: 100,
  descriptionMax: 300,
  /** A cell's highest score (numeric(6,2) in the database). */
  scoreMax: 1000,
  /** Comments of any length (issue 28: not cut at 255); this bound only keeps one request sane. */
  commentMax: 20_000,
  peerCountMax: 10,
  themes: 20,
  contentsPerTheme: 30,
  levelsPerContent: 10,
  /** A sheet save carries at most this many cells (a class of 100 × 50 contents). */
  cellsPerSave: 5_000,
} as const;

/** Permissions (granted by the migration and the start-up registration, docs/product/evaluations.md#who). */
export const EvaluationPermission = {
  /** Templates and rounds (评价设置): administrators and the office. */
  manage: 'evaluations:manage',
  /** Filling sheets (三级评价): whoever a round names as an evaluator; the server checks the role per sheet. */
  evaluate: 'evaluations:evaluate',
  /** Results, distributions, export and progress (评价分析): managers, leaders, head teachers (their class). */
  analysis: 'evaluations:analysis',
} as const;

/**
 * The pages of evaluations (view stems evaluation/pjsz 评价设置, evaluation/sjpj 三级评价, evaluation/pjfx 评价分析),
 * registered at start under the `evaluation` menu group; titles `evaluations.page.<key>`. The final-term page
 * (期末学业评价) is eval-final's.
 */
export const EVALUATION_PAGES = [
  { url: '/evaluation/pjsz', key: 'settings', permission: EvaluationPermission.manage, roles: ['office'], sort: 1, icon: 'sliders horizontal' },
  { url: '/evaluation/sjpj', key: 'evaluate', permission: EvaluationPermission.evaluate, roles: ['headteacher', 'teacher', 'student', 'parent'], sort: 2, icon: 'edit outline' },
  { url: '/evaluation/pjfx', key: 'analysis', permission: EvaluationPermission.analysis, roles: ['office', 'principal', 'gradeleader', 'headteacher'], sort: 3, icon: 'chart bar' },
] as const satisfies readonly { url: string; key: string; permission: string; roles: readonly string[]; sort: number; icon: string }[];

// ── pure rules, shared by the form, the server and the grid ─────────────────────────────────────────────────────────

/** A value at the template's precision, as a number (half away from zero, so 84.45 → 84.5 at one decimal). */
export function roundToPrecision(value: number, precision: EvalPrecision): number {
  const f = 10 ** precision;
  return (Math.sign(value) * Math.round(Math.abs(value) * f + 1e-6)) / f;
}

/** A value as shown and exported everywhere: exactly `precision` decimals (85 → "85", "85.0", "85.00"). */
export function formatEvalValue(value: number | null | undefined, precision: EvalPrecision): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return roundToPrecision(value, precision).toFixed(precision);
}

export interface EvalLevelRule {
  name: string;
  /** A level given as a score… */
  score?: number | null;
  /** …or as a band of scores. */
  min?: number | null;
  max?: number | null;
}

/** The highest score a content's cell may hold: its top level's score or band end. */
export function contentMaxScore(levels: readonly EvalLevelRule[]): number {
  return Math.max(0, ...levels.map((l) => (l.score ?? l.max ?? 0)));
}

/**
 * The level a value earns: the band holding it, else the best score level at or below it (levels in any order).
 * null below every level.
 */
export function levelFor<L extends EvalLevelRule>(value: number | null, levels: readonly L[]): L | null {
  if (value === null) return null;
  const band = levels.find((l) => l.min !== null && l.min !== undefined && l.max !== null && l.max !== undefined && value >= l.min - 1e-9 && value <= l.max + 1e-9);
  if (band) return band;
  let best: L | null = null;
  for (const l of levels) if (l.score !== null && l.score !== undefined && l.score <= value + 1e-9 && (best === null || (best.score ?? 0) < l.score)) best = l;
  return best;
}

/** The score a level stands for when typed by its letter (A = first level): its score, or its band's end. */
export function levelScore(level: EvalLevelRule): number {
  return level.score ?? level.max ?? 0;
}

/** The letter typed for the n-th level of a content (A, B, C, …). */
export const levelLetter = (index: number): string => String.fromCharCode(65 + index);

/** The total of one content's weights (two decimals, so 33.33 × 3 is 99.99, not 99.99000000000001). */
export function weightTotal(evaluators: readonly { weight: number }[]): number {
  return Math.round(evaluators.reduce((s, e) => s + e.weight * 100, 0)) / 100;
}

/** A cell's value: 0…max with at most two decimals; a `validation.*` key or null. */
export function evalScoreProblem(score: number, max: number): string | null {
  if (!Number.isFinite(score)) return 'validation.scoreNotNumber';
  if (score < 0 || score > max + 1e-9) return 'validation.evalScoreRange';
  if (Math.abs(Math.round(score * 100) - score * 100) > 1e-6) return 'validation.scoreDecimals';
  return null;
}

/** What a typed cell may hold as one types: a number with at most two decimals, a level letter, or nothing. */
export const EVAL_CELL_TYPING = /^((\d{0,4}(\.\d{0,2})?)|[A-Ja-j])$/;

// ── schemas ──────────────────────────────────────────────────────────────────────────────────────────────────────────

const uuid = z.string({ error: 'validation.fieldChoose' }).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'validation.fieldChoose');
/** Spec: an evaluation index name — required, no edge spaces, at most 30. */
const indexName = z
  .string({ error: 'validation.evalNameRequired' })
  .transform((s) => s.trim())
  .pipe(z.string().min(1, 'validation.evalNameRequired').max(EVAL_LIMITS.nameMax, 'validation.evalNameTooLong'));
const description = z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string({ error: 'validation.invalid' }).max(EVAL_LIMITS.descriptionMax, 'validation.tooLong'));
const optionalScore = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.number({ error: 'validation.scoreNotNumber' }).min(0, 'validation.evalScoreRange').max(EVAL_LIMITS.scoreMax, 'validation.evalScoreRange').nullable(),
);

export const evalLevelInputSchema = z
  .object({ name: indexName, description, score: optionalScore, min: optionalScore, max: optionalScore })
  .superRefine((l, ctx) => {
    const band = l.min !== null || l.max !== null;
    if (l.score === null && !band) ctx.addIssue({ code: 'custom', message: 'validation.evalLevelScoreOrBand', path: ['score'] });
    else if (l.score !== null && band) ctx.addIssue({ code: 'custom', message: 'validation.evalLevelScoreOrBand', path: ['score'] });
    else if (band && (l.min === null || l.max === null || l.min > l.max)) ctx.addIssue({ code: 'custom', message: 'validation.evalLevelBand', path: ['max'] });
  });
export type EvalLevelInput = z.infer<typeof evalLevelInputSchema>;

export const evalEvaluatorInputSchema = z.object({
  role: z.enum(EVAL_ROLES, { error: 'validation.fieldChoose' }),
  weight: z.number({ error: 'validation.evalWeightInvalid' }).gt(0, 'validation.evalWeightInvalid').max(EVAL_LIMITS.weightTotal, 'validation.evalWeightsOverLimit'),
});

export const evalContentInputSchema = z
  .object({
    name: indexName,
    description,
    evaluators: z.array(evalEvaluatorInputSchema).min(1, 'validation.evalEvaluatorsRequired').max(EVAL_ROLES.length, 'validation.evalEvaluatorsRequired'),
    levels: z.array(evalLevelInputSchema).min(1, 'validation.evalLevelsRequired').max(EVAL_LIMITS.levelsPerContent, 'validation.fieldTooMany'),
  })
  .superRefine((c, ctx) => {
    if (weightTotal(c.evaluators) > EVAL_LIMITS.weightTotal) ctx.addIssue({ code: 'custom', message: 'validation.evalWeightsOverLimit', path: ['evaluators'] });
    if (new Set(c.evaluators.map((e) => e.role)).size !== c.evaluators.length) ctx.addIssue({ code: 'custom', message: 'validation.evalEvaluatorTwice', path: ['evaluators'] });
  });
export type EvalContentInput = z.infer<typeof evalContentInputSchema>;

export const evalThemeInputSchema = z.object({
  name: indexName,
  description,
  contents: z.array(evalContentInputSchema).min(1, 'validation.evalContentsRequired').max(EVAL_LIMITS.contentsPerTheme, 'validation.fieldTooMany'),
});

/** `POST /evaluations/templates`, `PUT /evaluations/templates/{id}`: the whole tree at once. */
export const evalTemplateInputSchema = z.object({
  schoolYearId: uuid,
  name: indexName,
  description,
  precision: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'validation.evalPrecisionInvalid' }),
  /** How many named classmates each student evaluates where a content has `peer` (0: none). */
  peerCount: z.number({ error: 'validation.invalid' }).int('validation.invalid').min(0, 'validation.invalid').max(EVAL_LIMITS.peerCountMax, 'validation.invalid').default(0),
  themes: z.array(evalThemeInputSchema).min(1, 'validation.evalThemesRequired').max(EVAL_LIMITS.themes, 'validation.fieldTooMany'),
});
export type EvalTemplateInput = z.input<typeof evalTemplateInputSchema>;
export type EvalTemplateParsed = z.output<typeof evalTemplateInputSchema>;

/** `POST /evaluations/rounds`: a template for a semester, applied to whole grades and/or single classes, with a window. */
export const evalRoundInputSchema = z
  .object({
    templateId: uuid,
    semesterId: uuid,
    name: indexName,
    grades: z.array(z.number().int().min(1).max(99), { error: 'validation.invalid' }).max(20).default([]),
    classIds: z.array(uuid).max(500).default([]),
    start: z.string({ error: 'validation.evalStartRequired' }).min(1, 'validation.evalStartRequired').pipe(momentText()),
    end: z.string({ error: 'validation.evalEndRequired' }).min(1, 'validation.evalEndRequired').pipe(momentText()),
  })
  .superRefine((r, ctx) => {
    if (r.grades.length === 0 && r.classIds.length === 0) ctx.addIssue({ code: 'custom', message: 'validation.evalRoundReachRequired', path: ['classIds'] });
    const s = parseSchoolMoment(r.start);
    const e = parseSchoolMoment(r.end);
    if (s !== null && e !== null && e <= s) ctx.addIssue({ code: 'custom', message: 'validation.evalWindowOrder', path: ['end'] });
  });
export type EvalRoundInput = z.input<typeof evalRoundInputSchema>;

/** `?evaluator=` of a sheet. */
export const evalSheetQuerySchema = z.object({ evaluator: z.enum(EVAL_ROLES, { error: 'validation.evalEvaluatorInvalid' }) });

/**
 * `PUT …/sheets/{classId}?evaluator=`: some cells of the caller's grid (an autosave sends what changed). A null score
 * clears the cell; a null comment clears the comment.
 */
export const evalSheetSaveSchema = z.object({
  cells: z
    .array(z.object({ studentId: uuid, contentId: uuid, score: z.number({ error: 'validation.scoreNotNumber' }).nullable() }), { error: 'validation.fieldInvalid' })
    .max(EVAL_LIMITS.cellsPerSave, 'validation.fieldTooMany')
    .default([]),
  comments: z
    .array(z.object({ studentId: uuid, text: z.string({ error: 'validation.invalid' }).max(EVAL_LIMITS.commentMax, 'validation.evalCommentTooLong').nullable() }), { error: 'validation.fieldInvalid' })
    .max(500, 'validation.fieldTooMany')
    .default([]),
});
export type EvalSheetSaveInput = z.input<typeof evalSheetSaveSchema>;

export const evalResultsQuerySchema = z.object({ classId: uuid.optional() });
export const evalTemplateListQuerySchema = z.object({ schoolYearId: uuid.optional() });
export const evalRoundListQuerySchema = z.object({ semesterId: uuid.optional() });

// ── answers ──────────────────────────────────────────────────────────────────────────────────────────────────────────

export interface EvalLevel {
  id: string;
  name: string;
  description: string;
  score: number | null;
  min: number | null;
  max: number | null;
}
export interface EvalContent {
  id: string;
  name: string;
  description: string;
  maxScore: number;
  evaluators: { role: EvalRole; weight: number }[];
  levels: EvalLevel[];
}
export interface EvalTheme {
  id: string;
  name: string;
  description: string;
  contents: EvalContent[];
}
/** A template as read (the tree in order). `inUse`: a round uses it, so only name, description and precision change. */
export interface EvalTemplate {
  id: string;
  schoolYearId: string;
  schoolYearName: string;
  name: string;
  description: string;
  precision: EvalPrecision;
  peerCount: number;
  inUse: boolean;
  themes: EvalTheme[];
}
export interface EvalTemplateSummary {
  id: string;
  schoolYearId: string;
  schoolYearName: string;
  name: string;
  precision: EvalPrecision;
  themes: number;
  contents: number;
  rounds: number;
  updatedAt: string;
}

/**
 * A school year as 评价设置 picks it (templates belong to a year, a round to one of its semesters). Newest first; names
 * in the caller's language. `current`: the year of the current semester / the current semester.
 */
export interface EvalSchoolYear {
  id: string;
  name: string;
  current: boolean;
  semesters: { id: string; name: string; current: boolean }[];
}

export interface EvalRoundSummary {
  id: string;
  name: string;
  templateId: string;
  templateName: string;
  semesterId: string;
  semesterName: string;
  start: string;
  end: string;
  /** Before, inside or after the window. */
  phase: 'upcoming' | 'open' | 'closed';
  classes: number;
  students: number;
}
export interface EvalRound extends EvalRoundSummary {
  grades: number[];
  classList: { id: string; name: string; grade: number; headTeacherId: string | null }[];
  precision: EvalPrecision;
}

/** One sheet the caller fills: a round's class in one evaluator role (三级评价's list). */
export interface EvalMySheet {
  roundId: string;
  roundName: string;
  classId: string;
  className: string;
  evaluator: EvalRole;
  phase: EvalRoundSummary['phase'];
  end: string;
  /** Filled cells of the caller / cells expected. */
  filled: number;
  total: number;
}

export interface EvalSheetRow {
  studentId: string;
  studentNo: string;
  name: string;
  /** By content id: the caller's score, or null. */
  scores: Record<string, number | null>;
  comment: string | null;
}
/** The grid of one evaluator role in one class: only the students this caller evaluates, only its role's contents. */
export interface EvalSheet {
  round: { id: string; name: string; start: string; end: string; phase: EvalRoundSummary['phase'] };
  class: { id: string; name: string };
  evaluator: EvalRole;
  /** Typing is possible: the window is open. */
  editable: boolean;
  precision: EvalPrecision;
  /** Columns, in template order, with their theme's name. */
  contents: (EvalContent & { themeId: string; themeName: string })[];
  rows: EvalSheetRow[];
}
export interface EvalSheetSaved {
  saved: number;
  filled: number;
  total: number;
  savedAt: string;
}

export interface EvalProgressRow {
  classId: string;
  className: string;
  role: EvalRole;
  filled: number;
  total: number;
}
export interface EvalProgress {
  roundId: string;
  rows: EvalProgressRow[];
}

/** One student's results: by content id the weighted value (rounded to the precision) and its level's name. */
export interface EvalResultRow {
  studentId: string;
  classId: string;
  studentNo: string;
  name: string;
  values: Record<string, number | null>;
  levels: Record<string, string | null>;
  /** The mean of the student's content values (same precision), null with none. */
  average: number | null;
  /** The head teacher's term comment (any length). */
  comment: string | null;
}
export interface EvalDistribution {
  contentId: string;
  /** Students per level name, in level order; `none`: no value. */
  levels: { name: string; count: number }[];
  none: number;
  average: number | null;
}
/** `GET …/results?classId=`: the class's student × content grid, rounded to `precision` (format with formatEvalValue). */
export interface EvalResults {
  round: { id: string; name: string; semesterId: string; templateId: string };
  /** null: the whole round (every class's rows). */
  class: { id: string; name: string } | null;
  precision: EvalPrecision;
  themes: { id: string; name: string }[];
  contents: (Omit<EvalContent, 'description'> & { themeId: string })[];
  rows: EvalResultRow[];
  distributions: EvalDistribution[];
}

/** Pushed to the class's head teacher (and managers watching) when a sheet of the class is saved (`evaluation.progress`). */
export interface EvalProgressPush {
  roundId: string;
  classId: string;
}
