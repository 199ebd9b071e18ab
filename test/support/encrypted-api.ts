import { ApiPath, type Envelope, isEncryptedBody, SIGN_HEADER, type SignPayload } from '@schoolflow/contracts';
import { decryptResponseBody, encryptRequestBody, makeSign, newBodyKey, serverKeyFromWire } from '../../apps/web/src/api/request-crypto.js';
import { baseUrl, call, type CallOptions, type CallResult } from './api.js';

/*
 * A client of the API under request encryption (docs/adr/0036-request-encryption.md), built on the browser's own
 * crypto module, so the tests exercise the code the browser runs against the real server.
 */

const keys = new Map<string, Promise<Uint8Array>>();
const users = new Map<string, Promise<string>>();

/** The server's public key as the browser reads it (`security/get`, filler removed), once per server. */
export function serverKey(base = baseUrl()): Promise<Uint8Array> {
  let key = keys.get(base);
  if (!key) {
    key = call<string>('/api/security/get', { method: 'POST' }).then((res) => {
      if (!res.body.result || typeof res.body.data !== 'string') throw new Error(`security/get failed: ${res.status} ${res.body.msg}`);
      return serverKeyFromWire(res.body.data);
    });
    keys.set(base, key);
  }
  return key;
}

/** What one encrypted request carries: the sign header, the body key, and the sealed body when there is one. */
export interface Sealed {
  sign: string;
  bodyKey: string;
  body?: string;
}

/** Seals a request: a sign over {k, t, u} and the JSON body (a form's fields travel as JSON too). */
export async function seal(o: { userId?: string; json?: unknown; form?: Record<string, string>; at?: number; bodyKey?: string }): Promise<Sealed> {
  const payload: SignPayload = { k: o.bodyKey ?? newBodyKey(), t: o.at ?? Date.now(), u: o.userId ?? '' };
  const sign = makeSign(await serverKey(), payload);
  const plain = o.json !== undefined ? o.json : o.form;
  return { sign, bodyKey: payload.k, ...(plain !== undefined ? { body: JSON.stringify({ data: encryptRequestBody(payload.k, JSON.stringify(plain)) }) } : {}) };
}

export interface EncryptedCallOptions extends CallOptions {
  /** The sign's user; with a token and none given, the token's user (asked once through the permission read). */
  userId?: string;
  /** The sign's time (ms); now by default. */
  at?: number;
  /** Send exactly this (a replay). */
  sealed?: Sealed;
}

export interface EncryptedCallResult<T> extends CallResult<T> {
  /** The body as it crossed the wire. */
  raw: unknown;
  /** Whether the answer was ciphertext (`{data}` sealed under the request's key). */
  encrypted: boolean;
}

/** A call under encryption: answers the decrypted envelope (or the plain refusal) and the wire body. */
export async function encryptedCall<T = unknown>(path: string, o: EncryptedCallOptions = {}): Promise<EncryptedCallResult<T>> {
  const userId = o.userId ?? (o.token ? await userOf(o.token, o.ip) : '');
  const sealed = o.sealed ?? (await seal({ userId, json: o.json, form: o.form, at: o.at }));
  const res = await call<unknown>(path, {
    method: o.method ?? (sealed.body === undefined ? 'GET' : 'POST'),
    token: o.token,
    ip: o.ip,
    lang: o.lang,
    headers: { ...(o.headers ?? {}), [SIGN_HEADER]: sealed.sign },
    ...(sealed.body !== undefined ? { rawBody: sealed.body, contentType: 'application/json' } : {}),
  });
  const raw: unknown = res.body;
  if (isEncryptedBody(raw)) {
    const body = JSON.parse(decryptResponseBody(sealed.bodyKey, raw.data)) as Envelope<T>;
    return { status: res.status, headers: res.headers, body, raw, encrypted: true };
  }
  return { status: res.status, headers: res.headers, body: res.body as Envelope<T>, raw, encrypted: false };
}

/** The user a token belongs to: the permission read, which may be signed naming nobody. */
function userOf(token: string, ip?: string): Promise<string> {
  let user = users.get(token);
  if (!user) {
    user = encryptedCall<{ userInfo: { id: string } }>(ApiPath.getPermission, { token, ip, userId: '' }).then((res) => {
      const id = res.body.data?.userInfo.id;
      if (!id) throw new Error(`permission read failed: ${res.status} ${res.body.msg}`);
      return id;
    });
    users.set(token, user);
  }
  return user;
}

/** Signs in under encryption (the form travels sealed); answers the token and the user's id. */
export async function encryptedLogin(account: string, password: string, ip?: string): Promise<{ token: string; userId: string }> {
  const res = await encryptedCall<{ token: string; userId: string }>(ApiPath.login, { form: { username: account, password }, ip });
  if (!res.body.result || !res.body.data) throw new Error(`login ${account} failed: ${res.body.msg}`);
  return res.body.data;
}
