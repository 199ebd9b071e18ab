import { z } from 'zod';
import { audienceSchema, type Audience } from './posts-api.js';
import { parseSchoolMoment } from './school-time.js';
import { isUuid, momentText } from './schemas.js';

/**
 * Questionnaires (issue 25; docs/product/questionnaires.md, docs/adr/0038): management (signed in, under
 * `/server/api/surveys`), answering (public or signed in, under `/server/anon/surveys`) and results. Shared by server,
 * browser, tests and the bench; additive changes only — four parts build on it at once.
 */
export const SURVEYS_BASE = '/api/surveys';
export const ANON_SURVEYS_BASE = '/anon/surveys';

export const surveysPath = {
  /** `GET` with `surveyListQuerySchema` → `SurveyPage`; `POST` with `surveyInputSchema` → `SurveySaved`. */
  list: SURVEYS_BASE,
  /** `GET` → `SurveyDetail`; `PUT` with `surveyInputSchema` → `SurveySaved`; `DELETE`. */
  one: (id: string): string => `${SURVEYS_BASE}/${id}`,
  /** `POST` → `SurveyStatus`, msg: the action's success message (or 422 with its failure message). */
  publish: (id: string): string => `${SURVEYS_BASE}/${id}/publish`,
  unpublish: (id: string): string => `${SURVEYS_BASE}/${id}/unpublish`,
  enable: (id: string): string => `${SURVEYS_BASE}/${id}/enable`,
  disable: (id: string): string => `${SURVEYS_BASE}/${id}/disable`,
  /** `GET` with `surveyStatsQuerySchema` → `SurveyStats` (aggregated in SQL). */
  stats: (id: string): string => `${SURVEYS_BASE}/${id}/stats`,
  /** `GET` with `surveyTextAnswersQuerySchema` → `SurveyTextPage`: one text question's answers, paged and searchable. */
  texts: (id: string): string => `${SURVEYS_BASE}/${id}/stats/texts`,
  /** `GET` → xlsx, streamed. */
  export: (id: string): string => `${SURVEYS_BASE}/${id}/export`,
  /** `GET` → `SurveyCategory[]`: the category dictionary (STD_SURVEY_CATEGORY). */
  categories: `${SURVEYS_BASE}/categories`,
  /** `GET` with `surveyListQuerySchema` (paging only) → `AnonSurveyPage`: what the signed-in caller may answer. */
  mine: `${SURVEYS_BASE}/mine`,
} as const;

export const anonSurveysPath = {
  /** `GET` → `AnonSurveyPage`: open public questionnaires. */
  list: ANON_SURVEYS_BASE,
  /** `GET` → `SurveyPaper` (the view is counted; a device token is issued). `?preview=1` the author's draft. */
  one: (id: string): string => `${ANON_SURVEYS_BASE}/${id}`,
  /** `POST` with `surveyAnswersSchema` and header `X-Survey-Device` → `SurveyAnswered`; 403 outside the window, 409 the second time. */
  answers: (id: string): string => `${ANON_SURVEYS_BASE}/${id}/answers`,
} as const;

/** The header carrying the device token issued with a public paper. */
export const SURVEY_DEVICE_HEADER = 'X-Survey-Device';

/** Managing (create, edit, publish, delete) questionnaires; seeded to `admin` (docs/product/questionnaires.md#who). */
export const SURVEY_MANAGE_PERMISSION = 'survey:manage';
/** The category dictionary's table (sys_dict.dict_type). */
export const SURVEY_CATEGORY_DICT = 'STD_SURVEY_CATEGORY';

/**
 * The pages of 问卷管理 (view stems survey: cjwj, wjdt, wjlb, wjtx, zdsxyz; docs/adr/0038): the demo seed's menus
 * and the web routes; titles `surveys.page.<key>`. Answering needs no permission of its own beyond its menu's.
 */
export const SURVEY_PAGES = [
  { url: '/survey/wjlb', key: 'list', sort: 1, icon: 'list alternate outline', permission: SURVEY_MANAGE_PERMISSION },
  { url: '/survey/cjwj', key: 'create', sort: 2, icon: 'edit outline', permission: SURVEY_MANAGE_PERMISSION },
  { url: '/survey/wjdt', key: 'answer', sort: 3, icon: 'check square outline', permission: 'menu:survey_answer' },
] as const satisfies readonly { url: string; key: string; sort: number; icon: string; permission: string }[];

export const QUESTION_TYPES = ['single', 'multiple', 'text', 'rating', 'matrix', 'date'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
/** Kinds whose answers are option indexes, so they need options and may be a show-if condition. */
export const CHOICE_TYPES: readonly QuestionType[] = ['single', 'multiple'];
export const SURVEY_TEMPLATES = ['teaching-quality'] as const;
export type SurveyTemplate = (typeof SURVEY_TEMPLATES)[number];
/** Where a matrix's rows may come from instead of `rows`: the teachers of the respondent's class (resolved when served). */
export const ROWS_SOURCES = ['myTeachers'] as const;
export type RowsSource = (typeof ROWS_SOURCES)[number];

export const SURVEY_LIMITS = {
  nameMax: 100,
  descriptionMax: 2000,
  questions: 100,
  titleMax: 200,
  options: 50,
  optionLabelMax: 100,
  rows: 50,
  rowLabelMax: 100,
  /** Rating scale: `min`..`max` (defaults 1..5), at most this. */
  ratingMax: 10,
  textAnswerMax: 2000,
  /** Option pictures: JPG only, at most 2 MB (spec: picture JPG max 2MB). */
  pictureBytes: 2 * 1024 * 1024,
  pictureSuffixes: ['jpg', 'jpeg'],
} as const;
export const RATING_DEFAULT = { min: 1, max: 5 } as const;

const trimmed = (requiredKey: string, max: number, tooLongKey = 'validation.tooLong') =>
  z
    .string({ error: requiredKey })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, requiredKey).max(max, tooLongKey));
const optionalInt = (min: number, max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.number({ error: 'validation.invalid' }).int('validation.invalid').min(min, 'validation.invalid').max(max, 'validation.invalid').optional());
const uuid = (key = 'validation.idInvalid') => z.string({ error: key }).refine(isUuid, key);

/** An option: its label and, optionally, a picture (a file id of the files API: JPG ≤ 2 MB, checked by the server). */
export const surveyOptionSchema = z.object({
  label: trimmed('validation.surveyOptionRequired', SURVEY_LIMITS.optionLabelMax),
  picture: z.preprocess((v) => (v === '' ? null : v), uuid('validation.attachmentInvalid').nullable().optional()),
});
export type SurveyOptionInput = z.infer<typeof surveyOptionSchema>;

/** "Show this question when question #`question` (an earlier choice question, by position) was answered with one of `options`." */
export const showIfSchema = z.object({
  question: z.number({ error: 'validation.surveyShowIfInvalid' }).int('validation.surveyShowIfInvalid').min(0, 'validation.surveyShowIfInvalid'),
  options: z.array(z.number({ error: 'validation.surveyShowIfInvalid' }).int('validation.surveyShowIfInvalid').min(0, 'validation.surveyShowIfInvalid'), { error: 'validation.surveyShowIfInvalid' }).min(1, 'validation.surveyShowIfInvalid').max(SURVEY_LIMITS.options, 'validation.surveyShowIfInvalid'),
});
export type ShowIf = z.infer<typeof showIfSchema>;

/**
 * A question as written. Per kind: single/multiple take `options` (multiple: `min`/`max` options chosen); rating a
 * scale `min`..`max` (default 1..5); matrix `rows` (or `rowsSource`) × `options` as the scale columns (column i scores
 * i + 1, so write them worst first); text `max` characters; date nothing more. Order is the array's order.
 */
export const questionInputSchema = z.object({
  type: z.enum(QUESTION_TYPES, { error: 'validation.surveyQuestionTypeInvalid' }),
  title: trimmed('validation.surveyQuestionTitleRequired', SURVEY_LIMITS.titleMax),
  required: z.boolean({ error: 'validation.invalid' }).optional(),
  options: z.array(surveyOptionSchema, { error: 'validation.invalid' }).max(SURVEY_LIMITS.options, 'validation.tooLong').optional(),
  min: optionalInt(0, SURVEY_LIMITS.textAnswerMax),
  max: optionalInt(0, SURVEY_LIMITS.textAnswerMax),
  rows: z.array(trimmed('validation.surveyRowRequired', SURVEY_LIMITS.rowLabelMax), { error: 'validation.invalid' }).max(SURVEY_LIMITS.rows, 'validation.tooLong').optional(),
  rowsSource: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(ROWS_SOURCES, { error: 'validation.invalid' }).optional()),
  showIf: z.preprocess((v) => (v === null ? undefined : v), showIfSchema.optional()),
});
export type QuestionInput = z.infer<typeof questionInputSchema>;

/**
 * Rules of one questionnaire's questions that need the whole list (docs/product/questionnaires.md#rules), each the
 * validation key it fails with, or null. Shared: the zod schema below, the server's domain and the designer use it.
 */
export function questionsRefusal(questions: readonly QuestionInput[]): { index: number; key: string } | null {
  if (questions.length === 0) return { index: 0, key: 'validation.surveyQuestionsRequired' };
  for (const [index, q] of questions.entries()) {
    const options = q.options?.length ?? 0;
    if ((CHOICE_TYPES.includes(q.type) || q.type === 'matrix') && options === 0) return { index, key: 'validation.surveyOptionsRequired' };
    if (q.min !== undefined && q.max !== undefined && q.min > q.max) return { index, key: 'validation.surveyMinMax' };
    if (q.type === 'multiple' && ((q.max ?? 0) > options || (q.min ?? 0) > options)) return { index, key: 'validation.surveyMinMax' };
    if (q.type === 'rating' && ((q.max ?? RATING_DEFAULT.max) > SURVEY_LIMITS.ratingMax || (q.min ?? RATING_DEFAULT.min) >= (q.max ?? RATING_DEFAULT.max))) return { index, key: 'validation.surveyRatingScale' };
    if (q.type === 'matrix' && !q.rowsSource && !q.rows?.length) return { index, key: 'validation.surveyRowsRequired' };
    if (q.showIf) {
      const target = questions[q.showIf.question];
      if (q.showIf.question >= index || !target || !CHOICE_TYPES.includes(target.type)) return { index, key: 'validation.surveyShowIfInvalid' };
      if (q.showIf.options.some((o) => o >= (target.options?.length ?? 0))) return { index, key: 'validation.surveyShowIfInvalid' };
    }
  }
  return null;
}

/** Start and end (spec: required and different; the end after the start), or the key they fail with. */
export function windowRefusal(start: string, end: string): string | null {
  const s = parseSchoolMoment(start);
  const e = parseSchoolMoment(end);
  if (s === null || e === null) return 'validation.timeInvalid';
  if (s === e) return 'validation.surveyWindowSame';
  if (e < s) return 'validation.surveyWindowOrder';
  return null;
}

const surveyFields = {
  name: trimmed('validation.surveyNameRequired', SURVEY_LIMITS.nameMax, 'validation.surveyNameTooLong'),
  /** A code of the category dictionary (`GET surveysPath.categories`). */
  category: z.string({ error: 'validation.surveyCategoryRequired' }).trim().min(1, 'validation.surveyCategoryRequired').max(40, 'validation.surveyCategoryRequired'),
  description: z.preprocess((v) => (v === null ? undefined : v), z.string({ error: 'validation.invalid' }).max(SURVEY_LIMITS.descriptionMax, 'validation.tooLong').optional()),
  start: z.string({ error: 'validation.surveyStartRequired' }).min(1, 'validation.surveyStartRequired').pipe(momentText()),
  end: z.string({ error: 'validation.surveyEndRequired' }).min(1, 'validation.surveyEndRequired').pipe(momentText()),
  anonymous: z.boolean({ error: 'validation.invalid' }).optional(),
  /** Signed-in respondents (as publishing's audience), or `public: true` for anyone with the link. */
  audience: z.preprocess((v) => (v === null ? undefined : v), audienceSchema.optional()),
  public: z.boolean({ error: 'validation.invalid' }).optional(),
  template: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(SURVEY_TEMPLATES, { error: 'validation.invalid' }).optional()),
  questions: z.array(questionInputSchema, { error: 'validation.surveyQuestionsRequired' }).max(SURVEY_LIMITS.questions, 'validation.tooLong'),
};

/** `POST /surveys` and `PUT /surveys/{id}` (an answered questionnaire: only a later `end`; docs/product/questionnaires.md#edit-lock). */
export const surveyInputSchema = z.object(surveyFields).superRefine((v, ctx) => {
  const window = windowRefusal(v.start, v.end);
  if (window) ctx.addIssue({ code: 'custom', message: window, path: ['end'] });
  if (v.public !== true && !v.audience) ctx.addIssue({ code: 'custom', message: 'validation.surveyAudienceRequired', path: ['audience'] });
  const q = questionsRefusal(v.questions);
  if (q) ctx.addIssue({ code: 'custom', message: q.key, path: ['questions', q.index] });
});
export type SurveyInput = z.infer<typeof surveyInputSchema>;

export const surveyIdSchema = z.object({ id: uuid() });

export const surveyListQuerySchema = z.object({
  current: z.coerce.number({ error: 'validation.pageInvalid' }).int('validation.pageInvalid').min(1, 'validation.pageInvalid').max(100_000, 'validation.pageInvalid').default(1),
  size: z.coerce.number({ error: 'validation.pageSizeInvalid' }).int('validation.pageSizeInvalid').min(1, 'validation.pageSizeInvalid').max(200, 'validation.pageSizeInvalid').default(20),
  /** Part of the name. */
  name: z.preprocess((v) => (v === '' ? undefined : v), z.string({ error: 'validation.invalid' }).max(SURVEY_LIMITS.nameMax, 'validation.tooLong').optional()),
  category: z.preprocess((v) => (v === '' ? undefined : v), z.string({ error: 'validation.invalid' }).max(40, 'validation.invalid').optional()),
  enabled: z.preprocess((v) => (v === '' ? undefined : v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: 'validation.invalid' }).optional()),
  published: z.preprocess((v) => (v === '' ? undefined : v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: 'validation.invalid' }).optional()),
});
export type SurveyListQuery = z.infer<typeof surveyListQuerySchema>;

export interface SurveyCategory {
  code: string;
  name: string;
  nameEn: string;
}

export interface SurveySaved {
  id: string;
}

/** A row of 问卷管理. `open`: published, in use and inside its window now. `answered`: it has answers (edit lock). */
export interface SurveyListItem {
  id: string;
  name: string;
  category: string;
  categoryName: string;
  start: string;
  end: string;
  enabled: boolean;
  published: boolean;
  public: boolean;
  anonymous: boolean;
  open: boolean;
  answered: boolean;
  views: number;
  respondents: number;
  authorName: string;
  createdAt: string;
}
export interface SurveyPage {
  records: SurveyListItem[];
  total: number;
  current: number;
  size: number;
}

export interface SurveyOption {
  label: string;
  /** A file id of the files API, or null. */
  picture: string | null;
}
export interface SurveyQuestion {
  id: string;
  position: number;
  type: QuestionType;
  title: string;
  required: boolean;
  options: SurveyOption[];
  min: number | null;
  max: number | null;
  rows: string[];
  rowsSource: RowsSource | null;
  showIf: ShowIf | null;
}

/** `GET /surveys/{id}` (the author / a manager): what the form edits, plus its state. */
export interface SurveyDetail extends SurveyListItem {
  description: string;
  audience: Audience | null;
  template: SurveyTemplate | null;
  questions: SurveyQuestion[];
}

/** The answer of a state change: the new state (the envelope's msg is the change's success message). */
export interface SurveyStatus {
  id: string;
  enabled: boolean;
  published: boolean;
}
export const SURVEY_STATUS_ACTIONS = ['publish', 'unpublish', 'enable', 'disable'] as const;
export type SurveyStatusAction = (typeof SURVEY_STATUS_ACTIONS)[number];

// ---- answering (S2) ----

/** A matrix row as served on the paper: `key` is the row index (as text) or, for `myTeachers`, the teacher's id. */
export interface PaperRow {
  key: string;
  label: string;
}
export interface PaperQuestion extends Omit<SurveyQuestion, 'rows'> {
  rows: PaperRow[];
}
/** `GET /anon/surveys/{id}`: the paper. `deviceToken` to send back as `X-Survey-Device` when answering. */
export interface SurveyPaper {
  id: string;
  name: string;
  description: string;
  start: string;
  end: string;
  anonymous: boolean;
  public: boolean;
  /** The caller (by account or device) has answered already. */
  submitted: boolean;
  preview: boolean;
  deviceToken: string | null;
  questions: PaperQuestion[];
}
export interface AnonSurveyItem {
  id: string;
  name: string;
  categoryName: string;
  description: string;
  start: string;
  end: string;
  respondents: number;
  /** The signed-in list (`surveysPath.mine`) only: whether the caller has answered it, and whether it is open now. */
  answered?: boolean;
  open?: boolean;
}
export interface AnonSurveyPage {
  records: AnonSurveyItem[];
  total: number;
  current: number;
  size: number;
}

/**
 * One answer's value, by the question's kind: single → option index; multiple → option indexes; text → text;
 * rating → a whole number in the scale; matrix → {row key: column index}; date → `YYYY-MM-DD`.
 */
export const answerValueSchemas = {
  single: z.number({ error: 'validation.surveyAnswerInvalid' }).int('validation.surveyAnswerInvalid').min(0, 'validation.surveyAnswerInvalid'),
  multiple: z.array(z.number({ error: 'validation.surveyAnswerInvalid' }).int('validation.surveyAnswerInvalid').min(0, 'validation.surveyAnswerInvalid'), { error: 'validation.surveyAnswerInvalid' }).max(SURVEY_LIMITS.options, 'validation.surveyAnswerInvalid'),
  text: z.string({ error: 'validation.surveyAnswerInvalid' }).max(SURVEY_LIMITS.textAnswerMax, 'validation.tooLong'),
  rating: z.number({ error: 'validation.surveyAnswerInvalid' }).int('validation.surveyAnswerInvalid').min(0, 'validation.surveyAnswerInvalid').max(SURVEY_LIMITS.ratingMax, 'validation.surveyAnswerInvalid'),
  matrix: z.record(z.string().max(40, 'validation.surveyAnswerInvalid'), z.number({ error: 'validation.surveyAnswerInvalid' }).int('validation.surveyAnswerInvalid').min(0, 'validation.surveyAnswerInvalid'), { error: 'validation.surveyAnswerInvalid' }),
  date: z.string({ error: 'validation.surveyAnswerInvalid' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.surveyAnswerInvalid'),
} as const satisfies Record<QuestionType, z.ZodType>;
export type AnswerValue = { [K in QuestionType]: z.infer<(typeof answerValueSchemas)[K]> }[QuestionType];

/** `POST /anon/surveys/{id}/answers`: the kinds are checked against the questions by the server. */
export const surveyAnswersSchema = z.object({
  answers: z
    .array(
      z.object({
        questionId: uuid('validation.surveyAnswerInvalid'),
        value: z.union([answerValueSchemas.single, answerValueSchemas.multiple, answerValueSchemas.text, answerValueSchemas.matrix]),
      }),
      { error: 'validation.surveyAnswerInvalid' },
    )
    .max(SURVEY_LIMITS.questions, 'validation.tooLong'),
});
export type SurveyAnswersBody = z.infer<typeof surveyAnswersSchema>;
export interface SurveyAnswered {
  id: string;
  /** Respondents so far. */
  count: number;
}

// ---- results (S4) ----

export const surveyStatsQuerySchema = z.object({
  classId: z.preprocess((v) => (v === '' ? undefined : v), uuid().optional()),
  grade: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number({ error: 'validation.invalid' }).int('validation.invalid').min(1, 'validation.invalid').max(12, 'validation.invalid').optional()),
});
export type SurveyStatsQuery = z.infer<typeof surveyStatsQuerySchema>;

export const surveyTextAnswersQuerySchema = surveyStatsQuerySchema.extend({
  questionId: uuid(),
  /** Part of the text. */
  q: z.preprocess((v) => (v === '' ? undefined : v), z.string({ error: 'validation.invalid' }).max(100, 'validation.tooLong').optional()),
  current: z.coerce.number({ error: 'validation.pageInvalid' }).int('validation.pageInvalid').min(1, 'validation.pageInvalid').max(100_000, 'validation.pageInvalid').default(1),
  size: z.coerce.number({ error: 'validation.pageSizeInvalid' }).int('validation.pageSizeInvalid').min(1, 'validation.pageSizeInvalid').max(200, 'validation.pageSizeInvalid').default(20),
});
export type SurveyTextAnswersQuery = z.infer<typeof surveyTextAnswersQuerySchema>;

export interface CountShare {
  count: number;
  /** Of the question's respondents, 0..100 with one decimal. */
  percent: number;
}
export interface OptionStat extends CountShare {
  index: number;
  label: string;
}
export interface ValueStat extends CountShare {
  value: number;
}
export interface MatrixRowStat {
  /** The row index as text, or the teacher's id for `myTeachers` rows. */
  key: string;
  label: string;
  answered: number;
  /** Mean score (column index + 1), null with no answers. */
  average: number | null;
  columns: OptionStat[];
}
export interface TextAnswer {
  text: string;
  createdAt: string;
}
export interface SurveyTextPage {
  records: TextAnswer[];
  total: number;
  current: number;
  size: number;
}
interface QuestionStatBase {
  questionId: string;
  position: number;
  title: string;
  /** Respondents who answered this question. */
  answered: number;
}
export type QuestionStat =
  | (QuestionStatBase & { type: 'single' | 'multiple'; options: OptionStat[] })
  | (QuestionStatBase & { type: 'rating'; average: number | null; values: ValueStat[] })
  | (QuestionStatBase & { type: 'matrix'; rows: MatrixRowStat[] })
  | (QuestionStatBase & { type: 'text'; texts: SurveyTextPage })
  | (QuestionStatBase & { type: 'date'; dates: { date: string; count: number }[] });

export interface SurveyBreakdownRow {
  classId: string | null;
  className: string;
  grade: number | null;
  respondents: number;
}
/** `GET /surveys/{id}/stats`. `breakdown`: respondents per class (signed-in audiences); `teachers`: the teaching-quality summary. */
export interface SurveyStats {
  id: string;
  name: string;
  respondents: number;
  questions: QuestionStat[];
  breakdown: SurveyBreakdownRow[];
  teachers: TeacherSummary[];
}

/**
 * One teacher in the teaching-quality summary (matrix questions with `rowsSource: 'myTeachers'`): respondents who
 * rated them, the mean over every item, and the mean per item (each such matrix question is an item). S4.
 */
export interface TeacherSummary {
  teacherId: string;
  name: string;
  answered: number;
  average: number | null;
  items: { questionId: string; title: string; answered: number; average: number | null }[];
}

/** `GET` → `SurveyInput`: a template as a draft to edit and save with `POST /surveys` (docs/adr/0038-questionnaires.md#results). */
export const surveyTemplatePath = (name: SurveyTemplate): string => `${SURVEYS_BASE}/templates/${name}`;
/** The first page of each text question in `SurveyStats`; more through `surveysPath.texts`. */
export const SURVEY_TEXT_FIRST_PAGE = 10;

// ---- real time ----

/** To a questionnaire's author when it is answered: the new respondent count. */
export interface SurveyAnsweredPush {
  id: string;
  count: number;
}
export const SURVEY_ANSWERED = 'survey.answered';
