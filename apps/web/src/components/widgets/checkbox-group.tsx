import { Button, Checkbox } from 'semantic-ui-react';
import { OPTION_LABEL_FIELD, OPTION_VALUE_FIELD } from './form-defaults.js';
import './widgets.css';

/** Checkbox option (docs/product/shell-and-sign-in.md#checkbox-group): label (field mc), value (field wid), disabled; button style adds trueLabel/falseLabel, name, checked. */
export type CheckboxOption = Record<string, unknown> & { disabled?: boolean; trueLabel?: string; falseLabel?: string; name?: string };

export interface CheckboxGroupProps {
  options: readonly CheckboxOption[];
  value: readonly string[];
  onChange: (values: string[]) => void;
  labelField?: string;
  valueField?: string;
  /** Least / most checked (passed through: unchecking below min or checking above max is not possible). */
  min?: number;
  max?: number;
  /** Button style: each option a toggle button, showing trueLabel when checked and falseLabel when not. */
  buttons?: boolean;
  disabled?: boolean;
  testId?: string;
}

function text(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
}

/** Checkbox group over mc / wid options (docs/product/shell-and-sign-in.md#checkbox-group, #forms). */
export function CheckboxGroup({ options, value, onChange, labelField = OPTION_LABEL_FIELD, valueField = OPTION_VALUE_FIELD, min, max, buttons = false, disabled = false, testId = 'checkbox-group' }: CheckboxGroupProps) {
  const chosen = new Set(value);
  const toggle = (v: string) => {
    if (chosen.has(v)) {
      if (min !== undefined && value.length <= min) return;
      onChange(value.filter((x) => x !== v));
    } else {
      if (max !== undefined && value.length >= max) return;
      // keep the order of the options
      onChange(options.map((o) => text(o[valueField])).filter((x) => x === v || chosen.has(x)));
    }
  };
  return (
    <div className={`sf-checkbox-group ${buttons ? 'buttons' : ''}`} data-testid={testId} data-count={value.length} data-min={min} data-max={max}>
      {options.map((o) => {
        const v = text(o[valueField]);
        const on = chosen.has(v);
        const blocked = disabled || o.disabled === true || (on && min !== undefined && value.length <= min) || (!on && max !== undefined && value.length >= max);
        const label = text(o[labelField]);
        if (buttons) {
          const shown = on ? (o.trueLabel ?? label) : (o.falseLabel ?? label);
          return (
            <Button key={v} type="button" size="small" toggle active={on} basic={!on} primary={on} disabled={blocked} name={o.name} onClick={() => toggle(v)} data-testid={`${testId}-option`} data-value={v} data-checked={on ? '1' : '0'}>
              {shown}
            </Button>
          );
        }
        return <Checkbox key={v} label={label} name={o.name} checked={on} disabled={blocked} onChange={() => toggle(v)} data-testid={`${testId}-option`} data-value={v} data-checked={on ? '1' : '0'} />;
      })}
    </div>
  );
}
