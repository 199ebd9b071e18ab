import { isCalendarDate } from './flow-forms.js';
import { type PaperQuestion, type PaperRow, type QuestionType, RATING_DEFAULT, type ShowIf, SURVEY_LIMITS } from './surveys-api.js';

/*
 * The rules an answer sheet meets (docs/product/questionnaires.md#answering), once for the server (which stores what
 * they accept) and the paper in the browser (which checks the same before sending).
 */

/** A question as answering checks it: its rows resolved for this respondent (a `myTeachers` matrix: their teachers). */
export interface QuestionToAnswer {
  id: string;
  position: number;
  type: QuestionType;
  required: boolean;
  optionCount: number;
  min: number | null;
  max: number | null;
  rows: readonly PaperRow[];
  /** The rows are people (`myTeachers`): each cell keeps the row's key as its reference. */
  rowsArePeople: boolean;
  showIf: ShowIf | null;
}

/** Why an answer sheet is refused: a key of `surveys.answer.errors`, the question's number (1-based) and the bound. */
export type AnswerRefusal =
  | { key: 'required' | 'invalid'; n: number }
  | { key: 'atMost' | 'tooLong'; n: number; max: number }
  | { key: 'atLeast'; n: number; min: number }
  | { key: 'unknownQuestion' };

const isIndex = (v: unknown, count: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < count;

/** Whether a value says nothing (an empty text, no option, no cell): an unanswered question. */
function isBlank(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.keys(v).length === 0;
  return false;
}

/**
 * Which questions are shown, given the answers: a question with a show-if is shown when the question it names (an
 * earlier choice question, by position) is shown and was answered with one of its options. Hidden questions are
 * neither required nor stored.
 */
export function shownQuestions(questions: readonly QuestionToAnswer[], values: ReadonlyMap<string, unknown>): Set<string> {
  const shown = new Set<string>();
  const byPosition = new Map(questions.map((q) => [q.position, q]));
  for (const q of [...questions].sort((a, b) => a.position - b.position)) {
    if (!q.showIf) {
      shown.add(q.id);
      continue;
    }
    const target = byPosition.get(q.showIf.question);
    if (!target || !shown.has(target.id)) continue;
    const v = values.get(target.id);
    const chosen = typeof v === 'number' ? [v] : Array.isArray(v) ? v : [];
    if (q.showIf.options.some((o) => chosen.includes(o))) shown.add(q.id);
  }
  return shown;
}

/** One accepted answer, as the server stores it: the value checked and normalised (a text trimmed, options ordered). */
export type AcceptedAnswer =
  | { question: QuestionToAnswer; type: 'single' | 'rating'; value: number }
  | { question: QuestionToAnswer; type: 'multiple'; value: number[] }
  | { question: QuestionToAnswer; type: 'text' | 'date'; value: string }
  /** Matrix: each answered row's index, key and the column chosen. */
  | { question: QuestionToAnswer; type: 'matrix'; value: { rowIndex: number; key: string; column: number }[] };

/**
 * Checks an answer sheet against the questionnaire: the first refusal in question order, or the answers to store.
 * Every answer must name a question of this questionnaire, once; a shown required question must be answered (a
 * matrix: every row); an answer to a hidden question is dropped.
 */
export function checkAnswers(questions: readonly QuestionToAnswer[], answers: readonly { questionId: string; value: unknown }[]): { accepted: AcceptedAnswer[] } | { refusal: AnswerRefusal } {
  const known = new Set(questions.map((q) => q.id));
  const values = new Map<string, unknown>();
  for (const a of answers) {
    if (!known.has(a.questionId) || values.has(a.questionId)) return { refusal: { key: 'unknownQuestion' } };
    values.set(a.questionId, a.value);
  }
  const shown = shownQuestions(questions, values);
  const accepted: AcceptedAnswer[] = [];
  for (const q of [...questions].sort((a, b) => a.position - b.position)) {
    const n = q.position + 1;
    if (!shown.has(q.id)) continue;
    const v = values.get(q.id);
    if (isBlank(v)) {
      if (q.required) return { refusal: { key: 'required', n } };
      continue;
    }
    const invalid = { refusal: { key: 'invalid', n } } as const;
    switch (q.type) {
      case 'single':
        if (!isIndex(v, q.optionCount)) return invalid;
        accepted.push({ question: q, type: 'single', value: v });
        break;
      case 'multiple': {
        if (!Array.isArray(v) || !v.every((o) => isIndex(o, q.optionCount)) || new Set(v).size !== v.length) return invalid;
        if (q.max !== null && v.length > q.max) return { refusal: { key: 'atMost', n, max: q.max } };
        if (q.min !== null && v.length < q.min) return { refusal: { key: 'atLeast', n, min: q.min } };
        accepted.push({ question: q, type: 'multiple', value: [...(v as number[])].sort((a, b) => a - b) });
        break;
      }
      case 'text': {
        if (typeof v !== 'string') return invalid;
        const text = v.trim();
        const max = textMax(q);
        if (text.length > max) return { refusal: { key: 'tooLong', n, max } };
        accepted.push({ question: q, type: 'text', value: text });
        break;
      }
      case 'rating': {
        const { min, max } = ratingScale(q);
        if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) return invalid;
        accepted.push({ question: q, type: 'rating', value: v });
        break;
      }
      case 'matrix': {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) return invalid;
        const picked = v as Record<string, unknown>;
        const keys = new Set(q.rows.map((r) => r.key));
        for (const [key, column] of Object.entries(picked)) if (!keys.has(key) || !isIndex(column, q.optionCount)) return invalid;
        if (q.required && q.rows.some((r) => picked[r.key] === undefined)) return { refusal: { key: 'required', n } };
        const cells = q.rows.flatMap((r, rowIndex) => {
          const column = picked[r.key];
          return typeof column === 'number' ? [{ rowIndex, key: r.key, column }] : [];
        });
        accepted.push({ question: q, type: 'matrix', value: cells });
        break;
      }
      case 'date':
        if (typeof v !== 'string' || !isCalendarDate(v)) return invalid;
        accepted.push({ question: q, type: 'date', value: v });
        break;
    }
  }
  return { accepted };
}

/** A text answer's most characters: the question's `max`, within the contract's limit. */
export const textMax = (q: Pick<QuestionToAnswer, 'max'>): number => Math.min(q.max ?? SURVEY_LIMITS.textAnswerMax, SURVEY_LIMITS.textAnswerMax);

/** A rating question's scale (defaults 1..5). */
export const ratingScale = (q: Pick<QuestionToAnswer, 'min' | 'max'>): { min: number; max: number } => ({ min: q.min ?? RATING_DEFAULT.min, max: q.max ?? RATING_DEFAULT.max });

/** A question of the paper as the rules read it. */
export const toAnswerRules = (q: PaperQuestion): QuestionToAnswer => ({
  id: q.id,
  position: q.position,
  type: q.type,
  required: q.required,
  optionCount: q.options.length,
  min: q.min,
  max: q.max,
  rows: q.rows,
  rowsArePeople: q.rowsSource === 'myTeachers',
  showIf: q.showIf,
});
