import { zodResolver } from '@hookform/resolvers/zod';
import { EVAL_PRECISIONS, EVAL_ROLES, type EvalTemplate, type EvalTemplateInput, type EvalTemplateParsed, evalTemplateInputSchema, weightTotal } from '@schoolflow/contracts';
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Button, Form, Message, Segment } from 'semantic-ui-react';
import { errorMessage } from '../../api/http.js';
import { FieldError } from '../../components/form-field.js';
import { firstMessage, namespacedMessage } from '../../util/form-errors.js';
import { toast } from '../../util/toast.js';
import { type EvaluationsKey, useFinalT } from '../final/use-final-t.js';
import { useSaveEvalTemplate } from './use-save-eval-template.js';

type Values = EvalTemplateInput;
const num = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));
const msg = (error: unknown) => {
  const key = firstMessage(error);
  return key ? namespacedMessage(key) : undefined;
};
/** Precision and role names (numeric keys are not spelled by MessageKey's dotted strings). */
const precisionKey = (p: number) => `precision.${p}` as EvaluationsKey;

const newLevel = () => ({ name: '', description: '', score: null, min: null, max: null });
const newContent = () => ({ name: '', description: '', evaluators: [{ role: 'head' as const, weight: 100 }], levels: [newLevel()] });
const newTheme = () => ({ name: '', description: '', contents: [newContent()] });

/** The form's values of a template as read (or an empty one of a school year). */
export function templateValues(t: EvalTemplate | null, schoolYearId: string): Values {
  if (!t) return { schoolYearId, name: '', description: '', precision: 1, peerCount: 0, themes: [newTheme()] };
  return {
    schoolYearId: t.schoolYearId,
    name: t.name,
    description: t.description,
    precision: t.precision,
    peerCount: t.peerCount,
    themes: t.themes.map((th) => ({
      name: th.name,
      description: th.description,
      contents: th.contents.map((c) => ({
        name: c.name,
        description: c.description,
        evaluators: c.evaluators.map((ev) => ({ role: ev.role, weight: ev.weight })),
        levels: c.levels.map((l) => ({ name: l.name, description: l.description, score: l.score, min: l.min, max: l.max })),
      })),
    })),
  };
}

interface Part {
  control: Control<Values, unknown, EvalTemplateParsed>;
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
}

function ContentFields({ control, register, errors, ti, ci, onRemove }: Part & { ti: number; ci: number; onRemove: () => void }) {
  const { e } = useFinalT();
  const levels = useFieldArray({ control, name: `themes.${ti}.contents.${ci}.levels` });
  const evaluators = useFieldArray({ control, name: `themes.${ti}.contents.${ci}.evaluators` });
  const watched = useWatch({ control, name: `themes.${ti}.contents.${ci}.evaluators` });
  const err = errors.themes?.[ti]?.contents?.[ci];
  const total = weightTotal((watched ?? []).map((w) => ({ weight: Number(w.weight) || 0 })));
  return (
    <Segment className="sf-eval-tree" data-testid={`eval-content-${ti}-${ci}`}>
      <Form.Group widths="equal">
        <Form.Field error={Boolean(err?.name)}>
          <label>{e('settings.contentName')}</label>
          <input {...register(`themes.${ti}.contents.${ci}.name`)} data-testid={`eval-content-name-${ti}-${ci}`} />
          <FieldError testId={`eval-content-name-${ti}-${ci}`} error={msg(err?.name)} />
        </Form.Field>
        <Form.Field>
          <label>{e('settings.description')}</label>
          <input {...register(`themes.${ti}.contents.${ci}.description`)} />
        </Form.Field>
      </Form.Group>
      <label>{e('settings.evaluators')}</label>
      {evaluators.fields.map((f, i) => (
        <Form.Group key={f.id} inline>
          <select {...register(`themes.${ti}.contents.${ci}.evaluators.${i}.role`)} aria-label={e('settings.evaluators')}>
            {EVAL_ROLES.map((r) => (
              <option key={r} value={r}>
                {e(`roles.${r}`)}
              </option>
            ))}
          </select>
          <input type="number" step="0.01" aria-label={e('settings.weight')} {...register(`themes.${ti}.contents.${ci}.evaluators.${i}.weight`, { setValueAs: (v) => Number(v) })} data-testid={`eval-weight-${ti}-${ci}-${i}`} />
          {evaluators.fields.length > 1 ? <Button type="button" basic icon="minus" onClick={() => evaluators.remove(i)} /> : null}
        </Form.Group>
      ))}
      {evaluators.fields.length < EVAL_ROLES.length ? (
        <Button type="button" basic size="mini" icon="plus" onClick={() => evaluators.append({ role: EVAL_ROLES.find((r) => !(watched ?? []).some((w) => w.role === r)) ?? 'self', weight: 0 })} />
      ) : null}
      <div className={total > 100 ? 'sf-field-error' : 'sf-hint'} data-testid={`eval-weight-total-${ti}-${ci}`}>
        {e('settings.weightTotal', { total })}
      </div>
      <FieldError testId={`eval-evaluators-${ti}-${ci}`} error={msg(err?.evaluators)} />
      <table className="ui very compact table">
        <thead>
          <tr>
            <th>{e('settings.levelName')}</th>
            <th>{e('settings.levelScore')}</th>
            <th>{e('settings.bandMin')}</th>
            <th>{e('settings.bandMax')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {levels.fields.map((f, li) => {
            const le = err?.levels?.[li];
            return (
              <tr key={f.id}>
                <td>
                  <input {...register(`themes.${ti}.contents.${ci}.levels.${li}.name`)} aria-label={e('settings.levelName')} />
                  <FieldError testId={`eval-level-${ti}-${ci}-${li}`} error={msg(le)} />
                </td>
                <td><input type="number" step="0.01" {...register(`themes.${ti}.contents.${ci}.levels.${li}.score`, { setValueAs: num })} aria-label={e('settings.levelScore')} /></td>
                <td><input type="number" step="0.01" {...register(`themes.${ti}.contents.${ci}.levels.${li}.min`, { setValueAs: num })} aria-label={e('settings.bandMin')} /></td>
                <td><input type="number" step="0.01" {...register(`themes.${ti}.contents.${ci}.levels.${li}.max`, { setValueAs: num })} aria-label={e('settings.bandMax')} /></td>
                <td>{levels.fields.length > 1 ? <Button type="button" basic size="mini" icon="minus" title={e('settings.removeLevel')} onClick={() => levels.remove(li)} /> : null}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Button type="button" basic size="mini" content={e('settings.addLevel')} onClick={() => levels.append(newLevel())} />
      <Button type="button" basic size="mini" negative content={e('settings.removeContent')} onClick={onRemove} />
    </Segment>
  );
}

function ThemeFields({ control, register, errors, ti, onRemove }: Part & { ti: number; onRemove: () => void }) {
  const { e } = useFinalT();
  const contents = useFieldArray({ control, name: `themes.${ti}.contents` });
  const err = errors.themes?.[ti];
  return (
    <Segment data-testid={`eval-theme-${ti}`}>
      <Form.Field error={Boolean(err?.name)}>
        <label>{e('settings.themeName')}</label>
        <input {...register(`themes.${ti}.name`)} data-testid={`eval-theme-name-${ti}`} />
        <FieldError testId={`eval-theme-name-${ti}`} error={msg(err?.name)} />
      </Form.Field>
      {contents.fields.map((f, ci) => (
        <ContentFields key={f.id} control={control} register={register} errors={errors} ti={ti} ci={ci} onRemove={() => contents.remove(ci)} />
      ))}
      <Button type="button" basic size="small" content={e('settings.addContent')} onClick={() => contents.append(newContent())} />
      <Button type="button" basic size="small" negative content={e('settings.removeTheme')} onClick={onRemove} />
    </Segment>
  );
}

/** A template's three-level tree (themes → contents → levels, evaluators with weights) and its precision. */
export function TemplateForm({ template, schoolYearId, onDone }: { template: EvalTemplate | null; schoolYearId: string; onDone: () => void }) {
  const { e } = useFinalT();
  const save = useSaveEvalTemplate();
  const { control, register, handleSubmit, formState } = useForm<Values, unknown, EvalTemplateParsed>({
    resolver: zodResolver(evalTemplateInputSchema),
    defaultValues: templateValues(template, schoolYearId),
  });
  const themes = useFieldArray({ control, name: 'themes' });
  const errors = formState.errors;
  const onSubmit = handleSubmit(
    (body) =>
      save.mutate(
        { id: template?.id ?? null, body },
        {
          onSuccess: () => {
            toast.success(e('settings.saved'));
            onDone();
          },
        },
      ),
    () => toast.warning(e('settings.fixErrors')),
  );
  return (
    <Form onSubmit={(ev) => void onSubmit(ev)} data-testid="eval-template-form" noValidate>
      <h3>{template ? e('settings.editTemplate') : e('settings.newTemplate')}</h3>
      {template?.inUse ? <Message info content={e('settings.inUseHint')} /> : null}
      <Form.Group widths="equal">
        <Form.Field error={Boolean(errors.name)} required>
          <label>{e('settings.name')}</label>
          <input {...register('name')} data-testid="eval-template-name" />
          <FieldError testId="eval-template-name" error={msg(errors.name)} />
        </Form.Field>
        <Form.Field>
          <label>{e('settings.precision')}</label>
          <select {...register('precision', { setValueAs: (v) => Number(v) })} data-testid="eval-template-precision">
            {EVAL_PRECISIONS.map((p) => (
              <option key={p} value={p}>
                {e(precisionKey(p))}
              </option>
            ))}
          </select>
        </Form.Field>
        <Form.Field>
          <label>{e('settings.peerCount')}</label>
          <input type="number" {...register('peerCount', { setValueAs: (v) => Number(v) })} />
        </Form.Field>
      </Form.Group>
      <Form.Field>
        <label>{e('settings.description')}</label>
        <textarea rows={2} {...register('description')} />
      </Form.Field>
      {/* a template a round uses keeps its tree (the server refuses changes to it): shown, not editable */}
      <fieldset disabled={template?.inUse ?? false} className="sf-eval-fieldset">
        {themes.fields.map((f, ti) => (
          <ThemeFields key={f.id} control={control} register={register} errors={errors} ti={ti} onRemove={() => themes.remove(ti)} />
        ))}
        <FieldError testId="eval-themes" error={msg(errors.themes?.root ?? errors.themes)} />
        <Button type="button" basic content={e('settings.addTheme')} onClick={() => themes.append(newTheme())} />
      </fieldset>
      {save.isError ? <Message negative content={errorMessage(save.error)} data-testid="eval-template-error" /> : null}
      <div className="sf-eval-status">
        <Button primary type="submit" loading={save.isPending} content={save.isPending ? e('settings.saving') : e('settings.save')} data-testid="eval-template-save" />
        <Button type="button" content={e('settings.cancel')} onClick={onDone} />
      </div>
    </Form>
  );
}
