import { randomUUID } from 'node:crypto';

/** Impossible dates are built on the run's own year (no fixed calendar date in the tests: they must hold any day). */
const THIS_YEAR = new Date().getFullYear();

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

/**
 * Values that have broken handlers before or could, by class: wrong types, edges of numbers and dates, hostile text.
 * The full sweep sends every value; the default run one value of each class per operation (`pickClasses`).
 */
export const BAD_VALUE_CLASSES: Record<string, unknown[]> = {
  'null and boolean': [null, true],
  'number edges': [0, -1, 1.5, 1e20, -1e20, Number.MAX_SAFE_INTEGER + 2], // the last beyond a safe integer: a JSON number no JavaScript integer holds exactly
  'empty text': ['', ' '],
  'NUL in text': ['\u0000', 'a\u0000b'],
  'broken or astral unicode': ['x\ud800y', '\udc00', '😀'.repeat(40)],
  'huge text': ['字'.repeat(5000), 'x'.repeat(70_000)],
  'hostile text': ["' OR '1'='1", '1; DROP TABLE sys_user; --', '<script>alert(1)</script>', '../../etc/passwd'],
  'numbers as text': ['1e20', 'NaN', '-1'],
  'dates out of range or impossible': ['1970-01-01', '9999-12-31 23:59', '275760-09-13', `${THIS_YEAR}-02-30`, `${THIS_YEAR}-13-45 25:61`],
  'ids nobody has': ['00000000-0000-0000-0000-000000000000', randomUUID()],
  arrays: [[], [null], ['\u0000'], [1e20], new Array(2000).fill('x')],
  objects: [{}, { $gt: '' }, { a: { b: { c: { d: { e: { f: { g: 'deep' } } } } } } }],
  // a value some handler may use as a key (a kind, a sort column, a sheet's name), and an object keyed by them
  'prototype names': [...PROTOTYPE_NAMES.slice(0, 3), prototypeKeyed()],
};

/** Every bad value of every class (the full sweep's list). */
export const BAD_VALUES: unknown[] = Object.values(BAD_VALUE_CLASSES).flat();

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

/** Whole bodies of the wrong shape, for every operation that takes a body, by class. */
export const BAD_BODY_CLASSES: Record<string, unknown[]> = {
  'JSON that is no object': [null, [], 'text', 42, true],
  'an empty object': [{}],
  'a NUL name': [{ '\u0000': 1 }],
  'nested 200 deep': [nested(200)],
  'prototype names': [prototypeKeyed()],
};

export const BAD_BODIES: unknown[] = Object.values(BAD_BODY_CLASSES).flat();

/** Bodies that are not JSON, by class: broken JSON, and each other type a body parser could be asked to read. */
const RAW_BODY_CLASSES: Record<string, { raw: string; contentType: string }[]> = {
  'broken JSON': [{ raw: '{"a":', contentType: 'application/json' }],
  'another type': [
    { raw: 'a=%00&b[c]=1&current=1e20', contentType: 'application/x-www-form-urlencoded' },
    { raw: '\u0000\u0001binary', contentType: 'application/octet-stream' },
    { raw: '--x\r\nContent-Disposition: form-data; name="file"; filename="a\u202e.png"\r\n\r\n\u0000\r\n--x--\r\n', contentType: 'multipart/form-data; boundary=x' },
  ],
};

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

/** Bad values for a path or query parameter, as they appear in a URL, by class. */
export const BAD_URL_VALUE_CLASSES: Record<string, string[]> = {
  'empty or broken escapes': ['', '%25', '%'],
  'NUL': ['%00', 'a%00b'],
  'broken or astral unicode': ['%ED%A0%80', '%F0%9F%98%80'],
  'numbers out of range': ['0', '-1', '1e20', '99999999999999999999', 'NaN'],
  'hostile text': ["'%20OR%20'1'='1", '..%2F..%2Fetc%2Fpasswd'],
  'huge text': ['x'.repeat(3000)],
  'ids nobody has': ['00000000-0000-0000-0000-000000000000'],
  'plain text': ['abc'],
  'prototype names': PROTOTYPE_NAMES,
};

export const BAD_URL_VALUES: string[] = Object.values(BAD_URL_VALUE_CLASSES).flat();

/**
 * How much of the sweep a run sends (docs/adr/0047). The full sweep (`FUZZ_FULL=1`, the nightly/bench run) sends every
 * bad value to every operation; the default run, inside `npm test`, sends every operation one value of each class of
 * bad input — which one chosen by a seeded generator from the operation's name, so a run is reproducible
 * (`FUZZ_SEED=<seed>` replays another's choice) and across the ~350 operations every value is still sent.
 */
export interface FuzzMode {
  full: boolean;
  seed: string;
}

export const DEFAULT_FUZZ_SEED = 'schoolflow';

export function fuzzMode(env: NodeJS.ProcessEnv = process.env): FuzzMode {
  return { full: env.FUZZ_FULL === '1', seed: env.FUZZ_SEED || DEFAULT_FUZZ_SEED };
}

/** A deterministic generator of numbers in [0, 1) for a seed and a name (FNV-1a of both, then mulberry32). */
export function seededRandom(seed: string, name: string): () => number {
  let h = 0x811c9dc5;
  for (const ch of `${seed}\u0000${name}`) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  let a = h;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One value of each class, chosen by `random`: every class of bad input, at a fraction of the values. */
export function pickClasses<V>(classes: Record<string, readonly V[]>, random: () => number): V[] {
  return Object.values(classes).map((values) => values[Math.floor(random() * values.length)] as V);
}

/** A request of the fuzz: a method, an address (path and query) and a body, if any. */
export interface Probe {
  method: string;
  url: string;
  body?: { json: unknown } | { raw: string; contentType: string };
}

/** Names a body without a documented schema is tried with, and the bad values they get. */
const GENERIC_FIELDS = ['id', 'ids', 'current', 'size', 'query', 'orders', 'name', 'code', 'type', 'start', 'end', 'reason', 'comment', 'sql', 'procedure', 'password', 'username', 'enabled', 'sort', 'parentId', 'table', 'title', 'remark', 'value', 'roleId', 'menuIds', 'userIds', 'permissions', 'studentId', 'from', 'to'];
const GENERIC_VALUES: unknown[] = [null, 1e20, -1, '\u0000', 'x\ud800', 'x'.repeat(70_000), [], {}, "' OR '1'='1", '9999-12-31'];

/** Bad query parameters beyond a bad value: a parameter smuggled in the value, repeated and nested names. */
const QUERY_SHAPES: ((name: string) => string)[] = [(name) => `${name}=1&x=1`, (name) => `${name}=${name}=1`, (name) => `${name}[]=1&${name}[]=2`, (name) => `${name}[a][b]=1`];

/** What a probe list sent, across a run: so the default run can show every bad value went somewhere. */
export interface FuzzSeen {
  values: Set<unknown>;
  urlValues: Set<string>;
  genericFields: Set<string>;
  bodies: Set<unknown>;
  rawBodies: Set<unknown>;
}

export function newFuzzSeen(): FuzzSeen {
  return { values: new Set(), urlValues: new Set(), genericFields: new Set(), bodies: new Set(), rawBodies: new Set() };
}

/** `items` starting from the `from`-th (round the list). */
function rotated<T>(items: readonly T[], from: number): T[] {
  const at = items.length === 0 ? 0 : from % items.length;
  return [...items.slice(at), ...items.slice(0, at)];
}

/** The `n` first of a seeded shuffle of `items`. */
function pickSome<T>(items: readonly T[], n: number, random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, n);
}

/**
 * The probes of one operation: the valid call; each path parameter with bad values; bad query values and shapes over
 * the query parameters; for a body, each field with bad values on top of a valid body, each required field missing,
 * unknown and prototype-named fields, whole bodies of the wrong shape and raw bodies of other types. In the full mode
 * every bad value and each field meets several; by default one value of each class, each field meeting at least one
 * (docs/adr/0047).
 */
export function probes(doc: OpenApiDoc, template: string, method: string, op: Operation, mode: FuzzMode, seen: FuzzSeen = newFuzzSeen()): Probe[] {
  const random = seededRandom(mode.seed, `${method.toUpperCase()} ${template}`);
  const urlValues = mode.full ? BAD_URL_VALUES : pickClasses(BAD_URL_VALUE_CLASSES, random);
  const badValues = mode.full ? BAD_VALUES : pickClasses(BAD_VALUE_CLASSES, random);
  // full: each field meets 3 values at least; default: each field 1, and every chosen value some field
  const per = mode.full ? 3 : 1;
  const queryKinds = [...urlValues.map((v) => (name: string) => `${name}=${v}`), ...QUERY_SHAPES];
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  if (pathParams.length + queryParams.length > 0) for (const v of urlValues) seen.urlValues.add(v);
  const baseOf = (p: (typeof params)[number]): string => String(sample(doc, p.schema) ?? 'fuzz');
  const urlWith = (path: Record<string, string>, query: string): string => {
    let url = template;
    for (const p of pathParams) url = url.replace(`{${p.name}}`, path[p.name] ?? encodeURIComponent(baseOf(p)));
    return query ? `${url}?${query}` : url;
  };
  // Each listed value of a path parameter names another handler path (`/options/teachers` is not `/options/campuses`):
  // each gets the valid call and the query probes; the body probes go to the first value only (the run stays short).
  const others = pathParams.flatMap((p) => (resolve(doc, p.schema).enum ?? []).slice(1).map((v) => ({ [p.name]: encodeURIComponent(String(v)) })));
  const baseQuery = queryParams
    .filter((p) => p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(baseOf(p))}`)
    .join('&');
  const out: Probe[] = [];
  const hasBody = ['post', 'put', 'patch', 'delete'].includes(method);
  const json = op.requestBody?.content?.['application/json']?.schema;
  const baseBody = json ? sample(doc, json) : {};
  const withBody = (url: string): Probe => (hasBody ? { method, url, body: { json: baseBody } } : { method, url });

  out.push(withBody(urlWith({}, baseQuery)));
  for (const p of pathParams) for (const v of urlValues) out.push(withBody(urlWith({ [p.name]: v }, baseQuery)));
  for (const [i, path] of [{}, ...others].entries()) {
    if (Object.keys(path).length > 0) out.push(withBody(urlWith(path, baseQuery)));
    // Every kind of bad query value reaches some parameter, and every parameter meets some kinds (not the product:
    // parameters are parsed by one pipe, so a kind that passes one of them passes them all). By default the other
    // values of a path parameter (the same handler's other sources) share the kinds out: each of its parameters one
    // kind, the next value the next kinds.
    const kinds = mode.full || i === 0 ? queryKinds : rotated(queryKinds, i * queryParams.length).slice(0, queryParams.length);
    for (const [p, kind] of covering(queryParams, kinds, per)) {
      const rest = queryParams.filter((q) => q !== p && q.required).map((q) => `${q.name}=${encodeURIComponent(baseOf(q))}`);
      out.push(withBody(urlWith(path, [...rest, kind(p.name)].join('&'))));
    }
  }
  // Query values nobody documented: a list's page, and a name that is itself bad.
  out.push(withBody(urlWith({}, [baseQuery, 'current=1e20&size=10'].filter(Boolean).join('&'))));
  out.push(withBody(urlWith({}, [baseQuery, 'a%00=1'].filter(Boolean).join('&'))));
  if (!hasBody) return out;

  const url = urlWith({}, baseQuery);
  if (json) {
    const body = resolve(doc, json);
    const fields = fieldPaths(doc, json);
    for (const [path, v] of covering(fields, badValues, per)) {
      seen.values.add(v);
      out.push({ method, url, body: { json: withField(baseBody, path, v) } });
    }
    for (const required of body.required ?? []) out.push({ method, url, body: { json: withField(baseBody, [required], undefined) } });
    out.push({ method, url, body: { json: { ...(baseBody as object), ['unknown\u0000']: 1, __proto__x: { polluted: true } } } });
  } else {
    // Guessed names: all of them in the full sweep; by default as many as there are values, every value sent once.
    const names = mode.full ? GENERIC_FIELDS : pickSome(GENERIC_FIELDS, GENERIC_VALUES.length, random);
    for (const [f, v] of covering(names, GENERIC_VALUES, 1)) {
      seen.genericFields.add(f);
      out.push({ method, url, body: { json: { [f]: v } } });
    }
    out.push({ method, url, body: { json: { current: 1e20, size: 10 } } });
  }
  for (const b of mode.full ? BAD_BODIES : pickClasses(BAD_BODY_CLASSES, random)) {
    seen.bodies.add(b);
    out.push({ method, url, body: { json: b } });
  }
  for (const raw of mode.full ? Object.values(RAW_BODY_CLASSES).flat() : pickClasses(RAW_BODY_CLASSES, random)) {
    seen.rawBodies.add(raw);
    out.push({ method, url, body: { raw: raw.raw, contentType: raw.contentType } });
  }
  return out;
}

/** Every value of the lists that the default run must have sent somewhere, and those it did not. */
export function unsent(seen: FuzzSeen): string[] {
  const show = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v.slice(0, 20)) : JSON.stringify(v)?.slice(0, 40) ?? String(v));
  return [
    ...BAD_VALUES.filter((v) => !seen.values.has(v)).map((v) => `body value ${show(v)}`),
    ...BAD_URL_VALUES.filter((v) => !seen.urlValues.has(v)).map((v) => `URL value ${show(v)}`),
    ...GENERIC_FIELDS.filter((f) => !seen.genericFields.has(f)).map((f) => `guessed field ${f}`),
    ...BAD_BODIES.filter((b) => !seen.bodies.has(b)).map((b) => `body ${show(b)}`),
    ...Object.values(RAW_BODY_CLASSES)
      .flat()
      .filter((r) => !seen.rawBodies.has(r))
      .map((r) => `${r.contentType} body`),
  ];
}

/**
 * How many of an operation's first probes the student and the signed-out caller send (the administrator sends all):
 * they mostly meet a refusal before any parsing, so the default run sends them the valid call and the first bad ones.
 */
export function refusalProbes(mode: FuzzMode): { student: number; anonymous: number } {
  return mode.full ? { student: 8, anonymous: 4 } : { student: 4, anonymous: 2 };
}
