import type { ReactNode } from 'react';
import { type FieldDef, PHOTO_RULES } from '@schoolflow/contracts';
import { PictureUpload } from '../components/picture-upload.js';
import { LabelledField, TextField } from '../components/form-field.js';
import { useT } from '../i18n/use-t.js';
import { SelectField, TextAreaField, ToggleField } from '../views/ms/admin-kit.js';
import { enumOptions } from './resource-format.js';
import { RefSelect, RefsSelect } from './ref-select.js';

/** Sources with thousands of options: their selects always search. */
const LARGE_SOURCES = new Set(['students']);

export interface FieldInputProps {
  /** The field's name (the enum labels' fallback name). */
  name: string;
  f: FieldDef;
  label: string;
  /** The input's id and data-testid; its message is `${testId}-error`. */
  testId: string;
  value: unknown;
  onValue: (value: unknown) => void;
  error?: string;
  hint?: string;
  /** Several values' upper bound (refs, links). */
  max?: number;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v as number));

function step(f: FieldDef): string {
  if (f.kind === 'int') return '1';
  const scale = (f.schema.meta() as { scale?: number } | undefined)?.scale;
  return scale === undefined ? 'any' : String(10 ** -scale);
}

/** The wrapper of the inputs that are not semantic fields of their own: label, control, hint, message. */
function Field({ label, testId, required, error, hint, children }: { label: string; testId: string; required: boolean; error?: string; hint?: string; children: ReactNode }) {
  return (
    <LabelledField label={label} htmlFor={testId} testId={testId} required={required} error={error} hint={hint}>
      {children}
    </LabelledField>
  );
}

/** One input of the resource form, chosen by the field's kind. */
export function FieldInput({ name, f, label, testId, value, onValue, error, hint, max }: FieldInputProps) {
  const { t } = useT();
  const required = f.required;
  switch (f.kind) {
    case 'text':
    case 'date':
    case 'int':
    case 'decimal': {
      const numeric = f.kind === 'int' || f.kind === 'decimal';
      return (
        <>
          <TextField
            id={testId}
            label={label}
            testId={testId}
            required={required}
            type={f.kind === 'date' ? 'date' : numeric ? 'number' : 'text'}
            inputMode={f.kind === 'int' ? 'numeric' : f.kind === 'decimal' ? 'decimal' : undefined}
            step={numeric ? step(f) : undefined}
            value={text(value)}
            error={error}
            onValue={onValue}
            autoComplete="off"
          />
          {hint ? <div className="sf-hint sf-field-hint">{hint}</div> : null}
        </>
      );
    }
    case 'longText':
      return <TextAreaField id={testId} label={label} testId={testId} required={required} rows={3} value={text(value)} error={error} hint={hint} onValue={onValue} />;
    case 'bool':
      return <ToggleField label={label} testId={testId} checked={value === true} onValue={onValue} />;
    case 'enum':
      return <SelectField label={label} testId={testId} required={required} value={text(value)} placeholder={t('resourceKit.choose')} options={enumOptions(f, name)} error={error} onValue={onValue} />;
    case 'ref':
      return (
        <Field label={label} testId={testId} required={required} error={error} hint={hint}>
          <RefSelect source={f.ref ?? ''} value={text(value)} onValue={onValue} testId={testId} emptyText={t('resourceKit.choose')} alwaysSearch={LARGE_SOURCES.has(f.ref ?? '')} invalid={Boolean(error)} />
        </Field>
      );
    case 'photo':
      // One JPG of at most 2 MB (docs/product/base-data.md#photos; an award's certificate may be a PNG too), checked before it is sent and again by the server when the record is saved.
      return (
        <Field label={label} testId={testId} required={required} error={error} hint={hint ?? t(f.photo ? 'resourceKit.pictureHint' : 'resourceKit.photoHint')}>
          <PictureUpload
            value={typeof value === 'string' && value ? [{ resId: value, resName: label, resSuffix: '.jpg' }] : []}
            onChange={(next) => onValue(next[0]?.resId ?? null)}
            rules={{ ...PHOTO_RULES, ...(f.photo ? { types: f.photo.types } : {}), limit: 1 }}
            testId={testId}
          />
        </Field>
      );
    case 'refs':
      return (
        <Field label={label} testId={testId} required={required} error={error} hint={hint}>
          <RefsSelect
            source={f.ref ?? ''}
            value={Array.isArray(value) ? value.map(String) : []}
            onValue={onValue}
            testId={testId}
            max={max ?? Number.MAX_SAFE_INTEGER}
            alwaysSearch={LARGE_SOURCES.has(f.ref ?? '')}
            invalid={Boolean(error)}
          />
        </Field>
      );
  }
}
