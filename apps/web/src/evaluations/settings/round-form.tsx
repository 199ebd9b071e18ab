import { zodResolver } from '@hookform/resolvers/zod';
import { type EvalRoundInput, type EvalSchoolYear, type EvalTemplateSummary, evalRoundInputSchema, GRADES } from '@schoolflow/contracts';
import type { z } from 'zod';
import { Controller, useForm } from 'react-hook-form';
import { Button, Checkbox, Form, Message } from 'semantic-ui-react';
import { errorMessage } from '../../api/http.js';
import { FieldError } from '../../components/form-field.js';
import { i18n } from '../../i18n/i18n.js';
import { RefsSelect } from '../../resources/ref-select.js';
import { firstMessage, namespacedMessage } from '../../util/form-errors.js';
import { toast } from '../../util/toast.js';
import { useFinalT } from '../final/use-final-t.js';
import { useCreateEvalRound } from './use-create-eval-round.js';
import { gradeLabel } from '../../resources/grade-label.js';

type Parsed = z.output<typeof evalRoundInputSchema>;

/** `datetime-local` text ↔ the school-time text the contract reads (`YYYY-MM-DD HH:mm`). */
const toSchool = (v: string) => v.replace('T', ' ');

/** A form error in words; "please choose {{field}}" names the field. */
function msg(error: unknown, field = ''): string | undefined {
  const key = firstMessage(error);
  if (!key) return undefined;
  return key === 'validation.fieldChoose' ? i18n.t('fieldChoose', { ns: 'validation', field }) : namespacedMessage(key);
}

/**
 * 新建评价轮次 (POST /evaluations/rounds): a template and a semester of the chosen school year, a name (an index name:
 * at most 30), whole grades and/or single classes, and the window — checked here by the contract's schema and again
 * by the server, whose refusals show above the buttons in the caller's language.
 */
export function RoundForm({ year, templates, onDone }: { year: EvalSchoolYear; templates: EvalTemplateSummary[]; onDone: () => void }) {
  const { e } = useFinalT();
  const create = useCreateEvalRound();
  const semester = year.semesters.find((s) => s.current) ?? year.semesters[0];
  const { control, register, handleSubmit, formState } = useForm<EvalRoundInput, unknown, Parsed>({
    resolver: zodResolver(evalRoundInputSchema),
    defaultValues: { templateId: templates[0]?.id ?? '', semesterId: semester?.id ?? '', name: '', grades: [], classIds: [], start: '', end: '' },
  });
  const errors = formState.errors;
  const onSubmit = handleSubmit(
    (body) =>
      create.mutate(body, {
        onSuccess: () => {
          toast.success(e('settings.roundSaved'));
          onDone();
        },
      }),
    () => toast.warning(e('settings.fixErrors')),
  );
  return (
    <Form onSubmit={(ev) => void onSubmit(ev)} data-testid="eval-round-form" noValidate>
      <h4>{e('settings.newRound')}</h4>
      <Form.Group widths="equal">
        <Form.Field error={Boolean(errors.templateId)} required>
          <label htmlFor="eval-round-template">{e('settings.template')}</label>
          <select id="eval-round-template" className="ui dropdown" {...register('templateId')} data-testid="eval-round-template">
            {templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
          <FieldError testId="eval-round-template" error={msg(errors.templateId, e('settings.template'))} />
        </Form.Field>
        <Form.Field error={Boolean(errors.semesterId)} required>
          <label htmlFor="eval-round-semester">{e('settings.semester')}</label>
          <select id="eval-round-semester" className="ui dropdown" {...register('semesterId')} data-testid="eval-round-semester">
            {year.semesters.map((s) => (
              <option key={s.id} value={s.id}>
                {s.current ? e('settings.currentOption', { name: s.name }) : s.name}
              </option>
            ))}
          </select>
          <FieldError testId="eval-round-semester" error={msg(errors.semesterId, e('settings.semester'))} />
        </Form.Field>
        <Form.Field error={Boolean(errors.name)} required>
          <label htmlFor="eval-round-name">{e('settings.name')}</label>
          <input id="eval-round-name" {...register('name')} data-testid="eval-round-name" />
          <FieldError testId="eval-round-name" error={msg(errors.name)} />
        </Form.Field>
      </Form.Group>
      <Form.Field>
        <label>{e('settings.grades')}</label>
        <Controller
          control={control}
          name="grades"
          render={({ field }) => (
            <div className="sf-eval-grades" data-testid="eval-round-grades">
              {GRADES.map((g) => {
                const n = Number(g);
                const chosen = field.value ?? [];
                return <Checkbox key={g} label={gradeLabel(g)} checked={chosen.includes(n)} data-testid={`eval-round-grade-${g}`} onChange={(_ev, d) => field.onChange(d.checked ? [...chosen, n] : chosen.filter((x) => x !== n))} />;
              })}
            </div>
          )}
        />
      </Form.Field>
      <Form.Field error={Boolean(errors.classIds)}>
        <label htmlFor="eval-round-classes">{e('settings.classes')}</label>
        <Controller control={control} name="classIds" render={({ field }) => <RefsSelect source="classes" value={field.value ?? []} onValue={field.onChange} testId="eval-round-classes" max={500} invalid={Boolean(errors.classIds)} />} />
        <div className="sf-hint">{e('settings.reachHint')}</div>
        <FieldError testId="eval-round-classes" error={msg(errors.classIds)} />
      </Form.Field>
      <Form.Group widths="equal">
        <Form.Field error={Boolean(errors.start)} required>
          <label htmlFor="eval-round-start">{e('settings.start')}</label>
          <input id="eval-round-start" type="datetime-local" {...register('start', { setValueAs: toSchool })} data-testid="eval-round-start" />
          <FieldError testId="eval-round-start" error={msg(errors.start)} />
        </Form.Field>
        <Form.Field error={Boolean(errors.end)} required>
          <label htmlFor="eval-round-end">{e('settings.end')}</label>
          <input id="eval-round-end" type="datetime-local" {...register('end', { setValueAs: toSchool })} data-testid="eval-round-end" />
          <FieldError testId="eval-round-end" error={msg(errors.end)} />
        </Form.Field>
      </Form.Group>
      {create.isError ? <Message negative content={errorMessage(create.error)} data-testid="eval-round-error" /> : null}
      <div className="sf-eval-status">
        <Button primary type="submit" loading={create.isPending} content={create.isPending ? e('settings.saving') : e('settings.save')} data-testid="eval-round-save" />
        <Button type="button" content={e('settings.cancel')} onClick={onDone} />
      </div>
    </Form>
  );
}
