import { zodResolver } from '@hookform/resolvers/zod';
import type { Control, FieldError, FieldErrors, Resolver } from 'react-hook-form';
import {
  CHOICE_TYPES,
  type QuestionInput,
  type QuestionType,
  questionsRefusal,
  RATING_DEFAULT,
  SURVEY_LIMITS,
  type SurveyDetail,
  type SurveyInput,
  surveyInputSchema,
  type SurveyQuestion,
  type SurveyTemplate,
  windowRefusal,
} from '@schoolflow/contracts';
import { localInput } from '../../workflow/flow-model.js';
import { firstMessage } from '../../util/form-errors.js';
import { type AudienceDraft, audienceDraftOf, audienceOfDraft, emptyAudience } from '../../components/audience/audience-draft.js';

/**
 * The questionnaire form and its question designer as a model apart from the pages (docs/product/questionnaires.md),
 * so its pure parts are unit-tested: the draft as the inputs hold it, what it sends (`surveyInputSchema`, the
 * server's), the designer's moves, and which errors mark which input.
 */

export interface OptionDraft {
  label: string;
  /** A file id of the files API (a JPG ≤ 2 MB), or '' for none. */
  picture: string;
}

/** A matrix row as useFieldArray holds it (an object per row). */
export interface RowDraft {
  label: string;
}

export interface QuestionDraft {
  /**
   * The question's identity in the form, kept when it moves: a condition ("show when A is X") names its question by
   * this key and becomes a position only when sent, so reordering cannot point a condition at another question.
   */
  key: string;
  type: QuestionType;
  title: string;
  required: boolean;
  /** Choices (single, multiple) or the scale's columns (matrix, worst first). */
  options: OptionDraft[];
  /** Multiple: how many options at least / at most; rating: the scale's ends; text: the longest answer (max). */
  min: string;
  max: string;
  rows: RowDraft[];
  /** A matrix whose rows are the respondent's teachers (`rowsSource: 'myTeachers'`, the teaching-quality kind). */
  rowsFromTeachers: boolean;
  /** The key of an earlier choice question this one depends on, or ''. */
  showIfKey: string;
  /** Which of that question's options (by position) show this one. */
  showIfOptions: number[];
}

export type AudienceMode = 'public' | 'audience';

/** The form's control as its components take it: the draft typed, the schema's input once valid. */
export type SurveyControl = Control<SurveyDraft, unknown, SurveyInput>;

/** The form as it is typed. */
export interface SurveyDraft extends AudienceDraft {
  name: string;
  category: string;
  description: string;
  /** `datetime-local` values. */
  start: string;
  end: string;
  anonymous: boolean;
  mode: AudienceMode;
  template: SurveyTemplate | '';
  questions: QuestionDraft[];
}

/** Option pictures: the spec's JPG ≤ 2 MB, checked before sending (the server checks again). */
export const PICTURE_RULES = {
  maxSizeKb: SURVEY_LIMITS.pictureBytes / 1024,
  types: SURVEY_LIMITS.pictureSuffixes.map((s) => `.${s}`),
  limit: 1,
} as const;

/** Which refusal a chosen picture meets first (its locale key under `surveys.errors` and its values), or null. */
export function pictureRefusal(file: { name: string; size: number }): { key: 'pictureEmpty' | 'pictureTooLarge' | 'pictureType'; vars: Record<string, string | number> } | null {
  const dot = file.name.lastIndexOf('.');
  const suffix = dot < 0 ? '' : file.name.slice(dot + 1).toLowerCase();
  if (!(SURVEY_LIMITS.pictureSuffixes as readonly string[]).includes(suffix)) return { key: 'pictureType', vars: { name: file.name } };
  if (file.size === 0) return { key: 'pictureEmpty', vars: { name: file.name } };
  if (file.size > SURVEY_LIMITS.pictureBytes) return { key: 'pictureTooLarge', vars: { name: file.name, mb: SURVEY_LIMITS.pictureBytes / (1024 * 1024) } };
  return null;
}

let counter = 0;
/** A key no other question of the page has (a counter: the designer needs uniqueness within one form, not more). */
export function newKey(): string {
  counter += 1;
  return `q${Date.now().toString(36)}${counter.toString(36)}`;
}

/** A fresh question of a kind, with what that kind needs to be valid once its texts are written. */
export function newQuestion(type: QuestionType, key = newKey()): QuestionDraft {
  const base: QuestionDraft = { key, type, title: '', required: true, options: [], min: '', max: '', rows: [], rowsFromTeachers: false, showIfKey: '', showIfOptions: [] };
  switch (type) {
    case 'single':
    case 'multiple':
      return { ...base, options: [{ label: '', picture: '' }, { label: '', picture: '' }] };
    case 'rating':
      return { ...base, min: String(RATING_DEFAULT.min), max: String(RATING_DEFAULT.max) };
    case 'matrix':
      return { ...base, options: [{ label: '', picture: '' }, { label: '', picture: '' }, { label: '', picture: '' }], rows: [{ label: '' }] };
    case 'text':
    case 'date':
      return base;
  }
}

/**
 * The question as another kind: the title, required flag and condition stay; what the new kind reads is kept where
 * it means the same (choices between single and multiple) and made afresh otherwise.
 */
export function changeType(q: QuestionDraft, type: QuestionType): QuestionDraft {
  if (q.type === type) return q;
  const fresh = newQuestion(type, q.key);
  const keepOptions = CHOICE_TYPES.includes(q.type) && CHOICE_TYPES.includes(type);
  return { ...fresh, title: q.title, required: q.required, showIfKey: q.showIfKey, showIfOptions: q.showIfOptions, options: keepOptions ? q.options : fresh.options };
}

/** The earlier choice questions `index` may depend on (a condition looks back only, as the server requires). */
export function conditionSources(questions: readonly QuestionDraft[], index: number): { key: string; position: number; question: QuestionDraft }[] {
  return questions
    .slice(0, Math.max(0, index))
    .map((question, position) => ({ key: question.key, position, question }))
    .filter((s) => CHOICE_TYPES.includes(s.question.type));
}

/**
 * After a move, a removal or a change of kind: conditions that no longer look back at a choice question with those
 * options are dropped (the designer says so by the condition's select going empty), never silently re-pointed.
 */
export function pruneConditions(questions: readonly QuestionDraft[]): QuestionDraft[] {
  return questions.map((q, index) => {
    if (!q.showIfKey) return q;
    const source = conditionSources(questions, index).find((s) => s.key === q.showIfKey);
    const options = source ? q.showIfOptions.filter((o) => o < source.question.options.length) : [];
    if (source && options.length === q.showIfOptions.length) return q;
    return { ...q, showIfKey: source && options.length > 0 ? q.showIfKey : '', showIfOptions: source ? options : [] };
  });
}

/** `from` moved to `to` (the designer's up/down), the conditions checked again. */
export function moveQuestion(questions: readonly QuestionDraft[], from: number, to: number): QuestionDraft[] {
  if (from === to || from < 0 || to < 0 || from >= questions.length || to >= questions.length) return [...questions];
  const next = [...questions];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return pruneConditions(next);
}

const int = (s: string): number | undefined => {
  const t = s.trim();
  if (t === '') return undefined;
  const n = Number(t);
  // not a whole number: sent as it is, so the shared schema answers `validation.invalid` for it
  return Number.isFinite(n) ? n : (t as unknown as number);
};

/** One question as the shared schema reads it; `positions` turns condition keys into positions. */
function questionBody(q: QuestionDraft, positions: ReadonlyMap<string, number>): QuestionInput {
  const choice = CHOICE_TYPES.includes(q.type);
  const source = q.showIfKey ? positions.get(q.showIfKey) : undefined;
  const body: Record<string, unknown> = { type: q.type, title: q.title, required: q.required };
  if (choice || q.type === 'matrix') body.options = q.options.map((o) => ({ label: o.label, ...(o.picture ? { picture: o.picture } : {}) }));
  if (q.type === 'multiple' || q.type === 'rating') {
    body.min = int(q.min);
    body.max = int(q.max);
  }
  if (q.type === 'text') body.max = int(q.max);
  if (q.type === 'matrix') {
    if (q.rowsFromTeachers) body.rowsSource = 'myTeachers';
    else body.rows = q.rows.map((r) => r.label);
  }
  if (source !== undefined && q.showIfOptions.length > 0) body.showIf = { question: source, options: [...q.showIfOptions].sort((a, b) => a - b) };
  return body as QuestionInput;
}

/** The audience as publishing's schema reads it (grades as numbers), or none for a public questionnaire. */
function audienceBody(d: SurveyDraft): Record<string, unknown> | undefined {
  return d.mode === 'public' ? undefined : audienceOfDraft(d);
}

/** The draft as `surveyInputSchema` reads it. */
export function toBody(d: SurveyDraft): Record<string, unknown> {
  const positions = new Map(d.questions.map((q, i) => [q.key, i]));
  return {
    name: d.name,
    category: d.category,
    description: d.description.trim() === '' ? undefined : d.description,
    start: d.start ? localInput.toSchool(d.start) : '',
    end: d.end ? localInput.toSchool(d.end) : '',
    anonymous: d.anonymous,
    ...(d.mode === 'public' ? { public: true } : { audience: audienceBody(d) }),
    template: d.template === '' ? undefined : d.template,
    questions: d.questions.map((q) => questionBody(q, positions)),
  };
}

/** A time of the API (`YYYY-MM-DD HH:mm` school time or ISO) as a `datetime-local` input holds it. */
export function toInput(time: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(time)) return `${time}T00:00`;
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(time)) return time.slice(0, 16).replace(' ', 'T');
  return localInput.fromIso(time);
}

function questionDraft(q: SurveyQuestion, keys: readonly string[]): QuestionDraft {
  const text = (n: number | null) => (n === null ? '' : String(n));
  return {
    key: keys[q.position] ?? newKey(),
    type: q.type,
    title: q.title,
    required: q.required,
    options: q.options.map((o) => ({ label: o.label, picture: o.picture ?? '' })),
    min: text(q.min),
    max: text(q.max),
    rows: q.rows.map((label) => ({ label })),
    rowsFromTeachers: q.rowsSource === 'myTeachers',
    showIfKey: q.showIf ? (keys[q.showIf.question] ?? '') : '',
    showIfOptions: q.showIf ? [...q.showIf.options] : [],
  };
}

/** A saved questionnaire as the form edits it. */
export function fromDetail(s: SurveyDetail): SurveyDraft {
  const sorted = [...s.questions].sort((a, b) => a.position - b.position).map((q, i) => ({ ...q, position: i }));
  const keys = sorted.map(() => newKey());
  return {
    name: s.name,
    category: s.category,
    description: s.description,
    start: toInput(s.start),
    end: toInput(s.end),
    anonymous: s.anonymous,
    mode: s.public ? 'public' : 'audience',
    ...audienceDraftOf(s.audience),
    template: s.template ?? '',
    questions: sorted.map((q) => questionDraft(q, keys)),
  };
}

/** A new questionnaire: public, from now for a week, one single-choice question to start from. */
export function emptyDraft(now: Date = new Date()): SurveyDraft {
  const start = localInput.fromIso(now.toISOString());
  const end = localInput.fromIso(new Date(now.getTime() + 7 * 24 * 3600 * 1000).toISOString());
  return {
    name: '',
    category: '',
    description: '',
    start,
    end,
    anonymous: false,
    mode: 'public',
    ...emptyAudience(),
    template: '',
    questions: [newQuestion('single')],
  };
}

/**
 * The teaching-quality template: students rate each of their teachers (a matrix whose rows are the respondent's
 * teachers) and may add a remark. Its texts are the caller's (`texts`), so the template follows the language.
 */
export function teachingQualityQuestions(texts: { rate: string; scale: readonly string[]; remark: string }): QuestionDraft[] {
  const matrix = newQuestion('matrix');
  return [
    { ...matrix, title: texts.rate, options: texts.scale.map((label) => ({ label, picture: '' })), rows: [], rowsFromTeachers: true },
    { ...newQuestion('text'), title: texts.remark, required: false },
  ];
}

/**
 * What an answered questionnaire sends: exactly what was saved (the server compares it with what it holds: the edit
 * lock), with only the end from the form — not the form read back, which could word an audience differently.
 */
export function lockedBody(s: SurveyDetail, end: string): Record<string, unknown> {
  const questions = [...s.questions].sort((a, b) => a.position - b.position);
  return {
    name: s.name,
    category: s.category,
    description: s.description === '' ? undefined : s.description,
    start: s.start,
    end: end ? localInput.toSchool(end) : '',
    anonymous: s.anonymous,
    ...(s.public ? { public: true } : { audience: s.audience ?? undefined }),
    template: s.template ?? undefined,
    questions: questions.map((q) => ({
      type: q.type,
      title: q.title,
      required: q.required,
      ...(q.options.length > 0 ? { options: q.options.map((o) => ({ label: o.label, ...(o.picture ? { picture: o.picture } : {}) })) } : {}),
      ...(q.min !== null ? { min: q.min } : {}),
      ...(q.max !== null ? { max: q.max } : {}),
      ...(q.rows.length > 0 ? { rows: [...q.rows] } : {}),
      ...(q.rowsSource ? { rowsSource: q.rowsSource } : {}),
      ...(q.showIf ? { showIf: q.showIf } : {}),
    })),
  };
}

// ---------- errors: which input shows which schema message ----------

/** The top-level inputs a schema error may mark; `audience` marks the audience's first input (`school`). */
const INPUT_OF: Record<string, keyof SurveyDraft> = { name: 'name', category: 'category', description: 'description', start: 'start', end: 'end', audience: 'school', public: 'mode', template: 'template', questions: 'questions' };
/** A question's own fields a schema error may mark; anything else marks the question as a whole (`key`). */
const QUESTION_INPUT_OF: Record<string, keyof QuestionDraft> = { title: 'title', options: 'options', rows: 'rows', rowsSource: 'rows', min: 'min', max: 'max', showIf: 'showIfKey', type: 'type' };

/** Errors of one question: `{title: …}`, `{options: …}` or `{key: …}` for the question as a whole. */
export type QuestionErrors = Partial<Record<keyof QuestionDraft, FieldError>>;

/** The errors of the form in the shape react-hook-form keeps them: top-level inputs, and `questions[i]`'s fields. */
export interface DraftErrors {
  fields: Partial<Record<keyof SurveyDraft, FieldError>>;
  questions: Record<number, QuestionErrors>;
}

const error = (message: string): FieldError => ({ type: 'validate', message });

/** The input a whole-question refusal (`questionsRefusal`) is about: its options, its rows, its condition, or the question. */
function inputOfRefusal(key: string): keyof QuestionDraft {
  if (key === 'validation.surveyOptionsRequired') return 'options';
  if (key === 'validation.surveyRowsRequired') return 'rows';
  if (key === 'validation.surveyShowIfInvalid') return 'showIfKey';
  return 'key';
}

function setQuestion(out: DraftErrors, index: number, field: keyof QuestionDraft, message: string): void {
  const q = (out.questions[index] ??= {});
  q[field] ??= error(message);
}

/** Maps the schema's errors (zodResolver's nested shape) onto the inputs, adding the rules refinements skip. */
export function draftErrors(schemaErrors: Record<string, unknown>, body: Record<string, unknown>): DraftErrors {
  const out: DraftErrors = { fields: {}, questions: {} };
  for (const [field, err] of Object.entries(schemaErrors)) {
    if (field === 'questions' && err && typeof err === 'object') {
      const own = (err as { message?: unknown }).message;
      if (typeof own === 'string') out.fields.questions ??= error(own);
      for (const [i, item] of Object.entries(err)) {
        const index = Number(i);
        if (!Number.isInteger(index) || !item || typeof item !== 'object') continue;
        const whole = (item as { message?: unknown }).message;
        if (typeof whole === 'string') setQuestion(out, index, inputOfRefusal(whole), whole);
        for (const [name, sub] of Object.entries(item)) {
          const m = name === 'message' || name === 'type' || name === 'ref' ? undefined : firstMessage(sub);
          if (m) setQuestion(out, index, QUESTION_INPUT_OF[name] ?? 'key', m);
        }
      }
      continue;
    }
    const input = INPUT_OF[field];
    const message = firstMessage(err);
    if (input && message) out.fields[input] ??= error(message);
  }
  // zod runs the whole-object refinements only once every field parses: the designer shows these rules at once
  const start = typeof body.start === 'string' ? body.start : '';
  const end = typeof body.end === 'string' ? body.end : '';
  if (start && end && !out.fields.end && !out.fields.start) {
    const window = windowRefusal(start, end);
    if (window) out.fields.end = error(window);
  }
  const questions = Array.isArray(body.questions) ? (body.questions as QuestionInput[]) : [];
  const refusal = questionsRefusal(questions);
  if (refusal) {
    if (questions.length === 0) out.fields.questions ??= error(refusal.key);
    else if (!out.questions[refusal.index]) setQuestion(out, refusal.index, inputOfRefusal(refusal.key), refusal.key);
  }
  return out;
}

function asFieldErrors(e: DraftErrors): FieldErrors<SurveyDraft> {
  const out: Record<string, unknown> = { ...e.fields };
  const indexes = Object.keys(e.questions).map(Number);
  if (indexes.length > 0) {
    const arr: (QuestionErrors | undefined)[] = [];
    for (const i of indexes) arr[i] = e.questions[i];
    // the array's own message (none questions at all) and the items' errors side by side, as react-hook-form keeps them
    out.questions = Object.assign(arr, e.fields.questions ? { message: e.fields.questions.message, type: 'validate' } : {});
  }
  return out as FieldErrors<SurveyDraft>;
}

const schemaResolver = zodResolver(surveyInputSchema);

/** Validates with the shared schema (the server's); its errors mark the inputs they are about, as `validation.*` keys. */
export const resolver: Resolver<SurveyDraft, unknown, SurveyInput> = async (values, context, options) => {
  const body = toBody(values);
  const parsed = await schemaResolver(body as never, context, options as never);
  const errors = draftErrors(parsed.errors as Record<string, unknown>, body);
  const failed = Object.keys(errors.fields).length > 0 || Object.keys(errors.questions).length > 0;
  return failed ? { values: {}, errors: asFieldErrors(errors) } : { values: parsed.values as SurveyInput, errors: {} };
};
