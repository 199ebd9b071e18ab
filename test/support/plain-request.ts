import { type Agent, type IncomingHttpHeaders, request } from 'node:http';

export interface PlainAnswer {
  status: number;
  ok: boolean;
  headers: IncomingHttpHeaders;
  text: string;
}

/** The headers Node's fetch adds to every request, unless the caller sets them. */
const FETCH_DEFAULTS: Record<string, string> = { accept: '*/*', 'accept-language': '*', 'sec-fetch-mode': 'cors', 'user-agent': 'node' };

/** Where the e2e environment puts the worker's kept-alive agent (test/support/e2e-test-environment.ts). */
export const WORKER_AGENT_KEY = '__schoolflowWorkerAgent__';

/**
 * The connection a request goes on. To the worker's own server, which lives as long as the worker, one the worker keeps
 * alive: a new connection for each request cost ~0.4 ms more CPU in the client and the server together (3,000 requests
 * to a local server on 2026-12-01: 734 µs against 314 a request). To any other server a connection of its own, closed
 * after the answer: the run starts and stops servers on ports the system hands out again, and a kept-alive connection
 * to a stopped server's port failed with "other side closed" before the request reached the new one (see `call` in
 * api.ts).
 */
function agentFor(url: string): Agent | false {
  const own = process.env[`E2E_BASE_URL_${process.env.JEST_WORKER_ID ?? '1'}`];
  const agent = (globalThis as Record<string, unknown>)[WORKER_AGENT_KEY] as Agent | undefined;
  return own && agent && new URL(url).origin === new URL(own).origin ? agent : false;
}

/**
 * One HTTP request, answered as status, headers and text: what the tests' API calls and the fuzz read, for about a
 * quarter of the client CPU that `fetch` spends on the same request. `fetch` builds web streams,
 * an abort signal and transferable objects around every request, and on 2026-12-01 it cost ~0.6 ms more CPU per request
 * than this (3,000 requests to a local server: 2.6 CPU s against 0.7). The end-to-end run sends tens of thousands of
 * them from Jest's workers, the fuzz alone ~10,000 (docs/suite-time.md).
 *
 * The server sees what it saw from `fetch` (its default headers, a Content-Length), except `Connection` (`keep-alive`
 * to the worker's own server, `close` to any other: see agentFor) and `Accept-Encoding`: only the built web app's files
 * are compressed, and these requests go to the API. The caller reads a header the answer repeats as Node reads it (the
 * first Content-Type, say, where fetch joins them). It follows no redirect, as the API answers none. A caller that
 * wants a `Response` (a download, a redirect) still uses `fetch`.
 */
export function plainRequest(url: string, o: { method: string; headers?: Record<string, string>; body?: string; timeoutMs?: number }): Promise<PlainAnswer> {
  const headers: Record<string, string> = { ...FETCH_DEFAULTS };
  for (const [name, value] of Object.entries(o.headers ?? {})) {
    delete headers[name.toLowerCase()];
    headers[name] = value;
  }
  if (o.body !== undefined) headers['content-length'] = String(Buffer.byteLength(o.body));
  return new Promise((resolve, reject) => {
    const req = request(url, { method: o.method, headers, agent: agentFor(url) }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        clearTimeout(timer);
        const status = res.statusCode ?? 0;
        resolve({ status, ok: status >= 200 && status < 300, headers: res.headers, text });
      });
      res.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
    const timer = o.timeoutMs === undefined ? undefined : setTimeout(() => req.destroy(new Error(`no answer within ${o.timeoutMs} ms`)), o.timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(o.body);
  });
}

/** A request's body and its Content-Type, encoded as `fetch` encodes them: a form, JSON, or a raw text of a given type. */
export function encodedBody(o: { form?: Record<string, string>; json?: unknown; raw?: string; contentType?: string }): { body?: string; contentType?: string } {
  if (o.form) return { body: new URLSearchParams(o.form).toString(), contentType: 'application/x-www-form-urlencoded' };
  if (o.json !== undefined) return { body: JSON.stringify(o.json), contentType: 'application/json' };
  if (o.raw !== undefined) return { body: o.raw, contentType: o.contentType ?? 'application/json' };
  return {};
}

/** The answer's headers as a `Headers`, made only when a test reads them. */
export function headersOf(raw: IncomingHttpHeaders): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const v of value) out.append(name, v);
    else if (value !== undefined) out.set(name, value);
  }
  return out;
}
