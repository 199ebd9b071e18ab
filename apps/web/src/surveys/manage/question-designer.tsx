import { Controller, type FieldErrors, useFieldArray, type UseFormGetValues, type UseFormRegister, useWatch } from 'react-hook-form';
import { Button, Icon, Message, Segment } from 'semantic-ui-react';
import { CHOICE_TYPES, QUESTION_TYPES, type QuestionType, SURVEY_LIMITS } from '@schoolflow/contracts';
import { changeType, conditionSources, moveQuestion, newQuestion, pruneConditions, type QuestionDraft, type SurveyControl, type SurveyDraft } from './designer-model.js';
import { OptionPicture } from './option-picture.js';
import { useSurveysT } from './use-manage-t.js';

interface CardProps {
  control: SurveyControl;
  register: UseFormRegister<SurveyDraft>;
  index: number;
  count: number;
  locked: boolean;
  errors: Partial<Record<keyof QuestionDraft, { message?: string }>> | undefined;
  onType: (type: QuestionType) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  onBusy: (busy: boolean) => void;
}

/** A question's choices (single, multiple: with optional pictures) or a matrix's scale columns (no pictures). */
function OptionList({ control, register, index, locked, pictures, onBusy }: Pick<CardProps, 'control' | 'register' | 'index' | 'locked' | 'onBusy'> & { pictures: boolean }) {
  const { s } = useSurveysT();
  const options = useFieldArray({ control, name: `questions.${index}.options` });
  return (
    <div className="sf-survey-options" data-testid="question-options">
      {options.fields.map((field, j) => (
        <div key={field.id} className="sf-survey-option" data-testid="option-row" data-index={j}>
          <span className="sf-survey-option-mark">{String.fromCharCode(65 + (j % 26))}</span>
          <input className="sf-survey-option-label" placeholder={pictures ? s('manage.designer.optionLabel') : s('manage.designer.columnLabel')} data-testid="option-label" {...register(`questions.${index}.options.${j}.label`)} />
          {pictures ? (
            <Controller
              control={control}
              name={`questions.${index}.options.${j}.picture`}
              render={({ field: picture }) => <OptionPicture value={picture.value} onChange={picture.onChange} disabled={locked} testId="option-picture" onBusy={onBusy} />}
            />
          ) : null}
          <Button type="button" size="mini" basic icon="delete" title={s('manage.designer.removeOption')} aria-label={s('manage.designer.removeOption')} data-testid="option-remove" disabled={locked || options.fields.length <= 1} onClick={() => options.remove(j)} />
        </div>
      ))}
      <Button type="button" size="mini" basic disabled={locked || options.fields.length >= SURVEY_LIMITS.options} data-testid="option-add" onClick={() => options.append({ label: '', picture: '' })}>
        <Icon name="plus" /> {pictures ? s('manage.designer.addOption') : s('manage.designer.addColumn')}
      </Button>
    </div>
  );
}

/** A matrix's rows: written, or the respondent's teachers (`rowsSource: 'myTeachers'`, resolved when the paper is served). */
function RowList({ control, register, index, locked }: Pick<CardProps, 'control' | 'register' | 'index' | 'locked'>) {
  const { s } = useSurveysT();
  const rows = useFieldArray({ control, name: `questions.${index}.rows` });
  const fromTeachers = useWatch({ control, name: `questions.${index}.rowsFromTeachers` });
  return (
    <div className="sf-survey-rows">
      <label className="sf-survey-check">
        <input type="checkbox" data-testid="rows-teachers" {...register(`questions.${index}.rowsFromTeachers`)} /> {s('manage.designer.rowsFromTeachers')}
      </label>
      {fromTeachers ? null : (
        <>
          {rows.fields.map((field, j) => (
            <div key={field.id} className="sf-survey-option" data-testid="row-row">
              <input className="sf-survey-option-label" placeholder={s('manage.designer.rowLabel')} data-testid="row-label" {...register(`questions.${index}.rows.${j}.label`)} />
              <Button type="button" size="mini" basic icon="delete" title={s('manage.designer.removeRow')} aria-label={s('manage.designer.removeRow')} data-testid="row-remove" disabled={locked || rows.fields.length <= 1} onClick={() => rows.remove(j)} />
            </div>
          ))}
          <Button type="button" size="mini" basic disabled={locked || rows.fields.length >= SURVEY_LIMITS.rows} data-testid="row-add" onClick={() => rows.append({ label: '' })}>
            <Icon name="plus" /> {s('manage.designer.addRow')}
          </Button>
        </>
      )}
    </div>
  );
}

/** "Show this question only when question N is …": an earlier choice question and which of its options. */
function Condition({ control, index }: Pick<CardProps, 'control' | 'index'>) {
  const { s } = useSurveysT();
  const questions = useWatch({ control, name: 'questions' });
  const sources = conditionSources(questions, index);
  return (
    <Controller
      control={control}
      name={`questions.${index}.showIfKey`}
      render={({ field: key }) => (
        <Controller
          control={control}
          name={`questions.${index}.showIfOptions`}
          render={({ field: chosen }) => {
            const source = sources.find((x) => x.key === key.value);
            return (
              <div className="sf-survey-condition">
                <label htmlFor={`showif-${index}`}>{s('manage.designer.showIf')}</label>
                <select
                  id={`showif-${index}`}
                  className="ui dropdown"
                  value={key.value}
                  data-testid="showif-question"
                  onChange={(e) => {
                    key.onChange(e.target.value);
                    chosen.onChange([]);
                  }}
                >
                  <option value="">{sources.length > 0 ? s('manage.designer.always') : s('manage.designer.noSources')}</option>
                  {sources.map((x) => (
                    <option key={x.key} value={x.key}>
                      {s('manage.designer.questionRef', { n: x.position + 1, title: x.question.title || s('manage.designer.untitled') })}
                    </option>
                  ))}
                </select>
                {source ? (
                  <span className="sf-survey-condition-options">
                    {s('manage.designer.showIfIs')}
                    {source.question.options.map((o, j) => (
                      <label key={j} className="sf-survey-check">
                        <input
                          type="checkbox"
                          data-testid={`showif-option-${j}`}
                          checked={chosen.value.includes(j)}
                          onChange={(e) => chosen.onChange(e.target.checked ? [...chosen.value, j] : chosen.value.filter((x) => x !== j))}
                        />{' '}
                        {o.label || String.fromCharCode(65 + (j % 26))}
                      </label>
                    ))}
                  </span>
                ) : null}
              </div>
            );
          }}
        />
      )}
    />
  );
}

/** One question of the designer: its kind, title, required flag, what its kind needs, its condition, and its moves. */
function QuestionCard({ control, register, index, count, locked, errors, onType, onMove, onRemove, onBusy }: CardProps) {
  const { s, tv } = useSurveysT();
  const type = useWatch({ control, name: `questions.${index}.type` });
  const problem = errors?.key?.message ?? errors?.title?.message ?? errors?.options?.message ?? errors?.rows?.message ?? errors?.min?.message ?? errors?.max?.message ?? errors?.showIfKey?.message ?? errors?.type?.message;
  const choice = CHOICE_TYPES.includes(type);
  return (
    <Segment className="sf-survey-question" data-testid="question-card" data-index={index} data-type={type}>
      <div className="sf-survey-question-head">
        <strong className="sf-survey-question-no">{s('manage.designer.number', { n: index + 1 })}</strong>
        <select className="ui dropdown" aria-label={s('manage.designer.type')} value={type} data-testid="question-type" onChange={(e) => onType(e.target.value as QuestionType)}>
          {QUESTION_TYPES.map((t) => (
            <option key={t} value={t}>
              {s(`types.${t}`)}
            </option>
          ))}
        </select>
        <label className="sf-survey-check">
          <input type="checkbox" data-testid="question-required" {...register(`questions.${index}.required`)} /> {s('manage.designer.required')}
        </label>
        <span className="sf-survey-question-tools">
          <Button type="button" size="mini" basic icon="arrow up" title={s('manage.designer.up')} aria-label={s('manage.designer.up')} disabled={locked || index === 0} data-testid="question-up" onClick={() => onMove(index - 1)} />
          <Button type="button" size="mini" basic icon="arrow down" title={s('manage.designer.down')} aria-label={s('manage.designer.down')} disabled={locked || index === count - 1} data-testid="question-down" onClick={() => onMove(index + 1)} />
          <Button type="button" size="mini" basic color="red" icon="trash alternate outline" title={s('manage.designer.remove')} aria-label={s('manage.designer.remove')} disabled={locked} data-testid="question-remove" onClick={onRemove} />
        </span>
      </div>
      <input className="sf-survey-question-title" placeholder={s('manage.designer.title')} data-testid="question-title" {...register(`questions.${index}.title`)} />
      {choice ? <OptionList control={control} register={register} index={index} locked={locked} pictures onBusy={onBusy} /> : null}
      {type === 'matrix' ? (
        <div className="sf-survey-matrix">
          <div>
            <h5>{s('manage.designer.rows')}</h5>
            <RowList control={control} register={register} index={index} locked={locked} />
          </div>
          <div>
            <h5>{s('manage.designer.scale')}</h5>
            <OptionList control={control} register={register} index={index} locked={locked} pictures={false} onBusy={onBusy} />
          </div>
        </div>
      ) : null}
      {type === 'multiple' || type === 'rating' || type === 'text' ? (
        <div className="sf-survey-limits">
          {type === 'text' ? null : (
            <label>
              {s(type === 'rating' ? 'manage.designer.ratingFrom' : 'manage.designer.minChosen')} <input type="number" min={0} className="sf-survey-number" data-testid="question-min" {...register(`questions.${index}.min`)} />
            </label>
          )}
          <label>
            {s(type === 'rating' ? 'manage.designer.ratingTo' : type === 'text' ? 'manage.designer.maxLength' : 'manage.designer.maxChosen')} <input type="number" min={0} className="sf-survey-number" data-testid="question-max" {...register(`questions.${index}.max`)} />
          </label>
        </div>
      ) : null}
      {index > 0 ? <Condition control={control} index={index} /> : null}
      {problem ? (
        <div className="sf-field-error" data-testid="question-error">
          {tv(problem)}
        </div>
      ) : null}
    </Segment>
  );
}

/**
 * 创建题目: the questions of a questionnaire, in order — add one of the six kinds, change a kind, move up or down,
 * remove; each question's options (with pictures), matrix rows and scale, limits, required flag and condition.
 * Moves and removals go through the model (`moveQuestion`, `pruneConditions`) so a condition never points forward.
 */
export function QuestionDesigner({ control, register, getValues, errors, locked, onBusy }: { control: SurveyControl; register: UseFormRegister<SurveyDraft>; getValues: UseFormGetValues<SurveyDraft>; errors: FieldErrors<SurveyDraft>; locked: boolean; onBusy: (busy: boolean) => void }) {
  const { s, tv } = useSurveysT();
  const questions = useFieldArray({ control, name: 'questions' });
  const listError = errors.questions?.message ?? errors.questions?.root?.message;
  const itemErrors = (i: number) => (Array.isArray(errors.questions) ? (errors.questions[i] as CardProps['errors']) : undefined);
  return (
    <div className="sf-survey-designer" data-testid="survey-designer" data-count={questions.fields.length}>
      {listError ? (
        <Message negative size="small" data-testid="questions-error">
          {tv(listError)}
        </Message>
      ) : null}
      {questions.fields.map((field, i) => (
        <QuestionCard
          key={field.id}
          control={control}
          register={register}
          index={i}
          count={questions.fields.length}
          locked={locked}
          errors={itemErrors(i)}
          onType={(type) => {
            const all = getValues('questions');
            const current = all[i];
            if (!current) return;
            all[i] = changeType(current, type);
            questions.replace(pruneConditions(all));
          }}
          onMove={(to) => questions.replace(moveQuestion(getValues('questions'), i, to))}
          onRemove={() => questions.replace(pruneConditions(getValues('questions').filter((_q, j) => j !== i)))}
          onBusy={onBusy}
        />
      ))}
      <div className="sf-survey-add" data-testid="survey-add">
        <span>{s('manage.designer.add')}</span>
        {QUESTION_TYPES.map((t) => (
          <Button key={t} type="button" size="small" basic disabled={locked || questions.fields.length >= SURVEY_LIMITS.questions} data-testid={`survey-add-${t}`} onClick={() => questions.append(newQuestion(t))}>
            <Icon name="plus" /> {s(`types.${t}`)}
          </Button>
        ))}
      </div>
    </div>
  );
}
