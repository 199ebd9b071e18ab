import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EXPIRY_CODES } from '@schoolflow/contracts';
import { randomIp } from '../support/api.js';
import { BAD_BODIES, BAD_URL_VALUES, BAD_VALUES, fieldPaths, type OpenApiDoc, type Operation, resolve, sample, withField } from '../support/fuzz.js';
import { type Instance, isolatedApp, loginAt } from '../support/instances.js';

/**
 * Hardening: every operation of the OpenAPI document (`/server/docs-json`) is sent generated bad input — wrong types,
 * missing and unknown fields, huge and unicode strings, NUL and lone surrogates, out-of-range numbers and dates,
 * hostile path and query values, bodies of the wrong shape — as an administrator (who gets furthest), a student and
 * nobody. Any 5xx fails the test, and so does an error that is not the envelope. The operations are read from the
 * document, so an endpoint added tomorrow is fuzzed without anyone remembering it; bodies documented from their zod
 * schema (`@ValidBody`) are fuzzed field by field on top of a valid body, so the bad field reaches as deep as it can.
 */
const app = isolatedApp();
let instance: Instance;

beforeAll(async () => {
  instance = await app.start();
}, 120_000);
afterAll(async () => {
  await app.stop();
}, 60_000);

type Who = 'admin' | 'student' | 'anonymous';
interface Probe {
  method: string;
  url: string;
  body?: { json: unknown } | { raw: string; contentType: string };
}

/** Operations left out: the docs themselves (static pages). */
const SKIP = [/^\/server\/docs/];
const GENERIC_FIELDS = ['id', 'ids', 'current', 'size', 'query', 'orders', 'name', 'code', 'type', 'start', 'end', 'reason', 'comment', 'sql', 'procedure', 'password', 'username', 'enabled', 'sort', 'parentId', 'table', 'title', 'remark', 'value', 'roleId', 'menuIds', 'userIds', 'permissions', 'studentId', 'from', 'to'];
const GENERIC_VALUES: unknown[] = [null, 1e20, -1, '\u0000', 'x\ud800', 'x'.repeat(70_000), [], {}, "' OR '1'='1", '9999-12-31'];

function probes(doc: OpenApiDoc, template: string, method: string, op: Operation): Probe[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const baseOf = (p: (typeof params)[number]): string => String(sample(doc, p.schema) ?? 'fuzz');
  const urlWith = (path: Record<string, string>, query: string): string => {
    let url = template;
    for (const p of pathParams) url = url.replace(`{${p.name}}`, path[p.name] ?? encodeURIComponent(baseOf(p)));
    return query ? `${url}?${query}` : url;
  };
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
  for (const p of pathParams) for (const v of BAD_URL_VALUES) out.push(withBody(urlWith({ [p.name]: v }, baseQuery)));
  for (const p of queryParams) {
    const others = queryParams.filter((q) => q !== p && q.required).map((q) => `${q.name}=${encodeURIComponent(baseOf(q))}`);
    for (const v of [...BAD_URL_VALUES, '1&x=1', `${p.name}=1`]) out.push(withBody(urlWith({}, [...others, `${p.name}=${v}`].join('&'))));
    out.push(withBody(urlWith({}, [...others, `${p.name}[]=1&${p.name}[]=2`].join('&'))));
    out.push(withBody(urlWith({}, [...others, `${p.name}[a][b]=1`].join('&'))));
  }
  // Query values nobody documented: a list's page, and a name that is itself bad.
  out.push(withBody(urlWith({}, [baseQuery, 'current=1e20&size=10'].filter(Boolean).join('&'))));
  out.push(withBody(urlWith({}, [baseQuery, 'a%00=1'].filter(Boolean).join('&'))));
  if (!hasBody) return out;

  const url = urlWith({}, baseQuery);
  if (json) {
    const body = resolve(doc, json);
    for (const path of fieldPaths(doc, json)) {
      for (const v of BAD_VALUES) out.push({ method, url, body: { json: withField(baseBody, path, v) } });
    }
    for (const required of body.required ?? []) out.push({ method, url, body: { json: withField(baseBody, [required], undefined) } });
    out.push({ method, url, body: { json: { ...(baseBody as object), ['unknown\u0000']: 1, __proto__x: { polluted: true } } } });
  } else {
    for (const f of GENERIC_FIELDS) for (const v of GENERIC_VALUES) out.push({ method, url, body: { json: { [f]: v } } });
    out.push({ method, url, body: { json: { current: 1e20, size: 10 } } });
  }
  for (const b of BAD_BODIES) out.push({ method, url, body: { json: b } });
  out.push({ method, url, body: { raw: '{"a":', contentType: 'application/json' } });
  out.push({ method, url, body: { raw: 'a=%00&b[c]=1&current=1e20', contentType: 'application/x-www-form-urlencoded' } });
  out.push({ method, url, body: { raw: '\u0000\u0001binary', contentType: 'application/octet-stream' } });
  out.push({ method, url, body: { raw: '--x\r\nContent-Disposition: form-data; name="file"; filename="a\u202e.png"\r\n\r\n\u0000\r\n--x--\r\n', contentType: 'multipart/form-data; boundary=x' } });
  return out;
}

describe('OpenAPI fuzz', () => {
  it('no operation answers a 5xx, or an error without the envelope, to generated bad input', async () => {
    const base = instance.url;
    const doc = (await (await fetch(`${base}/server/docs-json`)).json()) as OpenApiDoc;
    const tokens: Record<Who, string | null> = { admin: await loginAt(base, 'admin'), student: await loginAt(base, 'student'), anonymous: null };
    const accounts: Record<Exclude<Who, 'anonymous'>, string> = { admin: 'admin', student: 'student' };
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let operations = 0;

    const send = async (who: Who, p: Probe): Promise<void> => {
      const headers: Record<string, string> = { 'X-Forwarded-For': randomIp() };
      const token = tokens[who];
      if (token) headers['X-Access-Token'] = token;
      let body: string | undefined;
      if (p.body && 'json' in p.body) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(p.body.json);
      } else if (p.body) {
        headers['Content-Type'] = p.body.contentType;
        body = p.body.raw;
      }
      const label = () => `${who} ${p.method.toUpperCase()} ${p.url.slice(0, 160)} ${body === undefined ? '' : body.slice(0, 160)}`;
      let res: Response;
      try {
        res = await fetch(`${base}${p.url}`, { method: p.method.toUpperCase(), headers, body, signal: AbortSignal.timeout(15_000) });
      } catch (err) {
        failures.push(`${label()} → no answer (${String(err)})`);
        return;
      }
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const type = res.headers.get('content-type') ?? '';
      const text = await res.text();
      if (res.status >= 500) {
        failures.push(`${label()} → ${res.status} ${text.slice(0, 200)}`);
        return;
      }
      if (type.includes('application/json')) {
        const envelope = JSON.parse(text) as { code?: unknown; result?: unknown; msg?: unknown };
        if (typeof envelope.code !== 'number' || typeof envelope.result !== 'boolean' || typeof envelope.msg !== 'string') {
          failures.push(`${label()} → ${res.status}, not an envelope: ${text.slice(0, 200)}`);
        } else if (who !== 'anonymous' && EXPIRY_CODES.includes(envelope.code)) {
          // the probe ended its own session (logout, end sessions): sign in again and go on
          tokens[who] = await loginAt(base, accounts[who]);
        }
      } else if (res.status >= 400) {
        failures.push(`${label()} → ${res.status} without the envelope (${type})`);
      }
    };

    for (const [template, methods] of Object.entries(doc.paths)) {
      if (SKIP.some((re) => re.test(template))) continue;
      for (const [method, op] of Object.entries(methods)) {
        operations++;
        const all = probes(doc, template, method, op);
        // The administrator gets every probe (past every permission); the others the first few (their refusals).
        const plan: [Who, Probe][] = [...all.map((p): [Who, Probe] => ['admin', p]), ...all.slice(0, 25).map((p): [Who, Probe] => ['student', p]), ...all.slice(0, 10).map((p): [Who, Probe] => ['anonymous', p])];
        // A few at a time, as several users would; a logout probe last, so it does not cut the others short.
        plan.sort((a, b) => Number(/logout/.test(a[1].url)) - Number(/logout/.test(b[1].url)));
        for (let i = 0; i < plan.length; i += 4) await Promise.all(plan.slice(i, i + 4).map(([who, p]) => send(who, p)));
      }
    }
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    process.stdout.write(`fuzz: ${operations} operations, ${total} requests; statuses ${JSON.stringify([...statuses].sort((a, b) => a[0] - b[0]))}\n`);
    expect(operations).toBeGreaterThan(60);
    expect(failures.slice(0, 40)).toEqual([]);
  }, 900_000);
});
