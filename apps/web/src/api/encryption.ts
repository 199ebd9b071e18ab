import { ApiPath, isEncryptedBody, isPlainPath, LANGUAGE_HEADER } from '@schoolflow/contracts';
import * as crypto from './request-crypto.js';

/*
 * Request encryption in the browser (docs/adr/0036-request-encryption.md): when the served configuration says
 * REQUEST_ENCRYPT, every call outside the plain paths carries a sign and a sealed body, and its JSON answer is
 * opened here. This module and the cryptography (@noble) are loaded by http.ts the first time a call needs them: the
 * sign-in page of a school without encryption never loads them (docs/adr/0033-sign-in-page-weight.md). It imports
 * nothing of the app's own, so nothing of the sign-in page's chunks moves into shared ones for its sake.
 */

let serverKey: Promise<Uint8Array> | null = null;

async function fetchServerKey(base: string): Promise<Uint8Array> {
  const res = await fetch(`${base}/api/security/get`, { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' } });
  const body = (await res.json()) as { data?: unknown };
  if (typeof body.data !== 'string') throw new Error('no request key');
  return crypto.serverKeyFromWire(body.data);
}

/** Whether a call to `path` (relative to BASE_API) is encrypted while encryption is on. */
export function encrypts(path: string): boolean {
  const q = path.indexOf('?');
  const bare = q === -1 ? path : path.slice(0, q);
  return !isPlainPath(bare.startsWith('/') ? bare : `/${bare}`);
}

/** One encrypted call: the sign header's value, the sealed body, and the opener of its answer. */
export interface SealedCall {
  sign: string;
  /** `{data}` as JSON text, when the call has a body. */
  body?: string;
  /** The parsed answer, opened when it is sealed (`{data}`); a plain answer (a refusal) is answered as it is. */
  open: (answer: unknown) => unknown;
}

/**
 * Seals a call whose body is `json` (JSON text; a form's fields travel as a JSON object), or none, naming `user`
 * ('' before sign-in). The server's key is fetched from `base` once.
 */
export async function sealCall(base: string, json: string | undefined, user: string): Promise<SealedCall> {
  serverKey ??= fetchServerKey(base).catch((err: unknown) => {
    serverKey = null; // a failed fetch is tried again by the next call
    throw err;
  });
  const key = await serverKey;
  const k = crypto.newBodyKey();
  return {
    sign: crypto.makeSign(key, { k, t: Date.now(), u: user }),
    ...(json === undefined ? {} : { body: JSON.stringify({ data: crypto.encryptRequestBody(k, json) }) }),
    open: (answer) => (isEncryptedBody(answer) ? (JSON.parse(crypto.decryptResponseBody(k, answer.data)) as unknown) : answer),
  };
}

/**
 * After a refusal of the sign (`data.sign`), whether the call is worth one more try: the server's key changed
 * (`invalid`: fetch it again), or encryption was switched on since the page read its configuration (`missing`: read it
 * again; `adopt` stores it and answers whether encryption is on now).
 */
export async function cured(data: unknown, base: string, language: string, adopt: (config: unknown) => boolean): Promise<boolean> {
  const reason = (data as { sign?: unknown }).sign;
  if (reason === 'invalid') {
    serverKey = null;
    return true;
  }
  if (reason !== 'missing') return false;
  try {
    const res = await fetch(`${base}${ApiPath.appConfig}`, { credentials: 'include', headers: { Accept: 'application/json', [LANGUAGE_HEADER]: language } });
    return adopt(((await res.json()) as { data?: unknown }).data);
  } catch {
    return false;
  }
}
