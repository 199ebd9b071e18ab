import { Controller, useFieldArray, type Control } from 'react-hook-form';
import { Button, Form, Icon, Table } from 'semantic-ui-react';
import type { FieldDef, ResourceDef } from '@schoolflow/contracts';
import { FieldError } from '../components/form-field.js';
import { OptionList } from '../components/list-page.js';
import { useT } from '../i18n/use-t.js';
import { childLabel, enumOptions, fieldLabel, issueText, newChild, type Draft } from './resource-format.js';

function CellInput({ name, f, testId, value, onValue, invalid, label }: { name: string; f: FieldDef; testId: string; value: unknown; onValue: (v: unknown) => void; invalid: boolean; label: string }) {
  const { t } = useT();
  // yes or no is ticked, as in the form's own fields (a text box held "true"/"false")
  if (f.kind === 'bool') return <input type="checkbox" checked={value === true} aria-label={label} data-testid={testId} aria-invalid={invalid} onChange={(e) => onValue(e.target.checked)} />;
  const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value as number);
  if (f.kind === 'enum') {
    return (
      <select className="ui dropdown" value={text} data-testid={testId} aria-invalid={invalid} onChange={(e) => onValue(e.target.value)}>
        <OptionList empty={t('resourceKit.choose')} options={enumOptions(f, name)} />
      </select>
    );
  }
  const type = f.kind === 'int' || f.kind === 'decimal' ? 'number' : f.kind === 'date' ? 'date' : 'text';
  return <input type={type} value={text} data-testid={testId} aria-invalid={invalid} onChange={(e) => onValue(e.target.value)} />;
}

/**
 * A nested list of a record (a student's guardians) as a small table: a row per item, add and remove, at most the
 * declared number. Each cell is checked by the same body schema as the rest of the form.
 */
export function ChildrenTable({ def, child, control, error }: { def: ResourceDef; child: string; control: Control<Draft, unknown, Record<string, unknown>>; error?: string }) {
  const { t } = useT();
  const c = def.children?.[child];
  const { fields: rows, append, remove } = useFieldArray({ control, name: child as never });
  if (!c) return null;
  const columns = Object.entries(c.fields).filter(([, f]) => !f.readOnly);
  const testId = `field-${child}`;
  return (
    <Form.Field error={Boolean(error)}>
      <div className="sf-children-head">
        <label>{fieldLabel(def, child)}</label>
        <Button type="button" size="mini" basic disabled={rows.length >= c.max} onClick={() => append(newChild(def, child) as never)} data-testid={`${testId}-add`}>
          <Icon name="plus" /> {t('resourceKit.children.add')}
        </Button>
      </div>
      <Table compact celled unstackable size="small" className="sf-children-table" data-testid={testId} data-count={rows.length}>
        <Table.Header>
          <Table.Row>
            {columns.map(([n, f]) => (
              <Table.HeaderCell key={n} className={f.required ? 'sf-required' : undefined}>
                {childLabel(def, child, n)}
              </Table.HeaderCell>
            ))}
            <Table.HeaderCell collapsing />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={columns.length + 1} className="sf-hint">
                {t('resourceKit.children.empty')} · {t('resourceKit.children.max', { max: c.max })}
              </Table.Cell>
            </Table.Row>
          ) : (
            rows.map((row, i) => (
              <Table.Row key={row.id} data-testid={`${testId}-row`}>
                {columns.map(([n, f]) => (
                  <Table.Cell key={n}>
                    <Controller
                      name={`${child}.${i}.${n}`}
                      control={control}
                      render={({ field, fieldState }) => {
                        const message = fieldState.error?.message;
                        const id = `${testId}-${i}-${n}`;
                        return (
                          <>
                            <CellInput name={n} f={f} testId={id} value={field.value} onValue={field.onChange} invalid={Boolean(message)} label={childLabel(def, child, n)} />
                            <FieldError testId={id} error={message ? issueText(def, [child, i, n], message) : undefined} />
                          </>
                        );
                      }}
                    />
                  </Table.Cell>
                ))}
                <Table.Cell collapsing>
                  <Button type="button" size="mini" basic icon="trash alternate outline" title={t('resourceKit.children.remove')} aria-label={t('resourceKit.children.remove')} onClick={() => remove(i)} data-testid={`${testId}-remove-${i}`} />
                </Table.Cell>
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table>
      <FieldError testId={testId} error={error} />
    </Form.Field>
  );
}
