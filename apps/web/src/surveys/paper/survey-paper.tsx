import { zodResolver } from '@hookform/resolvers/zod';
import { type PaperQuestion, shownQuestions, type SurveyAnswersBody, type SurveyPaper, textMax, ratingScale, toAnswerRules } from '@schoolflow/contracts';
import { useMemo } from 'react';
import { type Control, Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { Button, Icon, Message } from 'semantic-ui-react';
import { useSurveysT } from '../answering/use-answer-t.js';
import { usePaperPicture } from '../answering/use-paper-picture.js';
import { type PaperFormValues, paperFormSchema, readRefusal } from './paper-form.js';
import './survey-paper.css';

export interface SurveyPaperViewProps {
  paper: SurveyPaper;
  /** The author's preview: every question shown, nothing sent. */
  readOnly?: boolean;
  /** A submit is in flight: the button is off (a double click sends once from here; the server keeps one anyway). */
  submitting?: boolean;
  /** Submitted (now or before): the thanks, or the spec's "already submitted", instead of the button. */
  done?: 'thanks' | 'already' | null;
  /** The server's refusal of the last submit, shown above the button. */
  serverError?: string | null;
  onSubmit?: (body: SurveyAnswersBody) => void;
}

function OptionPicture({ surveyId, resId }: { surveyId: string; resId: string | null }) {
  const url = usePaperPicture(surveyId, resId);
  if (!resId) return null;
  return url.data ? <img className="sf-paper-picture" src={url.data} alt="" data-testid="paper-picture" /> : <span className="sf-paper-picture sf-paper-picture-wait" />;
}

type Field = { value: unknown; onChange: (v: unknown) => void };

/** One question's input, by its kind: large tap targets, one column, so it reads on a 390 px phone. */
function QuestionInput({ paper, q, field, readOnly }: { paper: SurveyPaper; q: PaperQuestion; field: Field; readOnly: boolean }) {
  const { s } = useSurveysT();
  const name = `q-${q.position}`;
  switch (q.type) {
    case 'single':
    case 'multiple': {
      const chosen: number[] = q.type === 'single' ? (typeof field.value === 'number' ? [field.value] : []) : Array.isArray(field.value) ? (field.value as number[]) : [];
      const toggle = (i: number) => {
        if (q.type === 'single') field.onChange(i);
        else field.onChange(chosen.includes(i) ? chosen.filter((x) => x !== i) : [...chosen, i].sort((a, b) => a - b));
      };
      return (
        <div className="sf-paper-choices" role={q.type === 'single' ? 'radiogroup' : 'group'}>
          {q.options.map((o, i) => (
            <label key={i} className={`sf-paper-choice${chosen.includes(i) ? ' sf-paper-chosen' : ''}`} data-testid={`paper-option-${q.position}-${i}`}>
              <input type={q.type === 'single' ? 'radio' : 'checkbox'} name={name} checked={chosen.includes(i)} disabled={readOnly} onChange={() => toggle(i)} />
              <span className="sf-paper-choice-label">{o.label}</span>
              <OptionPicture surveyId={paper.id} resId={o.picture} />
            </label>
          ))}
        </div>
      );
    }
    case 'text': {
      const text = typeof field.value === 'string' ? field.value : '';
      const max = textMax(q);
      return (
        <div className="sf-paper-text">
          <textarea rows={3} maxLength={max} value={text} placeholder={s('answer.paper.textPlaceholder')} disabled={readOnly} onChange={(e) => field.onChange(e.target.value)} data-testid={`paper-text-${q.position}`} />
          <div className="sf-paper-count">{s('answer.paper.textCount', { count: text.length, max })}</div>
        </div>
      );
    }
    case 'rating': {
      const { min, max } = ratingScale(q);
      const points = Array.from({ length: max - min + 1 }, (_, i) => min + i);
      return (
        <div className="sf-paper-rating" role="radiogroup">
          {points.map((p) => (
            <button
              key={p}
              type="button"
              className={`sf-paper-point${field.value === p ? ' sf-paper-chosen' : ''}`}
              aria-pressed={field.value === p}
              disabled={readOnly}
              onClick={() => field.onChange(p)}
              data-testid={`paper-rating-${q.position}-${p}`}
            >
              {p}
            </button>
          ))}
        </div>
      );
    }
    case 'matrix': {
      const picked = typeof field.value === 'object' && field.value !== null && !Array.isArray(field.value) ? (field.value as Record<string, number>) : {};
      return (
        <div className="sf-paper-matrix">
          {q.rows.map((r, ri) => (
            <div key={r.key} className="sf-paper-matrix-row" data-testid={`paper-matrix-${q.position}-${ri}`}>
              <div className="sf-paper-matrix-label">{r.label}</div>
              <div className="sf-paper-matrix-scale" role="radiogroup" aria-label={r.label}>
                {q.options.map((o, ci) => (
                  <label key={ci} className={`sf-paper-cell${picked[r.key] === ci ? ' sf-paper-chosen' : ''}`} data-testid={`paper-cell-${q.position}-${ri}-${ci}`}>
                    <input type="radio" name={`${name}-${ri}`} checked={picked[r.key] === ci} disabled={readOnly} onChange={() => field.onChange({ ...picked, [r.key]: ci })} />
                    <span>{o.label}</span>
                  </label>
                ))}
              </div>
            </div>
          ))}
        </div>
      );
    }
    case 'date':
      return (
        <input
          className="sf-paper-date"
          type="date"
          value={typeof field.value === 'string' ? field.value : ''}
          disabled={readOnly}
          onChange={(e) => field.onChange(e.target.value === '' ? undefined : e.target.value)}
          data-testid={`paper-date-${q.position}`}
        />
      );
  }
}

function hintOf(q: PaperQuestion, s: ReturnType<typeof useSurveysT>['s']): string {
  if (q.type === 'multiple') {
    const parts = [s('answer.paper.multipleHint')];
    if (q.min !== null) parts.push(s('answer.paper.atLeastHint', { min: q.min }));
    if (q.max !== null) parts.push(s('answer.paper.atMostHint', { max: q.max }));
    return parts.join(' · ');
  }
  if (q.type === 'rating') return s('answer.paper.ratingHint', ratingScale(q));
  return '';
}

function Questions({ paper, control, readOnly, locked }: { paper: SurveyPaper; control: Control<PaperFormValues, unknown, SurveyAnswersBody>; readOnly: boolean; locked: boolean }) {
  const { s } = useSurveysT();
  const values = useWatch({ control, name: 'values' });
  const rules = useMemo(() => paper.questions.map(toAnswerRules), [paper]);
  // the preview shows every question; answering shows a show-if question once its condition is met
  const shown = useMemo(() => (readOnly ? new Set(paper.questions.map((q) => q.id)) : shownQuestions(rules, new Map(Object.entries(values ?? {})))), [readOnly, paper, rules, values]);
  return (
    <>
      {paper.questions
        .filter((q) => shown.has(q.id))
        // numbered as shown: a show-if question hidden takes no number (1, 2, 3 — not 1, 3, 4)
        .map((q, index) => (
          <Controller
            key={q.id}
            control={control}
            name={`values.${q.id}`}
            render={({ field, fieldState }) => {
              const refusal = readRefusal(fieldState.error?.message);
              const hint = hintOf(q, s);
              return (
                <section className={`sf-paper-question${refusal ? ' sf-paper-invalid' : ''}`} data-testid="paper-question" data-position={q.position} data-type={q.type}>
                  <h3 className="sf-paper-title">
                    <span className="sf-paper-number">{index + 1}.</span> {q.title}
                    {q.required ? (
                      <span className="sf-paper-required" title={s('answer.paper.required')}>
                        *
                      </span>
                    ) : null}
                  </h3>
                  {hint ? <div className="sf-paper-hint">{hint}</div> : null}
                  <QuestionInput paper={paper} q={q} field={{ value: field.value, onChange: field.onChange }} readOnly={readOnly || locked} />
                  {refusal ? (
                    <div className="sf-field-error" role="alert" data-testid={`paper-error-${q.position}`}>
                      {s(`answer.errors.${refusal.key}`, { ...refusal.params, n: index + 1 })}
                    </div>
                  ) : null}
                </section>
              );
            }}
          />
        ))}
    </>
  );
}

/**
 * The paper (docs/product/questionnaires.md#answering): a questionnaire's questions of all six kinds, show-if applied as
 * one answers, checked on submit by the contracts' rules (react-hook-form with the zod resolver) before anything is
 * sent. Used by the public answering page, the signed-in 问卷答题 and the author's preview (read-only).
 */
export function SurveyPaperView({ paper, readOnly = false, submitting = false, done = null, serverError = null, onSubmit }: SurveyPaperViewProps) {
  const { s } = useSurveysT();
  const resolver = useMemo(() => zodResolver(paperFormSchema(paper)) as unknown as Resolver<PaperFormValues, unknown, SurveyAnswersBody>, [paper]);
  const form = useForm<PaperFormValues, unknown, SurveyAnswersBody>({ resolver, defaultValues: { values: {} } });
  const submit = form.handleSubmit((body) => {
    if (!readOnly && onSubmit) onSubmit(body);
  });
  return (
    <form className="sf-paper" data-testid="paper" data-id={paper.id} onSubmit={(e) => void submit(e)} noValidate>
      <header className="sf-paper-head">
        <h2 className="sf-paper-name" data-testid="paper-name">
          {paper.name}
        </h2>
        {paper.description ? <p className="sf-paper-description">{paper.description}</p> : null}
        <div className="sf-paper-meta">
          <span>
            <Icon name="clock outline" />
            {s('answer.item.window', { start: paper.start, end: paper.end })}
          </span>
          {paper.anonymous ? (
            <span data-testid="paper-anonymous">
              <Icon name="user secret" />
              {s('answer.paper.anonymous')}
            </span>
          ) : null}
        </div>
      </header>
      {readOnly ? <Message info size="small" content={s('answer.paper.previewBanner')} data-testid="paper-preview" /> : null}
      {/* answered before (this account or device): said first, and the paper is for reading only */}
      {done === 'already' ? <Message warning content={s('errors.alreadySubmitted')} data-testid="paper-already" /> : null}
      <Questions paper={paper} control={form.control} readOnly={readOnly} locked={done !== null || submitting} />
      {readOnly ? null : (
        <footer className="sf-paper-foot">
          {serverError ? <Message negative size="small" content={serverError} data-testid="paper-server-error" /> : null}
          {done === 'thanks' ? <Message positive content={s('answer.paper.thanks')} data-testid="paper-thanks" /> : null}
          {Object.keys(form.formState.errors).length > 0 ? <div className="sf-field-error">{s('answer.paper.fixErrors')}</div> : null}
          <Button primary fluid size="large" type="submit" disabled={submitting || done !== null} loading={submitting} data-testid="paper-submit">
            {submitting ? s('answer.paper.submitting') : s('answer.paper.submit')}
          </Button>
        </footer>
      )}
    </form>
  );
}
