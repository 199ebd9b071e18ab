import type { OpenApiDoc, Schema } from './fuzz.js';

/**
 * Whether a value fits a Schema Object of an OpenAPI 3.0 document, as OpenAPI 3.0.3 reads one: `nullable: true` lets
 * `null` through `type` only — an `enum` that does not list `null` still refuses it —, `$ref` points into
 * `components.schemas`, `format` is checked for the formats the API publishes (uuid, date-time, date). Keywords it
 * does not know are annotations (`readOnly`, `description`). Answers the places where the value does not fit, each
 * as `path: what`, at most `limit` of them; none means it fits. Used by the fuzz test on every answer whose operation
 * publishes a response schema.
 */
export function schemaErrors(doc: OpenApiDoc, schema: Schema | undefined, value: unknown, path = '$', limit = 5): string[] {
  const out: string[] = [];
  check(doc, schema, value, path, out, limit, 0);
  return out;
}

const FORMATS: Record<string, RegExp> = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
};

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function check(doc: OpenApiDoc, raw: Schema | undefined, v: unknown, path: string, out: string[], limit: number, depth: number): void {
  if (!raw || out.length >= limit || depth > 40) return;
  let s = raw;
  for (let i = 0; s.$ref && i < 10; i++) {
    const target = doc.components?.schemas?.[s.$ref.replace('#/components/schemas/', '')];
    if (!target) return void out.push(`${path}: unresolvable ${s.$ref}`);
    s = target;
  }
  const fail = (what: string): void => void out.push(`${path}: ${what} (got ${JSON.stringify(v)?.slice(0, 80)})`);
  for (const part of s.allOf ?? []) check(doc, part, v, path, out, limit, depth + 1);
  for (const [key, alts] of [['anyOf', s.anyOf], ['oneOf', s.oneOf]] as const) {
    if (!alts?.length) continue;
    const fits = alts.filter((a) => schemaErrors(doc, a, v, path, 1).length === 0).length;
    if (fits === 0 && !(v === null && s.nullable)) fail(`fits none of ${key}`);
    else if (key === 'oneOf' && fits > 1) fail('fits more than one of oneOf');
  }
  if (s.enum && !s.enum.some((e) => e === v)) return fail(`not one of ${JSON.stringify(s.enum).slice(0, 120)}`);
  if (v === null) {
    if (s.type !== undefined && !s.nullable) fail(`null where ${s.type} is published (not nullable)`);
    return;
  }
  const t = typeOf(v);
  if (s.type && !(s.type === t || (s.type === 'number' && t === 'integer'))) return fail(`not ${s.type}`);
  if (typeof v === 'string') {
    if (s.minLength !== undefined && v.length < s.minLength) fail(`shorter than ${s.minLength}`);
    if (s.maxLength !== undefined && v.length > s.maxLength) fail(`longer than ${s.maxLength}`);
    if (s.pattern && !new RegExp(s.pattern, 'u').test(v)) fail(`does not match ${s.pattern}`);
    const format = s.format ? FORMATS[s.format] : undefined;
    if (format && !format.test(v)) fail(`not a ${s.format}`);
  }
  if (typeof v === 'number') {
    if (s.minimum !== undefined && v < s.minimum) fail(`below ${s.minimum}`);
    if (s.maximum !== undefined && v > s.maximum) fail(`above ${s.maximum}`);
  }
  if (Array.isArray(v)) {
    if (s.minItems !== undefined && v.length < s.minItems) fail(`fewer than ${s.minItems} items`);
    if (s.maxItems !== undefined && v.length > s.maxItems) fail(`more than ${s.maxItems} items`);
    v.forEach((item, i) => check(doc, s.items, item, `${path}[${i}]`, out, limit, depth + 1));
  }
  if (t === 'object') {
    const o = v as Record<string, unknown>;
    for (const r of s.required ?? []) if (!Object.hasOwn(o, r)) fail(`lacks required ${r}`);
    for (const [k, item] of Object.entries(o)) {
      const declared = s.properties && Object.hasOwn(s.properties, k) ? s.properties[k] : undefined;
      if (declared) check(doc, declared, item, `${path}.${k}`, out, limit, depth + 1);
      else if (s.additionalProperties === false) fail(`has ${k}, which is not published`);
      else if (typeof s.additionalProperties === 'object') check(doc, s.additionalProperties, item, `${path}.${k}`, out, limit, depth + 1);
    }
  }
}
