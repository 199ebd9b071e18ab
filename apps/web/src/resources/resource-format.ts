import { issueParams, writableFields, type FieldDef, type ImportRowProblem, type ResourceDef, type ResourceRecord } from '@schoolflow/contracts';
import { i18n } from '../i18n/i18n.js';

/**
 * The resource kit's pure browser helpers: labels, cell texts, messages, form drafts. Everything a person reads comes
 * from the `resource` and `validation` namespaces by the keys the declaration names, so a resource needs no code here.
 */

export type Vars = Record<string, string | number>;

/** A `resource.*` or `validation.*` key in the current language; any other text (the server's msg) passes through. */
export function kitText(key: string, vars?: Vars): string {
  const m = /^(resource|validation)\.(.+)$/.exec(key);
  return m?.[1] && m[2] ? i18n.t(m[2], { ns: m[1], ...vars }) : key;
}

export const fieldLabel = (def: ResourceDef, field: string): string => kitText(`resource.${def.name}.fields.${field}`);
export const childLabel = (def: ResourceDef, child: string, field: string): string => kitText(`resource.${def.name}.${child}.${field}`);

/** A resource's title; the admission page is the students resource under its own title. */
export const resourceTitle = (def: ResourceDef, admission = false): string => kitText(admission ? 'resource.admission.title' : `resource.${def.name}.title`);

/** An enum value's label (`resource.enums.<enumName>.<value>`; a computed enum has no enumName and uses its field name). */
export function enumLabel(f: FieldDef | undefined, field: string, value: string): string {
  const key = `resource.enums.${f?.enumName ?? field}.${value}`;
  const text = kitText(key);
  return text === key.slice('resource.'.length) || text === key ? value : text;
}

export const yesNo = (v: boolean): string => kitText(v ? 'resource.enums.yes' : 'resource.enums.no');

/** The values of an enum field, with their labels, in declared order. */
export function enumOptions(f: FieldDef, field: string): { value: string; text: string }[] {
  return (f.options ?? []).map((v) => ({ value: v, text: enumLabel(f, field, v) }));
}

/** Looks up the label of an option of `source` (a resource name or an option source); undefined while unknown. */
export type LabelOf = (source: string, value: string) => string | undefined;

const listSeparator = (): string => i18n.t('common.listSeparator', { ns: 'web' });

/** The text of one list cell: enums and bools by their labels, refs by their options' labels, the rest as given. */
export function cellText(def: ResourceDef, field: string, value: unknown, labelOf: LabelOf): string {
  if (value === null || value === undefined || value === '') return '';
  const f = def.fields[field];
  switch (f?.kind) {
    case 'bool':
      return yesNo(value === true || value === 'true' || value === 1);
    case 'enum':
      return enumLabel(f, field, String(value as string));
    case 'ref':
      return f.ref ? (labelOf(f.ref, String(value as string)) ?? '') : String(value as string);
    case 'refs': {
      const values = Array.isArray(value) ? value.map(String) : String(value as string).split(',').filter(Boolean);
      return values.map((v) => (f.ref ? (labelOf(f.ref, v) ?? v) : v)).join(listSeparator());
    }
    case 'date':
      return typeof value === 'string' ? value.slice(0, 10) : String(value as string);
    case 'photo':
      return ''; // shown in the form, not as a list cell
    case 'text':
    case 'longText':
    case 'int':
    case 'decimal':
    case undefined:
      return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number);
  }
}

/** The option values of a page of rows whose labels the list shows: source → distinct ids. */
export function refValuesOf(def: ResourceDef, columns: readonly string[], rows: readonly ResourceRecord[]): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const c of columns) {
    const f = def.fields[c];
    if (!f?.ref || (f.kind !== 'ref' && f.kind !== 'refs')) continue;
    const set = out.get(f.ref) ?? new Set<string>();
    for (const row of rows) {
      const v = row[c];
      for (const x of Array.isArray(v) ? v : [v]) if (typeof x === 'string' && x !== '') set.add(x);
    }
    out.set(f.ref, set);
  }
  return new Map([...out].filter(([, s]) => s.size > 0).map(([k, s]) => [k, [...s].sort()]));
}

/** The keyword box's placeholder: the labels of the fields the keyword searches. */
export function keywordPlaceholder(def: ResourceDef): string {
  return i18n.t('resourceKit.keywordPlaceholder', { ns: 'web', fields: def.list.keyword.map((k) => fieldLabel(def, k)).join(listSeparator()) });
}

/** A refusal from the zod schema, in words: the key's text with the field's label and declared range. */
export function issueText(def: ResourceDef, path: readonly PropertyKey[], message: string): string {
  if (!message.startsWith('validation.')) return message; // the server's msg, translated already
  const { labelKey, ...range } = issueParams(def, path);
  return kitText(message, { field: kitText(labelKey), ...range });
}

/** The list query: paging, the keyword and each filter that holds a value (the API reads them all as strings). */
export function listQuery(p: { current: number; size: number; keyword: string; filters: Readonly<Record<string, string>> }): Record<string, string | number> {
  const q: Record<string, string | number> = { current: p.current, size: p.size };
  if (p.keyword.trim()) q.keyword = p.keyword.trim();
  for (const [k, v] of Object.entries(p.filters)) if (v !== '') q[k] = v;
  return q;
}

/** `?a=1&b=2` of the filters, for calls that take no query object (the export is a file download). */
export function queryString(q: Readonly<Record<string, string | number>>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** What the form's inputs hold: text for text, numbers, dates, enums and refs; booleans; lists for refs, children, links. */
export type Draft = Record<string, unknown>;

/** A field's value as its input holds it. */
export function draftValue(f: FieldDef, v: unknown): unknown {
  switch (f.kind) {
    case 'bool':
      return v === true || v === 'true' || v === 1;
    case 'refs':
      return Array.isArray(v) ? v.map(String) : [];
    case 'date':
      return typeof v === 'string' ? v.slice(0, 10) : '';
    case 'text':
    case 'longText':
    case 'int':
    case 'decimal':
    case 'enum':
    case 'ref':
    case 'photo':
      return v === null || v === undefined ? '' : String(v as string | number);
  }
}

/** What a new record starts with: what the field's own schema makes of nothing (its fallback), else empty. */
export function defaultValue(f: FieldDef): unknown {
  const r = f.schema.safeParse(undefined);
  return draftValue(f, r.success ? r.data : undefined);
}

function itemDraft(fields: Record<string, FieldDef>, item?: Record<string, unknown>): Draft {
  return Object.fromEntries(Object.entries(fields).map(([n, f]) => [n, item && n in item ? draftValue(f, item[n]) : defaultValue(f)]));
}

/** A new child item (a guardian) with its fields' defaults. */
export const newChild = (def: ResourceDef, child: string): Draft => itemDraft(def.children?.[child]?.fields ?? {});

/** The form's starting values: a record as answered (update), or the defaults with what the page prefills (create). */
export function formDraft(def: ResourceDef, mode: 'create' | 'update', record?: Readonly<Record<string, unknown>>): Draft {
  const out: Draft = {};
  for (const [name, f] of writableFields(def, mode)) out[name] = record && name in record ? draftValue(f, record[name]) : defaultValue(f);
  for (const [name, c] of Object.entries(def.children ?? {})) {
    const items = record?.[name];
    out[name] = Array.isArray(items) ? items.map((it) => itemDraft(c.fields, (it ?? {}) as Record<string, unknown>)) : [];
  }
  for (const name of Object.keys(def.links ?? {})) {
    const ids = record?.[name];
    out[name] = Array.isArray(ids) ? ids.map(String) : [];
  }
  return out;
}

/** The field a refusal of the API names (`data.field`, a guardian's as `guardians.0.mobile`), when the form shows it. */
export function serverField(data: unknown, shown: readonly string[]): string | null {
  const field = typeof data === 'object' && data !== null ? (data as { field?: unknown }).field : undefined;
  return typeof field === 'string' && shown.includes(field.split('.')[0] ?? '') ? field : null;
}

/** An import's outcome read from an answer, a refusal's data or a finished job's result; null when it is none. */
export function importOutcome(data: unknown): { imported: number; errors: ImportRowProblem[] } | null {
  if (typeof data !== 'object' || data === null) return null;
  const o = data as { imported?: unknown; errors?: unknown };
  if (o.imported === undefined && o.errors === undefined) return null;
  const errors = Array.isArray(o.errors)
    ? o.errors.filter((e): e is ImportRowProblem => typeof e === 'object' && e !== null).map((e) => ({ row: Number(e.row) || 0, column: String(e.column ?? ''), message: String(e.message ?? '') }))
    : [];
  return { imported: Number(o.imported) || 0, errors };
}

