import type { Language } from '@schoolflow/contracts';
import type { FormField } from '@schoolflow/workflows';
import { PictureUpload } from '../components/picture-upload.js';
import { useT } from '../i18n/use-t.js';
import type { FieldsSection } from './flow-detail.js';
import { localized } from './localized.js';
import { schoolTime } from './flow-model.js';
import { labelByKey } from './labels.js';

const NO_RULES = { maxSizeKb: 0, types: [], limit: 0 } as const;

/** A field's label and a select option's label, from the flow's words (`web.flow.{flow}`). */
export const fieldLabel = (flow: string, name: string, lang: Language) => labelByKey(`flow.${flow}.field.${name}`, lang);
export const optionLabel = (flow: string, name: string, value: string, lang: Language) => labelByKey(`flow.${flow}.option.${name}.${value}`, lang);

/** A form value as the detail page shows it. */
function shown(flow: string, field: FormField, value: unknown, lang: Language): string {
  if (value === undefined || value === null || value === '') return '';
  if (field.kind === 'datetime') return schoolTime(value);
  // several choices: each as one choice is shown, in a list
  if (Array.isArray(value)) return value.map((v) => shown(flow, { ...field, kind: 'select' }, v, lang)).join(labelByKey('common.listSeparator', lang));
  // a choice the server gave is kept by its name (the flow's form view), in both languages where it has them
  if (field.kind === 'select' || field.kind === 'multiselect') return field.source ? (localized(value, lang) ?? String(value)) : optionLabel(flow, field.name, String(value), lang);
  return localized(value, lang) ?? String(value);
}

/** The kit's detail section: every declared field of the flow's form, in order (the student is in the head). */
export function declaredFields(flow: string, fields: readonly FormField[]): FieldsSection {
  return function DeclaredFields({ view, lang }) {
    const { t } = useT();
    return (
      <>
        {fields
          // the student is in the page's head already
          .filter((f) => f.kind !== 'child' && !(f.name === 'studentId' && view.student))
          .map((f) =>
            f.kind === 'pictures' ? (
              <div className="full" key={f.name}>
                <dt>{fieldLabel(flow, f.name, lang)}</dt>
                <dd>{view.attachments.length > 0 ? <PictureUpload value={view.attachments} onChange={() => undefined} rules={NO_RULES} testId={`${flow}-${f.name}`} disabled /> : t('workflow.detail.none')}</dd>
              </div>
            ) : (
              <div className={f.kind === 'textarea' ? 'full' : undefined} key={f.name}>
                <dt>{fieldLabel(flow, f.name, lang)}</dt>
                <dd className={f.kind === 'textarea' ? 'sf-pre' : undefined} data-testid={`${flow}-${f.name}-value`}>
                  {shown(flow, f, view.form[f.name], lang) || t('workflow.detail.none')}
                </dd>
              </div>
            ),
          )}
      </>
    );
  };
}
