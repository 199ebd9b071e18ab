import { useState } from 'react';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Button, Checkbox, Form, Icon, Message, Segment } from 'semantic-ui-react';
import { SURVEY_LIMITS, SURVEY_TEMPLATES, type SurveyDetail, type SurveyInput, surveyInputSchema } from '@schoolflow/contracts';
import { errorMessage } from '../../api/http.js';
import { confirmAction } from '../../components/confirm-dialog.js';
import { OptionList } from '../../components/list-page.js';
import { PageLoader } from '../../components/page-loader.js';
import { useLeaveWarning } from '../../components/use-leave-warning.js';
import { toast } from '../../util/toast.js';
import type { AudienceDraft } from '../../components/audience/audience-draft.js';
import { AudienceFields } from '../../components/audience/audience-fields.js';
import { RefsSelect } from '../../resources/ref-select.js';
import { emptyDraft, fromDetail, lockedBody, resolver, type SurveyDraft, teachingQualityQuestions } from './designer-model.js';
import { QuestionDesigner } from './question-designer.js';
import { surveyLink } from './survey-links.js';
import { useCreateSurvey } from './use-create-survey.js';
import { categoryLabel, useSurveysT } from './use-manage-t.js';
import { useSurvey } from './use-survey.js';
import { useSurveyCategories } from './use-survey-categories.js';
import { useUpdateSurvey } from './use-update-survey.js';

/**
 * 创建问卷 (`/survey/cjwj`, editing with `?id=`): the questionnaire's fields — name, category from the dictionary,
 * description, start and end, anonymous, who answers (an audience as publishing's, or the public) — and its questions
 * (the designer). An answered questionnaire is locked but for its end, and the form says so.
 */
function SurveyForm({ id, saved }: { id: string; saved?: SurveyDetail }) {
  const { s, tv, lang } = useSurveysT();
  const navigate = useNavigate();
  const create = useCreateSurvey();
  const update = useUpdateSurvey();
  const categories = useSurveyCategories();
  const [uploads, setUploads] = useState(0);
  const locked = saved?.answered === true;
  const { control, register, handleSubmit, getValues, setValue, trigger, reset, formState } = useForm<SurveyDraft, unknown, SurveyInput>({
    defaultValues: saved ? fromDetail(saved) : emptyDraft(),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const mode = useWatch({ control, name: 'mode' });
  const errors = formState.errors;
  const err = (field: 'name' | 'category' | 'description' | 'start' | 'end' | 'school' | 'mode' | 'template') => {
    const m = errors[field]?.message;
    return typeof m === 'string' ? tv(m) : undefined;
  };
  useLeaveWarning(formState.isDirty && !formState.isSubmitSuccessful);
  const busy = formState.isSubmitting || uploads > 0;

  const save = handleSubmit(async (checked) => {
    // the lock: what was saved, with the form's end (which the schema has just checked)
    const body = locked && saved ? (surveyInputSchema.safeParse(lockedBody(saved, getValues('end'))).data ?? checked) : checked;
    try {
      const { msg } = id ? await update.mutateAsync({ id, body }) : await create.mutateAsync(body);
      toast.success(msg || s('manage.form.saved'));
      // the page stays alive in its tab: a new questionnaire's form starts blank when opened again
      if (!id) reset(emptyDraft());
      void navigate(surveyLink.list());
    } catch (e) {
      toast.error(errorMessage(e));
    }
  });

  const applyTemplate = async (template: string) => {
    if (template !== 'teaching-quality') {
      setValue('template', '');
      return;
    }
    const written = getValues('questions').some((q) => q.title.trim() !== '');
    if (written && !(await confirmAction(s('manage.form.templateConfirm')))) return;
    setValue('template', 'teaching-quality', { shouldDirty: true });
    setValue('questions', teachingQualityQuestions({ rate: s('manage.template.rate'), scale: [s('manage.template.poor'), s('manage.template.fair'), s('manage.template.good'), s('manage.template.excellent')], remark: s('manage.template.remark') }), { shouldDirty: true });
    // a teaching-quality questionnaire is answered by the students of a class: its rows are their teachers
    setValue('mode', 'audience', { shouldDirty: true });
    setValue('students', true);
  };

  return (
    <div className="sf-page sf-surveys" data-testid="survey-form-page" data-id={id}>
      <Segment className="sf-card">
        <h3 className="sf-card-title">
          <Icon name="edit outline" /> {id ? s('manage.form.editTitle', { name: saved?.name ?? '' }) : s('manage.form.newTitle')}
        </h3>
        {locked ? (
          <Message warning data-testid="survey-locked">
            <Icon name="lock" /> {s('manage.form.locked', { n: saved?.respondents ?? 0 })}
          </Message>
        ) : null}
        <Form onSubmit={(e) => void save(e)} data-testid="survey-form" className="sf-survey-form">
          <fieldset className="sf-plain-fieldset" disabled={locked}>
            <Form.Group widths="equal">
              <Form.Field required error={Boolean(err('name'))} width={10}>
                <label htmlFor="survey-name">{s('manage.form.name')}</label>
                <input id="survey-name" maxLength={SURVEY_LIMITS.nameMax + 10} data-testid="survey-name-input" {...register('name')} />
                {err('name') ? <div className="sf-field-error" data-testid="survey-name-error">{err('name')}</div> : null}
              </Form.Field>
              <Form.Field required error={Boolean(err('category'))}>
                <label htmlFor="survey-category">{s('manage.form.category')}</label>
                {/* controlled: the dictionary arrives after the form is filled, and an uncontrolled select would keep showing none */}
                <Controller
                  control={control}
                  name="category"
                  render={({ field }) => (
                    <select id="survey-category" className="ui dropdown" data-testid="survey-category" name={field.name} value={field.value} onBlur={field.onBlur} onChange={(e) => field.onChange(e.target.value)}>
                      <OptionList empty={s('manage.form.choose')} options={(categories.data ?? []).map((c) => ({ value: c.code, text: categoryLabel(c, lang) }))} />
                    </select>
                  )}
                />
                {err('category') ? <div className="sf-field-error" data-testid="survey-category-error">{err('category')}</div> : null}
              </Form.Field>
              <Form.Field>
                <label htmlFor="survey-template">{s('manage.form.template')}</label>
                <Controller
                  control={control}
                  name="template"
                  render={({ field }) => (
                    <select id="survey-template" className="ui dropdown" value={field.value} data-testid="survey-template" onChange={(e) => void applyTemplate(e.target.value)}>
                      <OptionList empty={s('manage.form.noTemplate')} options={SURVEY_TEMPLATES.map((t) => ({ value: t, text: s(`templates.${t}`) }))} />
                    </select>
                  )}
                />
              </Form.Field>
            </Form.Group>
            <Form.Field error={Boolean(err('description'))}>
              <label htmlFor="survey-description">{s('manage.form.description')}</label>
              <textarea id="survey-description" rows={2} data-testid="survey-description" {...register('description')} />
              {err('description') ? <div className="sf-field-error">{err('description')}</div> : null}
            </Form.Field>
          </fieldset>
          <Form.Group widths="equal">
            <Form.Field required error={Boolean(err('start'))} disabled={locked}>
              <label htmlFor="survey-start">{s('manage.form.start')}</label>
              <input id="survey-start" type="datetime-local" data-testid="survey-start" disabled={locked} {...register('start')} />
              {err('start') ? <div className="sf-field-error" data-testid="survey-start-error">{err('start')}</div> : null}
            </Form.Field>
            {/* the end stays open on an answered questionnaire: extending it is the one change allowed */}
            <Form.Field required error={Boolean(err('end'))}>
              <label htmlFor="survey-end">{s('manage.form.end')}</label>
              <input id="survey-end" type="datetime-local" data-testid="survey-end" {...register('end')} />
              {err('end') ? <div className="sf-field-error" data-testid="survey-end-error">{err('end')}</div> : null}
            </Form.Field>
          </Form.Group>
          <fieldset className="sf-plain-fieldset" disabled={locked}>
            <Form.Field>
              <Controller control={control} name="anonymous" render={({ field }) => <Checkbox label={s('manage.form.anonymous')} checked={field.value} disabled={locked} onChange={(_e, d) => field.onChange(Boolean(d.checked))} data-testid="survey-anonymous" />} />
              <div className="sf-hint">{s('manage.form.anonymousHint')}</div>
            </Form.Field>
            <Segment className="sf-survey-who">
              <h4 className="sf-survey-subhead">{s('manage.form.who')}</h4>
              <Form.Group inline>
                {(['public', 'audience'] as const).map((m) => (
                  <Form.Field key={m}>
                    <Checkbox radio label={s(`manage.form.mode.${m}`)} checked={mode === m} disabled={locked} onChange={() => setValue('mode', m, { shouldDirty: true })} data-testid={`survey-mode-${m}`} />
                  </Form.Field>
                ))}
              </Form.Group>
              {err('school') ? (
                <Message negative size="small" data-testid="survey-audience-error">
                  {err('school')}
                </Message>
              ) : null}
              {mode === 'audience' ? (
                <div data-testid="survey-audience">
                  <AudienceFields
                    control={control as unknown as Control<AudienceDraft>}
                    disabled={locked}
                    onChanged={() => {
                      if (errors.school) void trigger('school');
                    }}
                    label={(key) => s(`manage.form.${key}`)}
                    prefix="survey"
                    people={(field) => <RefsSelect source="teachers" value={field.value} onValue={field.onValue} testId="survey-userIds" max={500} alwaysSearch />}
                  />
                </div>
              ) : (
                <div className="sf-hint" data-testid="survey-public-hint">
                  {s('manage.form.publicHint')}
                </div>
              )}
            </Segment>
            <h4 className="sf-survey-subhead">{s('manage.form.questions')}</h4>
            <QuestionDesigner control={control} register={register} getValues={getValues} errors={errors} locked={locked} onBusy={(b) => setUploads((n) => Math.max(0, n + (b ? 1 : -1)))} />
          </fieldset>
          <div className="sf-form-actions">
            <Button primary type="submit" loading={formState.isSubmitting} disabled={busy} data-testid="survey-submit">
              <Icon name="save" /> {locked ? s('manage.form.saveEnd') : s('manage.form.save')}
            </Button>
            <Button type="button" basic onClick={() => void navigate(surveyLink.list())} data-testid="survey-cancel">
              {s('manage.form.cancel')}
            </Button>
          </div>
        </Form>
      </Segment>
    </div>
  );
}

/** The form for a new questionnaire, or for `id` once it has loaded (the form is filled once, keyed by the id). */
export function SurveyFormPage({ id }: { id: string }) {
  const { s } = useSurveysT();
  const survey = useSurvey(id);
  if (!id) return <SurveyForm key="new" id="" />;
  if (survey.isError) {
    return (
      <div className="sf-page sf-surveys">
        <Message negative data-testid="survey-load-error">
          {errorMessage(survey.error)}
        </Message>
      </div>
    );
  }
  if (!survey.data) return <PageLoader text={s('manage.form.loading')} />;
  return <SurveyForm key={id} id={id} saved={survey.data} />;
}
