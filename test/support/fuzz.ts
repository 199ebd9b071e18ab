import { randomUUID } from 'node:crypto';

/**
 * Inputs for the OpenAPI fuzz test (test/security/fuzz.e2e-spec.ts): a valid value for a schema of the document,
 * and the bad values each field is replaced with, one field at a time, so that every other field is valid and the
 * bad one reaches as deep into the handler as it can.
 */
export type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  default?: unknown;
  example?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
};

export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Operation {
  operationId?: string;
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

/** Names Object.prototype answers in a plain object: a handler that looks a caller's name up in a plain map meets them. */
export const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype'];

/** An object whose own keys are prototype names, as JSON.parse makes it (an object literal would set the prototype). */
export function prototypeKeyed(inner: unknown = { polluted: true }): Record<string, unknown> {
  const json = JSON.stringify(inner);
  return JSON.parse(`{"__proto__":${json},"constructor":{"prototype":${json}},"toString":${json}}`) as Record<string, unknown>;
}

/** Values that have broken handlers before or could: wrong types, edges of numbers and dates, hostile text. */
export const BAD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e20,
  -1e20,
  Number.MAX_SAFE_INTEGER + 2, // beyond a safe integer: a JSON number no JavaScript integer holds exactly
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'x\ud800y',
  '\udc00',
  '😀'.repeat(40),
  '字'.repeat(5000),
  'x'.repeat(70_000),
  "' OR '1'='1",
  '1; DROP TABLE sys_user; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '1e20',
  'NaN',
  '-1',
  '1970-01-01',
  '9999-12-31 23:59',
  '275760-09-13',
  '2026-02-30',
  '2026-13-45 25:61',
  '00000000-0000-0000-0000-000000000000',
  randomUUID(),
  [],
  [null],
  ['\u0000'],
  [1e20],
  new Array(2000).fill('x'),
  {},
  { $gt: '' },
  { a: { b: { c: { d: { e: { f: { g: 'deep' } } } } } } },
  // a value some handler may use as a key (a kind, a sort column, a sheet's name), and an object keyed by them
  ...PROTOTYPE_NAMES.slice(0, 3),
  prototypeKeyed(),
];

/**
 * A covering of fields × values rather than their product: field i meets `k` values from the i·k-th on (round the
 * list), `k` at least `per` and enough that every value meets some field — so every bad value reaches every operation
 * and every field meets several, at a fraction of the requests (the full product was ~70,000 requests and minutes of
 * the suite; docs/adr/0016).
 */
export function covering<F, V>(fields: readonly F[], values: readonly V[], per = 4): [F, V][] {
  if (fields.length === 0 || values.length === 0) return [];
  const k = Math.min(values.length, Math.max(per, Math.ceil(values.length / fields.length)));
  return fields.flatMap((f, i) => Array.from({ length: k }, (_, j): [F, V] => [f, values[(i * k + j) % values.length] as V]));
}

/** Whole bodies of the wrong shape, for every operation that takes a body. */
export const BAD_BODIES: unknown[] = [null, [], 'text', 42, true, {}, { '\u0000': 1 }, nested(200), prototypeKeyed()];

function nested(depth: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

export function resolve(doc: OpenApiDoc, schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i++) {
    const name = s.$ref.replace('#/components/schemas/', '');
    s = doc.components?.schemas?.[name] ?? {};
  }
  if (s.allOf?.length) return Object.assign({}, ...s.allOf.map((x) => resolve(doc, x))) as Schema;
  return s;
}

/** A value the schema accepts, as far as a JSON Schema can say (refinements unknown to it may still refuse it). */
export function sample(doc: OpenApiDoc, raw: Schema | undefined, depth = 0): unknown {
  const s = resolve(doc, raw);
  if (s.default !== undefined) return s.default;
  if (s.example !== undefined) return s.example;
  if (s.enum?.length) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return sample(doc, alt.find((x) => resolve(doc, x).type !== 'null') ?? alt[0], depth);
  switch (s.type) {
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number':
      return Math.min(Math.max(s.minimum ?? 1, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return true;
    case 'array':
      return depth > 4 ? [] : Array.from({ length: s.minItems ?? 0 }, () => sample(doc, s.items, depth + 1));
    case 'object':
    case undefined:
    default: {
      if (!s.properties) return s.type === 'object' ? {} : 'fuzz';
      if (depth > 4) return {};
      return Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, sample(doc, v, depth + 1)]));
    }
  }
}

function sampleString(s: Schema): string {
  if (s.format === 'uuid') return randomUUID();
  if (s.format === 'date-time') return new Date().toISOString();
  const candidates = ['fuzz', 'Fuzz1', 'STD_FUZZ', 'fuzz_1', 'A1', '1', '2026-11-23 08:00', '2026-11-23', 'a'.repeat(Math.max(1, s.minLength ?? 1))];
  const fits = (c: string) => (!s.pattern || new RegExp(s.pattern).test(c)) && c.length >= (s.minLength ?? 0) && c.length <= (s.maxLength ?? Infinity);
  return candidates.find(fits) ?? 'fuzz';
}

/** The dotted paths of the fields of a body: top-level properties and those one object down. */
export function fieldPaths(doc: OpenApiDoc, raw: Schema | undefined): string[][] {
  const s = resolve(doc, raw);
  const out: string[][] = [];
  for (const [k, v] of Object.entries(s.properties ?? {})) {
    out.push([k]);
    const inner = resolve(doc, v);
    for (const k2 of Object.keys(inner.properties ?? {})) out.push([k, k2]);
  }
  return out;
}

/** A copy of `base` with the field at `path` set to `value` (or removed when value is undefined). */
export function withField(base: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  let at: Record<string, unknown> = copy;
  for (const k of path.slice(0, -1)) {
    if (typeof at[k] !== 'object' || at[k] === null || Array.isArray(at[k])) at[k] = {};
    at = at[k] as Record<string, unknown>;
  }
  const last = path[path.length - 1] as string;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return copy;
}

/** Bad values for a path or query parameter, as they appear in a URL. */
export const BAD_URL_VALUES = ['', '%00', 'a%00b', '%ED%A0%80', '%F0%9F%98%80', '0', '-1', '1e20', '99999999999999999999', 'NaN', "'%20OR%20'1'='1", '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(3000), '00000000-0000-0000-0000-000000000000', '%25', '%', 'abc', ...PROTOTYPE_NAMES];
