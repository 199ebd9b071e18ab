import type { InputHTMLAttributes } from 'react';
import { Form } from 'semantic-ui-react';

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
    <Form.Field error={Boolean(error)} required={required}>
      <label htmlFor={input.id}>{label}</label>
      <div className={`ui fluid input ${icon ? 'left icon' : ''}`}>
        {icon ? <i className={`${icon} icon`} aria-hidden /> : null}
        <input {...input} data-testid={testId} aria-invalid={Boolean(error)} onChange={(e) => onValue(e.target.value)} />
      </div>
      {error ? (
        <div className="sf-field-error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </div>
      ) : null}
    </Form.Field>
  );
}
