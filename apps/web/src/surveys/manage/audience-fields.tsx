import { Controller, useWatch } from 'react-hook-form';
import { Checkbox, Form } from 'semantic-ui-react';
import { GRADES } from '@schoolflow/contracts';
import { i18n } from '../../i18n/i18n.js';
import { RefsSelect } from '../../resources/ref-select.js';
import type { SurveyControl } from './designer-model.js';
import { useSurveysT } from './use-manage-t.js';

const gradeLabel = (g: string): string => i18n.t(`enums.grade.${g}`, { ns: 'resource' });

/**
 * Who answers a signed-in questionnaire: publishing's audience (docs/product/publishing.md#audience-and-recipients,
 * its shared `audienceSchema`): the whole school, grades, classes, roles, named people; students, staff, parents.
 * The compose form keeps its audience inline, so the same widgets are laid out here rather than moved out of it.
 */
export function AudienceFields({ control, disabled, onChanged }: { control: SurveyControl; disabled: boolean; onChanged: () => void }) {
  const { s } = useSurveysT();
  const school = useWatch({ control, name: 'school' });
  const off = disabled || school;
  const refs = (name: 'classIds' | 'roles' | 'userIds', source: string, label: string, max: number) => (
    <Form.Field disabled={off}>
      <label htmlFor={`survey-${name}`}>{label}</label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <RefsSelect
            source={source}
            value={field.value}
            onValue={(v) => {
              field.onChange(v);
              onChanged();
            }}
            testId={`survey-${name}`}
            max={max}
            alwaysSearch={source === 'teachers'}
          />
        )}
      />
    </Form.Field>
  );
  return (
    <div data-testid="survey-audience">
      <Form.Field>
        <Controller
          control={control}
          name="school"
          render={({ field }) => (
            <Checkbox
              toggle
              label={s('manage.form.school')}
              checked={field.value}
              disabled={disabled}
              onChange={(_e, d) => {
                field.onChange(Boolean(d.checked));
                onChanged();
              }}
              data-testid="survey-school"
            />
          )}
        />
      </Form.Field>
      <Form.Field disabled={off}>
        <label>{s('manage.form.grades')}</label>
        <Controller
          control={control}
          name="grades"
          render={({ field }) => (
            <div className="sf-survey-grades" data-testid="survey-grades">
              {GRADES.map((g) => (
                <Checkbox
                  key={g}
                  label={gradeLabel(g)}
                  checked={field.value.includes(g)}
                  disabled={off}
                  data-testid={`survey-grade-${g}`}
                  onChange={(_e, d) => {
                    field.onChange(d.checked ? [...field.value, g] : field.value.filter((x) => x !== g));
                    onChanged();
                  }}
                />
              ))}
            </div>
          )}
        />
      </Form.Field>
      <Form.Group widths="equal">
        {refs('classIds', 'classes', s('manage.form.classes'), 500)}
        {refs('roles', 'roles', s('manage.form.roles'), 50)}
      </Form.Group>
      {refs('userIds', 'teachers', s('manage.form.people'), 500)}
      <Form.Group inline>
        <label>{s('manage.form.includes')}</label>
        {(['students', 'staff', 'parents'] as const).map((name) => (
          <Form.Field key={name}>
            <Controller
              control={control}
              name={name}
              render={({ field }) => <Checkbox label={s(`manage.form.${name}`)} checked={field.value} disabled={disabled} onChange={(_e, d) => field.onChange(Boolean(d.checked))} data-testid={`survey-include-${name}`} />}
            />
          </Form.Field>
        ))}
      </Form.Group>
    </div>
  );
}
