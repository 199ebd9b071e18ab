import type { InputHTMLAttributes, ReactNode } from 'react';

/** A field's validation message; `${testId}-error` for browser tests. Nothing when there is none. */
export function FieldError({ testId, error }: { testId: string; error?: string }) {
  return error ? (
    <div className="sf-field-error" role="alert" data-testid={`${testId}-error`}>
      {error}
    </div>
  ) : null;
}

/**
 * The one labelled field: label, the control, a hint under it, then its message (`${testId}-error`). The markup
 * semantic's Form.Field renders, written out: importing Form.Field brings every control it can render (dropdown,
 * checkbox, radio, select, label — ~18 KB brotli) onto the sign-in page, which needs none (docs/adr/0033).
 */
export function LabelledField({ label, htmlFor, testId, required, error, hint, children }: { label: ReactNode; htmlFor?: string; testId: string; required?: boolean; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className={`${required ? 'required ' : ''}${error ? 'error ' : ''}field`}>
      <label htmlFor={htmlFor}>{label}</label>
      {children}
      {hint ? <div className="sf-hint">{hint}</div> : null}
      <FieldError testId={testId} error={error} />
    </div>
  );
}

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  testId: string;
  error?: string;
  onValue: (value: string) => void;
  icon?: string;
}

/**
 * A labelled text input with its validation message under it. A plain <input> (not semantic's Input) so the
 * data-testid lands on the element browser tests type into.
 */
export function TextField({ label, testId, error, onValue, icon, required, ...input }: Props) {
  return (
    <LabelledField label={label} htmlFor={input.id} testId={testId} required={required} error={error}>
      <div className={`ui fluid input ${icon ? 'left icon' : ''}`}>
        {icon ? <i className={`${icon} icon`} aria-hidden /> : null}
        <input {...input} data-testid={testId} aria-invalid={Boolean(error)} onChange={(e) => onValue(e.target.value)} />
      </div>
    </LabelledField>
  );
}
