import { type IncomingHttpHeaders, request } from 'node:http';

export interface PlainAnswer {
  status: number;
  ok: boolean;
  headers: IncomingHttpHeaders;
  text: string;
}

/** The headers Node's fetch adds to every request, unless the caller sets them. */
const FETCH_DEFAULTS: Record<string, string> = { accept: '*/*', 'accept-language': '*', 'sec-fetch-mode': 'cors', 'user-agent': 'node' };

/**
 * One HTTP request on a connection of its own, answered as status, headers and text: what the tests' API calls and the
 * fuzz read, for about a quarter of the client CPU that `fetch` spends on the same request. `fetch` builds web streams,
 * an abort signal and transferable objects around every request, and on 2026-12-01 it cost ~0.6 ms more CPU per request
 * than this (3,000 requests to a local server: 2.6 CPU s against 0.7). The end-to-end run sends tens of thousands of
 * them from Jest's workers, the fuzz alone ~10,000 (docs/suite-time.md).
 *
 * The server sees what it saw from `fetch` (its default headers, a Content-Length, `Connection: close`), except
 * `Accept-Encoding`: only the built web app's files are compressed, and these requests go to the API. The caller reads
 * a header the answer repeats as Node reads it (the first Content-Type, say, where fetch joins them). It follows no
 * redirect, as the API answers none. A caller that wants a `Response` (a download, a redirect) still uses `fetch`.
 */
export function plainRequest(url: string, o: { method: string; headers?: Record<string, string>; body?: string; timeoutMs?: number }): Promise<PlainAnswer> {
  const headers: Record<string, string> = { ...FETCH_DEFAULTS };
  for (const [name, value] of Object.entries(o.headers ?? {})) {
    delete headers[name.toLowerCase()];
    headers[name] = value;
  }
  if (o.body !== undefined) headers['content-length'] = String(Buffer.byteLength(o.body));
  return new Promise((resolve, reject) => {
    // agent false: a connection of its own, closed after the answer (see `call` in api.ts for why none is reused)
    const req = request(url, { method: o.method, headers, agent: false }, (res) => {
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
