import {
  type Audience,
  parseSchoolMoment,
  type QuestionInput,
  type ShowIf,
  SURVEY_LIMITS,
  type SurveyInput,
  type SurveyStatusAction,
} from '@schoolflow/contracts';
import type { StatusReason } from '../surveys.errors.js';

/**
 * Questionnaires' pure rules (docs/product/questionnaires.md#rules): the answering window, what an answered
 * questionnaire may still change, which state changes are possible, which pictures an option may carry. The shape
 * rules every caller shares (questions, min/max, show-if, start ≠ end) are the contract's (surveys-api.ts).
 */

const DATE_ONLY = /^\s*\d{4}-\d{2}-\d{2}\s*$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The window as instants: a start typed as a bare date opens at its midnight, an end typed as a bare date closes at
 * the end of that day (so "to 2026-12-05" still takes answers on the 5th). Null when either is not a moment.
 */
export function surveyWindow(start: string, end: string, tz: string): { startAt: Date; endAt: Date } | null {
  const s = parseSchoolMoment(start, tz);
  const e = parseSchoolMoment(end, tz);
  if (s === null || e === null) return null;
  return { startAt: new Date(s), endAt: new Date(DATE_ONLY.test(end) ? e + DAY_MS : e) };
}

/** A question as stored: every optional field made explicit, so a stored and a sent question compare equal. */
export interface StoredQuestion {
  type: QuestionInput['type'];
  title: string;
  required: boolean;
  options: { label: string; picture: string | null }[];
  min: number | null;
  max: number | null;
  rows: string[];
  rowsSource: 'myTeachers' | null;
  showIf: ShowIf | null;
}

export function storedQuestion(q: QuestionInput): StoredQuestion {
  const choice = q.type === 'single' || q.type === 'multiple' || q.type === 'matrix';
  return {
    type: q.type,
    title: q.title,
    required: q.required === true,
    options: choice ? (q.options ?? []).map((o) => ({ label: o.label, picture: o.picture ?? null })) : [],
    min: q.min ?? null,
    max: q.max ?? null,
    rows: q.type === 'matrix' && !q.rowsSource ? (q.rows ?? []) : [],
    rowsSource: q.type === 'matrix' ? (q.rowsSource ?? null) : null,
    showIf: q.showIf ? { question: q.showIf.question, options: [...q.showIf.options] } : null,
  };
}

/** What a questionnaire says, apart from its end: an answered one must keep all of it (the answers were to it). */
export interface SurveyContent {
  name: string;
  category: string;
  description: string;
  anonymous: boolean;
  public: boolean;
  audience: Audience | null;
  template: string | null;
  startAt: number;
  questions: StoredQuestion[];
}

export function contentOf(input: SurveyInput, startAt: Date): SurveyContent {
  const isPublic = input.public === true;
  return {
    name: input.name,
    category: input.category,
    description: input.description?.trim() ?? '',
    anonymous: input.anonymous === true,
    public: isPublic,
    audience: isPublic ? null : (input.audience ?? null),
    template: input.template ?? null,
    startAt: startAt.getTime(),
    questions: input.questions.map(storedQuestion),
  };
}

/** JSON with object keys sorted: jsonb does not keep the order a body was written in. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The edit lock (issue 25: "cannot be edited once it has answers except to extend its end"): for an answered
 * questionnaire, whether this edit is refused — anything but the end changed, or the end moved earlier.
 */
export function lockedEditRefused(current: SurveyContent, currentEnd: Date, next: SurveyContent, nextEnd: Date): boolean {
  if (canonical(current) !== canonical(next)) return true;
  return nextEnd.getTime() < currentEnd.getTime();
}

export interface SurveyState {
  enabled: boolean;
  published: boolean;
  endAt: Date;
}

/**
 * Why a state change cannot be made, or null (spec: in use / unused, published / unpublished, each change answering
 * its success or failure message). Publishing needs a questionnaire in use that has not ended; one is taken out of
 * use only once unpublished (so a published questionnaire is always answerable inside its window).
 */
export function statusRefusal(action: SurveyStatusAction, s: SurveyState, now: Date): StatusReason | null {
  switch (action) {
    case 'publish':
      if (s.published) return 'alreadyPublished';
      if (!s.enabled) return 'notEnabled';
      if (s.endAt.getTime() <= now.getTime()) return 'ended';
      return null;
    case 'unpublish':
      return s.published ? null : 'notPublished';
    case 'enable':
      return s.enabled ? 'alreadyEnabled' : null;
    case 'disable':
      if (!s.enabled) return 'alreadyDisabled';
      return s.published ? 'published' : null;
  }
}

export interface PictureFile {
  name: string;
  suffix: string;
  size: number;
}

/** An option picture (spec: picture JPG max 2MB; a zero-size file is refused everywhere). */
export function pictureRefusal(f: PictureFile): 'pictureType' | 'pictureTooLarge' | 'pictureEmpty' | null {
  if (!(SURVEY_LIMITS.pictureSuffixes as readonly string[]).includes(f.suffix.toLowerCase().replace(/^\./, ''))) return 'pictureType';
  if (f.size <= 0) return 'pictureEmpty';
  if (f.size > SURVEY_LIMITS.pictureBytes) return 'pictureTooLarge';
  return null;
}

/** The file ids the options of these questions show, each once. */
export function picturesOf(questions: readonly StoredQuestion[]): string[] {
  return [...new Set(questions.flatMap((q) => q.options.flatMap((o) => (o.picture ? [o.picture] : []))))];
}
