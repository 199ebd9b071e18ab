import type { ReactNode } from 'react';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { Checkbox, Form } from 'semantic-ui-react';
import { type AudienceSelector, GRADES } from '@schoolflow/contracts';
import { RefsSelect } from '../../resources/ref-select.js';
import type { AudienceDraft } from './audience-draft.js';
import { gradeLabel } from '../../resources/grade-label.js';


/** The words the fields show, each form's own (publishing's compose form, the questionnaire form). */
export type AudienceLabel = 'school' | 'grades' | 'classes' | 'teachingClasses' | 'roles' | 'people' | 'includes' | 'students' | 'staff' | 'parents';

export interface AudienceFieldsProps {
  /**
   * The form's control. Any form whose values hold the AudienceDraft fields under these names: react-hook-form types a
   * control by its whole form, which this component does not know, so the call site's control is read as one of
   * these fields only.
   */
  control: Control<AudienceDraft>;
  /** The selectors offered (a post kind's, docs/product/publishing.md#kinds); the others are not shown. */
  offers?: (selector: AudienceSelector) => boolean;
  /** Every field read-only (an answered questionnaire's). */
  disabled?: boolean;
  /** After a choice that changes who is reached (the form checks the audience's refinement again). */
  onChanged: () => void;
  label: (key: AudienceLabel) => string;
  /** The named-people picker: each form brings its own source (a post's kind decides whom its author may name). */
  people: (field: { value: string[]; disabled: boolean; onValue: (ids: string[]) => void }) => ReactNode;
  /** `post` or `survey`: the test ids (`post-school`, `survey-grade-10`, …) and the grades' class. */
  prefix: string;
}

/**
 * Who a post or a questionnaire reaches (docs/product/publishing.md#audience-and-recipients): the whole school, grades,
 * classes, teaching classes, roles, named people, and whether the groups' students, staff and parents are included.
 * One set of fields for both forms, on the contracts' `Audience` through AudienceDraft.
 */
export function AudienceFields({ control, offers = () => true, disabled = false, onChanged, label, people, prefix }: AudienceFieldsProps) {
  const school = useWatch({ control, name: 'school' });
  const off = disabled || school;
  const refs = (name: 'classIds' | 'teachingClassIds' | 'roles', source: string, text: AudienceLabel, max: number) =>
    offers(name) ? (
      <Form.Field disabled={off}>
        <label htmlFor={`${prefix}-${name}`}>{label(text)}</label>
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
              testId={`${prefix}-${name}`}
              max={max}
            />
          )}
        />
      </Form.Field>
    ) : null;
  return (
    <>
      {offers('school') ? (
        <Form.Field>
          <Controller
            control={control}
            name="school"
            render={({ field }) => (
              <Checkbox
                toggle
                label={label('school')}
                checked={field.value}
                disabled={disabled}
                onChange={(_e, d) => {
                  field.onChange(Boolean(d.checked));
                  onChanged();
                }}
                data-testid={`${prefix}-school`}
              />
            )}
          />
        </Form.Field>
      ) : null}
      {offers('grades') ? (
        <Form.Field disabled={off}>
          <label>{label('grades')}</label>
          <Controller
            control={control}
            name="grades"
            render={({ field }) => (
              <div className={`sf-${prefix}-grades`} data-testid={`${prefix}-grades`}>
                {GRADES.map((g) => (
                  <Checkbox
                    key={g}
                    label={gradeLabel(g)}
                    checked={field.value.includes(g)}
                    disabled={off}
                    data-testid={`${prefix}-grade-${g}`}
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
      ) : null}
      <Form.Group widths="equal">
        {refs('classIds', 'classes', 'classes', 500)}
        {refs('teachingClassIds', 'teaching-classes', 'teachingClasses', 500)}
      </Form.Group>
      {offers('roles') ? <Form.Group widths="equal">{refs('roles', 'roles', 'roles', 50)}</Form.Group> : null}
      {offers('userIds') ? (
        <Form.Field disabled={off}>
          <label>{label('people')}</label>
          <Controller
            control={control}
            name="userIds"
            render={({ field }) => (
              <>
                {people({
                  value: field.value,
                  disabled: off,
                  onValue: (v) => {
                    field.onChange(v);
                    onChanged();
                  },
                })}
              </>
            )}
          />
        </Form.Field>
      ) : null}
      <Form.Group inline>
        <label>{label('includes')}</label>
        {(['students', 'staff', 'parents'] as const).map((name) => (
          <Form.Field key={name}>
            <Controller
              control={control}
              name={name}
              render={({ field }) => <Checkbox label={label(name)} checked={field.value} disabled={disabled} onChange={(_e, d) => field.onChange(Boolean(d.checked))} data-testid={`${prefix}-include-${name}`} />}
            />
          </Form.Field>
        ))}
      </Form.Group>
    </>
  );
}
