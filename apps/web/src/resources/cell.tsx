import type { ResourceDef } from '@schoolflow/contracts';
import { cellText, type LabelOf } from './resource-format.js';

/** One list cell, as the declaration says to show its field (cellText); long texts are cut, with the whole as a title. */
export function Cell({ def, field, value, labelOf }: { def: ResourceDef; field: string; value: unknown; labelOf: LabelOf }) {
  const text = cellText(def, field, value, labelOf);
  const kind = def.fields[field]?.kind;
  return (
    <span className={`sf-resource-cell sf-kind-${kind ?? 'text'}`} title={text.length > 20 ? text : undefined} data-field={field}>
      {text}
    </span>
  );
}
