import { z } from 'zod';
import { UNSTORABLE_TEXT } from '../schemas.js';

/**
 * The resource kit (docs/adr/0023): a base-data resource is declared once, here, and the server (routes, validation,
 * table, constraint messages, Excel, permissions, menu), the browser (list, filters, form, import) and the tests read
 * that declaration. A field's zod schema takes what a person or a file gives — a JSON value, a form value or an Excel
 * cell's text — and answers the value the API stores, so the body, the form and an import row are checked alike.
 *
 * Messages are `validation.*` keys; `{{field}}`, `{{min}}` and `{{max}}` are filled by whichever side shows them
 * (`issueText`), the field's label being `resource.<name>.fields.<field>`.
 */

export type FieldKind = 'text' | 'longText' | 'int' | 'decimal' | 'bool' | 'date' | 'enum' | 'ref' | 'refs' | 'photo';

export interface FieldDef {
  kind: FieldKind;
  /** The column in the resource's table (or its read view); snake_case of the name unless declared. */
  column?: string;
  /** Only the resource's server plugin stores it (an account name, roles): no column of the table. */
  virtual?: boolean;
  /** Input → stored value; refusals carry `validation.*` keys. */
  schema: z.ZodType;
  /** For `ref`/`refs`: the resource (or option source) whose options it takes. */
  ref?: string;
  /** For `enum`: its values; the labels are `resource.enums.<enumName>.<value>`. */
  options?: readonly string[];
  enumName?: string;
  /** Answered, never written through the API (counted, or changed only by a flow). */
  readOnly?: boolean;
  /** Only in the read view (a count), not a column of the table. */
  viewOnly?: boolean;
  /** Not shown to people (an internal id the plugin keeps). */
  hidden?: boolean;
  /** Shown in the form and the import only when creating (an account name, say). */
  createOnly?: boolean;
  /** For `photo`: the file kinds it takes and the message of a file that does not fit (the kit's JPG rule when absent). */
  photo?: { types: readonly string[]; message: string };
  required: boolean;
}

const storable = (s: string): boolean => !UNSTORABLE_TEXT.test(s);
/** What "nothing" looks like in a body, a form or a cell. */
const blank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const textIn = (v: unknown): unknown => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v);

interface TextOptions {
  max: number;
  required?: boolean;
  pattern?: RegExp;
  patternMessage?: string;
  /** Further checks on the trimmed text, each with its message key. */
  checks?: readonly [test: (s: string) => boolean, message: string][];
}

/** Text, trimmed (docs/product/base-data.md#common-rules: no spaces at either end); empty is '' when optional. */
export function text(o: TextOptions): FieldDef {
  let s = z.string({ error: 'validation.fieldRequired' }).max(o.max, 'validation.fieldTooLong').refine(storable, 'validation.invalidCharacters');
  if (o.required) s = s.min(1, 'validation.fieldRequired');
  if (o.pattern) s = s.refine((v) => v === '' || (o.pattern as RegExp).test(v), o.patternMessage ?? 'validation.fieldInvalid');
  for (const [test, message] of o.checks ?? []) s = s.refine((v) => v === '' || test(v), message);
  const schema = z.preprocess((v) => (blank(v) ? (o.required ? undefined : '') : textIn(v)), s).meta({ max: o.max });
  return { kind: o.max > 200 ? 'longText' : 'text', schema, required: Boolean(o.required) };
}

const toNumber = (v: unknown): unknown => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v);

/** A whole number in [min, max]; the message names both. */
export function int(o: { min: number; max: number; required?: boolean; fallback?: number }): FieldDef {
  // Nothing given for a required number asks for it; anything else names the range.
  const n = z.number({ error: (issue) => (issue.input === undefined ? 'validation.fieldRequired' : 'validation.fieldIntRange') }).int('validation.fieldIntRange').min(o.min, 'validation.fieldIntRange').max(o.max, 'validation.fieldIntRange');
  const schema = z.preprocess((v) => (blank(v) ? (o.required ? undefined : (o.fallback ?? null)) : toNumber(v)), o.required || o.fallback !== undefined ? n : n.nullable());
  return { kind: 'int', schema: withRange(schema, o.min, o.max), required: Boolean(o.required) };
}

/** A number with at most `scale` decimals in [min, max]. */
export function decimal(o: { min: number; max: number; scale: number; required?: boolean }): FieldDef {
  const factor = 10 ** o.scale;
  const n = z
    .number({ error: (issue) => (issue.input === undefined ? 'validation.fieldRequired' : 'validation.fieldNumberRange') })
    .min(o.min, 'validation.fieldNumberRange')
    .max(o.max, 'validation.fieldNumberRange')
    .refine((x) => Math.abs(Math.round(x * factor) - x * factor) < 1e-6, 'validation.fieldDecimals');
  const schema = z.preprocess((v) => (blank(v) ? (o.required ? undefined : null) : toNumber(v)), o.required ? n : n.nullable());
  return { kind: 'decimal', schema: withRange(schema, o.min, o.max, o.scale), required: Boolean(o.required) };
}

/** Range parameters ride on the schema's metadata so the message can name them. */
function withRange(schema: z.ZodType, min: number, max: number, scale?: number): z.ZodType {
  return schema.meta({ min, max, ...(scale === undefined ? {} : { scale }) });
}

const TRUE_TEXT = new Set(['1', 'true', 'yes', 'y', '是', '启用', '√']);
const FALSE_TEXT = new Set(['0', 'false', 'no', 'n', '否', '停用', '禁用', '×']);

/** Yes or no; a cell may say 是/否, 1/0, true/false. */
export function flag(fallback: boolean): FieldDef {
  const schema = z.preprocess(
    (v) => {
      if (blank(v)) return fallback;
      if (typeof v === 'string') {
        const t = v.trim().toLowerCase();
        if (TRUE_TEXT.has(t)) return true;
        if (FALSE_TEXT.has(t)) return false;
      }
      if (v === 1) return true;
      if (v === 0) return false;
      return v;
    },
    z.boolean({ error: 'validation.fieldInvalid' }),
  );
  return { kind: 'bool', schema, required: false };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A real calendar date `YYYY-MM-DD` (a cell may hold `YYYY/M/D`). */
export function isoDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}
function normaliseDate(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const m = /^\s*(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\s*$/.exec(v);
  return m ? `${m[1]}-${(m[2] as string).padStart(2, '0')}-${(m[3] as string).padStart(2, '0')}` : v.trim();
}

export function date(o: { required?: boolean } = {}): FieldDef {
  const d = z.string({ error: o.required ? 'validation.fieldRequired' : 'validation.fieldDate' }).refine(isoDate, 'validation.fieldDate');
  const schema = z.preprocess((v) => (blank(v) ? (o.required ? undefined : null) : normaliseDate(v)), o.required ? d : d.nullable());
  return { kind: 'date', schema, required: Boolean(o.required) };
}

/** One of a list; labels are `resource.enums.<enumName>.<value>` (a cell may hold the label in either language). */
export function oneOf<const V extends string>(enumName: string, options: readonly V[], o: { required?: boolean; fallback?: V } = {}): FieldDef {
  const e = z.enum(options as unknown as [V, ...V[]], { error: 'validation.fieldChoose' });
  const schema = z.preprocess((v) => (blank(v) ? (o.fallback ?? (o.required ? undefined : null)) : textIn(v)), o.required || o.fallback ? e : e.nullable());
  return { kind: 'enum', schema, options, enumName, required: Boolean(o.required) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Another resource's record, by id (an import cell names its code; the server looks it up). */
export function ref(resource: string, o: { required?: boolean } = {}): FieldDef {
  const id = z.string({ error: 'validation.fieldChoose' }).regex(UUID, 'validation.fieldChoose');
  const schema = z.preprocess((v) => (blank(v) ? (o.required ? undefined : null) : textIn(v)), o.required ? id : id.nullable());
  return { kind: 'ref', schema, ref: resource, required: Boolean(o.required) };
}

/** A photo's upload rules (docs/product/base-data.md#photos: JPG, at most 2 MB); the server checks the stored file against them. */
export const PHOTO_RULES = { types: ['.jpg', '.jpeg'], maxSizeKb: 2048 } as const;

/**
 * A photo: the id of an uploaded file (`/file/upload`), a JPG of at most 2 MB — checked again by the server on save.
 * A resource whose pictures may be other kinds names them and its message (an award's certificate: JPG or PNG).
 */
export function photo(o?: { types: readonly string[]; message: string }): FieldDef {
  const message = o?.message ?? 'validation.photoInvalid';
  const id = z.string({ error: message }).regex(UUID, message);
  return { kind: 'photo', schema: z.preprocess((v) => (blank(v) ? null : v), id.nullable()), required: false, ...(o ? { photo: o } : {}) };
}

/** Several of another resource's options (values as the source answers them: ids, or role codes). */
export function refs(resource: string, o: { max: number; pattern?: RegExp }): FieldDef {
  const item = z.string().max(100, 'validation.fieldChoose').regex(o.pattern ?? UUID, 'validation.fieldChoose');
  const schema = z.preprocess(
    (v) => (blank(v) ? [] : typeof v === 'string' ? v.split(/[,，;；\s]+/).filter(Boolean) : v),
    z.array(item, { error: 'validation.fieldChoose' }).max(o.max, 'validation.fieldTooMany').transform((a) => [...new Set(a)]),
  );
  return { kind: 'refs', schema, ref: resource, required: false };
}

/**
 * A column answered but never written through the API: changed only by a flow or the resource's plugin (a semester's
 * current flag, a staff member's account id) or, with `viewOnly`, counted by the resource's read view (headcount).
 */
export function computed(kind: FieldKind, column: string, o: { viewOnly?: boolean; hidden?: boolean } = {}): FieldDef {
  return { kind, column, schema: z.unknown(), readOnly: true, required: false, ...(o.viewOnly ? { viewOnly: true } : {}), ...(o.hidden ? { hidden: true } : {}) };
}

/** The field under another column name than its snake_case. */
export function at(column: string, f: FieldDef): FieldDef {
  return { ...f, column };
}
/** Only the resource's server plugin stores it (no column of the table). */
export function virtual(f: FieldDef, o: { createOnly?: boolean } = {}): FieldDef {
  return { ...f, virtual: true, ...(o.createOnly ? { createOnly: true } : {}) };
}
export function createOnly(f: FieldDef): FieldDef {
  return { ...f, createOnly: true };
}

/** A nested list stored in a table of its own (a student's guardians), replaced as a whole on every save. */
export interface ChildListDef {
  table: string;
  /** The column naming the parent. */
  parentColumn: string;
  /** The column keeping the order. */
  positionColumn?: string;
  fields: Record<string, FieldDef>;
  max: number;
  /** The first item's field named in the import template (guardian 1's name, mobile, …), up to `excelItems`. */
  excelItems: number;
}

/** A cross-field rule, stated once with its message: runs on the body, the form and each import row. */
export interface ResourceRule<T = Record<string, unknown>> {
  message: string;
  /** The field the message is shown under. */
  path: string;
  holds: (value: T) => boolean;
}

export type ResourceAction = 'list' | 'read' | 'create' | 'update' | 'delete' | 'import' | 'export';

export interface ResourceDef {
  name: string;
  /** The API's base path (docs/architecture.md#resource-api: `/api/academic`, `/api/grades`); `RESOURCE_BASE` when absent. */
  base?: string;
  /** The path segment under `base` when it is not the name (names are unique across bases: `dormitory-rooms` is `/api/dormitories/rooms`). */
  segment?: string;
  /** The table written; `view`, when set, is read (computed columns). */
  table: string;
  view?: string;
  fields: Record<string, FieldDef>;
  children?: Record<string, ChildListDef>;
  /** Join tables of ids (a teaching class's students), replaced as a whole on save; attach/detach change one. */
  links?: Record<string, { table: string; parentColumn: string; otherColumn: string; ref: string; max: number }>;
  rules?: readonly ResourceRule[];
  /** Unique constraints: name → its columns' fields and the message (409). */
  unique: Record<string, { fields: readonly string[]; message: string }>;
  /** Foreign keys that make a record "in use": constraint name → message (409, nothing deleted). */
  inUse: Record<string, string>;
  /**
   * Rules across rows that the database keeps (a trigger raising `check_violation` with this constraint name: exam
   * weights totalling more than 100): constraint name → the field the message is shown under and the message (400).
   */
  checks?: Record<string, { field: string; message: string }>;
  /** A row whose field holds `true` cannot be deleted (the current semester). */
  refuseDelete?: readonly { field: string; message: string }[];
  /** The option label of a record; `key` names it in Excel references (a classroom's building code). */
  label: string;
  /** The label in English, when the record has one (its `name_en`); the Chinese label otherwise. */
  labelEn?: string;
  key: string;
  /** `extra`: fields a page answers besides its columns, for a view of the list that shows them (the non-establishment staff page). */
  list: { columns: readonly string[]; extra?: readonly string[]; filters: readonly string[]; keyword: readonly string[]; sort: readonly (readonly [field: string, dir: 'ASC' | 'DESC'])[] };
  /** Template, import and export columns (fields; refs by the referenced record's key). Absent: no import. */
  excel?: { columns: readonly string[]; importMaxKb: number };
  permissions: { read: string; write: string; import?: string };
  /**
   * Its options (id, name, code) are readable by anyone signed in: the names of the school's structure (a class, a
   * campus) are no secret, and every reader of a record that refers to one needs them. People's records keep their
   * read rules.
   */
  optionsOpen?: boolean;
  /** Roles that may read a scoped subset (head teacher: their class's students); the server plugin says which rows. */
  scopedReaders?: readonly string[];
  /** Roles granted the whole resource at registration besides administrators (the office manages entry batches). */
  grants?: { read?: readonly string[]; write?: readonly string[] };
  menu?: { group: string; sort: number; icon: string };
  actions: readonly ResourceAction[];
}

const snake = (s: string): string => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A declaration with every stored field's column filled in (snake_case of its name unless declared). */
export function defineResource<const D extends ResourceDef>(d: D): D {
  const fill = (fields: Record<string, FieldDef>): Record<string, FieldDef> =>
    Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.virtual || f.column ? f : { ...f, column: snake(name) }]));
  const children = Object.fromEntries(Object.entries(d.children ?? {}).map(([name, c]) => [name, { ...c, fields: fill(c.fields) }]));
  return { ...d, fields: fill(d.fields), ...(d.children ? { children } : {}) };
}

/** The writable fields of a resource: what a body, a form and an import row carry. */
export function writableFields(d: ResourceDef, mode: 'create' | 'update'): [string, FieldDef][] {
  return Object.entries(d.fields).filter(([, f]) => !f.readOnly && (mode === 'create' || !f.createOnly));
}

/** The body of attaching linked records one at a time (`POST …/{id}/{link}`: a teaching class's students). */
export const linkBodySchema = z.object({
  studentIds: z.array(z.string().regex(UUID, 'validation.fieldChoose'), { error: 'validation.fieldChoose' }).min(1, 'validation.fieldChoose').max(200, 'validation.fieldTooMany'),
});

/** The body schema of create or update: every writable field, the children, the links, then the rules. */
export function bodySchema(d: ResourceDef, mode: 'create' | 'update'): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, f] of writableFields(d, mode)) shape[name] = f.schema;
  for (const [name, c] of Object.entries(d.children ?? {})) {
    const item: Record<string, z.ZodType> = {};
    // What only the server writes (a guardian's parent account) is no part of a body: z.object drops it.
    for (const [n, f] of Object.entries(c.fields)) if (!f.readOnly) item[n] = f.schema;
    shape[name] = z.preprocess((v) => (v === undefined || v === null ? [] : v), z.array(z.object(item), { error: 'validation.fieldInvalid' }).max(c.max, 'validation.fieldTooMany'));
  }
  for (const [name, l] of Object.entries(d.links ?? {})) {
    shape[name] = z.preprocess((v) => (v === undefined || v === null ? [] : v), z.array(z.string().regex(UUID, 'validation.fieldChoose'), { error: 'validation.fieldChoose' }).max(l.max, 'validation.fieldTooMany'));
  }
  const rules = d.rules ?? [];
  return z.object(shape).superRefine((value, ctx) => {
    for (const r of rules) if (!r.holds(value)) ctx.addIssue({ code: 'custom', message: r.message, path: [r.path] });
  }) as unknown as z.ZodType<Record<string, unknown>>;
}

/** The list query: paging, keyword, and each declared filter as a string. */
export function listQuerySchema(d: ResourceDef): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {
    current: z.coerce.number({ error: 'validation.pageInvalid' }).int('validation.pageInvalid').min(1, 'validation.pageInvalid').max(1_000_000, 'validation.pageInvalid').default(1),
    size: z.coerce.number({ error: 'validation.pageSizeInvalid' }).int('validation.pageSizeInvalid').min(1, 'validation.pageSizeInvalid').max(1000, 'validation.pageSizeInvalid').default(10),
    keyword: z.string().max(100, 'validation.tooLong').refine(storable, 'validation.invalidCharacters').transform((s) => s.trim()).optional(),
  };
  for (const name of d.list.filters) shape[name] = z.string().max(100, 'validation.tooLong').refine(storable, 'validation.invalidCharacters').optional();
  return z.object(shape) as unknown as z.ZodType<Record<string, unknown>>;
}

/** The parameters a refusal's message names: the field's label key and the range its schema declares. */
export function issueParams(d: ResourceDef, path: readonly PropertyKey[]): { labelKey: string; min?: number; max?: number; scale?: number } {
  const [first, , third] = path;
  const name = String(first ?? '');
  const child = d.children?.[name];
  if (child && third !== undefined) {
    const f = child.fields[String(third)];
    return { labelKey: `resource.${d.name}.${name}.${String(third)}`, ...rangeOf(f) };
  }
  return { labelKey: `resource.${d.name}.fields.${name}`, ...rangeOf(d.fields[name]) };
}

function rangeOf(f: FieldDef | undefined): { min?: number; max?: number; scale?: number } {
  if (!f) return {};
  const meta = f.schema.meta() as { min?: number; max?: number; scale?: number } | undefined;
  return meta ? { ...(meta.min === undefined ? {} : { min: meta.min }), ...(meta.max === undefined ? {} : { max: meta.max }), ...(meta.scale === undefined ? {} : { scale: meta.scale }) } : {};
}
