import { ApiPath, isEncryptedBody, isPlainPath, LANGUAGE_HEADER } from '@schoolflow/contracts';
import { appConfigStore, getAppConfig, mergeAppConfig } from '../config/app-config.js';
import { getToken } from '../session/token.js';
import * as crypto from './request-crypto.js';
import { signUserFor } from './sign-user.js';

/*
 * Request encryption in the browser (docs/adr/0036-request-encryption.md): when the served configuration says
 * REQUEST_ENCRYPT, every call outside the plain paths carries a sign and a sealed body, and its JSON answer is
 * opened here. This module and the cryptography (@noble) are loaded by http.ts the first time a call needs them: the
 * sign-in page of a school without encryption never loads them (docs/adr/0033-sign-in-page-weight.md).
 */

let serverKey: Promise<Uint8Array> | null = null;

async function fetchServerKey(): Promise<Uint8Array> {
  const res = await fetch(`${getAppConfig().BASE_API}/api/security/get`, { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' } });
  const body = (await res.json()) as { data?: unknown };
  if (typeof body.data !== 'string') throw new Error('no request key');
  return crypto.serverKeyFromWire(body.data);
}

function loadServerKey(): Promise<Uint8Array> {
  serverKey ??= fetchServerKey().catch((err: unknown) => {
    serverKey = null;
    throw err;
  });
  return serverKey;
}

/** Whether a call to `path` (relative to BASE_API) is encrypted now. */
export function encrypts(path: string): boolean {
  if (!getAppConfig().REQUEST_ENCRYPT) return false;
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

/** Seals a call whose body is `json` (JSON text; a form's fields travel as a JSON object), or none. */
export async function sealCall(json?: string): Promise<SealedCall> {
  const key = await loadServerKey();
  const k = crypto.newBodyKey();
  return {
    sign: crypto.makeSign(key, { k, t: Date.now(), u: signUserFor(getToken()) }),
    ...(json === undefined ? {} : { body: JSON.stringify({ data: crypto.encryptRequestBody(k, json) }) }),
    open: (answer) => (isEncryptedBody(answer) ? (JSON.parse(crypto.decryptResponseBody(k, answer.data)) as unknown) : answer),
  };
}

/**
 * After a refusal of the sign, whether the call is worth one more try: encryption was switched on since this page
 * read its configuration (`missing`: read it again), or the server's key changed (`invalid`: fetch it again).
 */
export async function recoverFromSignRefusal(data: unknown, language: string): Promise<boolean> {
  const reason = typeof data === 'object' && data !== null ? (data as { sign?: unknown }).sign : undefined;
  if (reason === 'invalid') {
    if (!getAppConfig().REQUEST_ENCRYPT) return false;
    serverKey = null;
    return true;
  }
  if (reason !== 'missing') return false;
  try {
    const res = await fetch(`${getAppConfig().BASE_API}${ApiPath.appConfig}`, { credentials: 'include', headers: { Accept: 'application/json', [LANGUAGE_HEADER]: language } });
    const body = (await res.json()) as { data?: unknown };
    appConfigStore.set(mergeAppConfig(body.data));
  } catch {
    return false;
  }
  return getAppConfig().REQUEST_ENCRYPT;
}
