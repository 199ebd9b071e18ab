import { ApiPath, isEncryptedBody, isPlainPath, LANGUAGE_HEADER } from '@schoolflow/contracts';
import { appConfigStore, getAppConfig, mergeAppConfig } from '../config/app-config.js';
import { getToken } from '../session/token.js';

/*
 * Request encryption in the browser (docs/adr/0036-request-encryption.md): when the served configuration says
 * REQUEST_ENCRYPT, every call outside the plain paths carries a sign and a sealed body, and its JSON answer is
 * opened here. The cryptography (@noble) is a chunk of its own, fetched the first time a call needs it: the sign-in
 * page of a school without encryption never loads it (docs/adr/0033-sign-in-page-weight.md).
 */

type RequestCrypto = typeof import('./request-crypto.js');

let cryptoChunk: Promise<RequestCrypto> | null = null;
let serverKey: Promise<Uint8Array> | null = null;
/** The user the signs name, bound to the token it was learnt with (a sign names nobody before sign-in). */
let signUser: { token: string; userId: string } | null = null;

function loadCrypto(): Promise<RequestCrypto> {
  cryptoChunk ??= import('./request-crypto.js').catch((err: unknown) => {
    cryptoChunk = null; // a failed chunk load (network) is tried again by the next call
    throw err;
  });
  return cryptoChunk;
}

async function fetchServerKey(crypto: RequestCrypto): Promise<Uint8Array> {
  const res = await fetch(`${getAppConfig().BASE_API}/api/security/get`, { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' } });
  const body = (await res.json()) as { data?: unknown };
  if (typeof body.data !== 'string') throw new Error('no request key');
  return crypto.serverKeyFromWire(body.data);
}

function loadServerKey(crypto: RequestCrypto): Promise<Uint8Array> {
  serverKey ??= fetchServerKey(crypto).catch((err: unknown) => {
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

/** Signs from now on name this user while `token` is the session's (sign-in answers it, the permission read too). */
export function rememberSignUser(token: string | null, userId: string | undefined): void {
  if (token && userId) signUser = { token, userId };
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
  const crypto = await loadCrypto();
  const key = await loadServerKey(crypto);
  const k = crypto.newBodyKey();
  const token = getToken();
  const u = token && signUser?.token === token ? signUser.userId : '';
  return {
    sign: crypto.makeSign(key, { k, t: Date.now(), u }),
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
