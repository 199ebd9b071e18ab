import { type AnswerRefusal, checkAnswers, type SurveyAnswersBody, surveyAnswersSchema, type SurveyPaper, toAnswerRules } from '@schoolflow/contracts';
import { z } from 'zod';

/** What the paper's form holds: each question's value by its id (undefined: not answered). */
export interface PaperFormValues {
  values: Record<string, unknown>;
}

/** The sheet the form's values make: the answered questions only, in the paper's order. */
export function sheetOf(paper: SurveyPaper, values: Record<string, unknown>): SurveyAnswersBody['answers'] {
  return paper.questions.flatMap((q) => {
    const v = values[q.id];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) return [];
    if (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0) return [];
    return [{ questionId: q.id, value: v as SurveyAnswersBody['answers'][number]['value'] }];
  });
}

/** A refusal's message parameters as the locale's `surveys.answer.errors.*` read them. */
export function refusalParams(r: AnswerRefusal): Record<string, number> {
  if (r.key === 'unknownQuestion') return {};
  const { key: _key, ...params } = r;
  return params;
}

/**
 * The paper's form schema: the values become the contract's body (`surveyAnswersSchema`) and meet the questionnaire's
 * rules — the same checkAnswers the server runs, so what the paper accepts the server stores. A refusal is put on its
 * question (`values.<id>`), its message the refusal's key with its parameters encoded after `|` for the page to render.
 */
export function paperFormSchema(paper: SurveyPaper) {
  const rules = paper.questions.map(toAnswerRules);
  return z
    .object({ values: z.record(z.string(), z.unknown()) })
    .transform((v) => ({ answers: sheetOf(paper, v.values) }))
    .pipe(surveyAnswersSchema)
    .superRefine((body, ctx) => {
      const checked = checkAnswers(rules, body.answers);
      if (!('refusal' in checked) || checked.refusal.key === 'unknownQuestion') return;
      const r = checked.refusal;
      const q = paper.questions.find((x) => x.position + 1 === r.n);
      ctx.addIssue({ code: 'custom', message: `${r.key}|${JSON.stringify(refusalParams(r))}`, path: ['values', q?.id ?? ''] });
    });
}

/** A refusal message of the form schema back into its key and parameters. */
export function readRefusal(message: string | undefined): { key: Exclude<AnswerRefusal['key'], 'unknownQuestion'>; params: Record<string, number> } | null {
  if (!message) return null;
  const [key, params] = message.split('|', 2);
  if (key !== 'required' && key !== 'invalid' && key !== 'atMost' && key !== 'atLeast' && key !== 'tooLong') return null;
  try {
    return { key, params: JSON.parse(params ?? '{}') as Record<string, number> };
  } catch {
    return { key, params: {} };
  }
}
