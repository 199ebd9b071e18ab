/**
 * Request encryption (REQUEST_ENCRYPT), the rules both sides share: docs/adr/0036-request-encryption.md.
 * No cryptography here (the server uses node:crypto, the browser @noble): only names, shapes and the pure checks,
 * so that this module costs the sign-in page nothing.
 */

/** `POST /server/api/security/get`: the server's public key with one filler character at this index. */
export const PUBLIC_KEY_FILLER_INDEX = 10;

/** Length of the per-request body key `k` (characters of BODY_KEY_ALPHABET). */
export const BODY_KEY_LENGTH = 16;
export const BODY_KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** HKDF info of the sign's key and the AES-GCM associated data of each direction (domain separation). */
export const SIGN_KDF_INFO = 'schoolflow request sign v1';
export const SIGN_AAD = 'schoolflow sign';
export const REQUEST_BODY_AAD = 'schoolflow request';
export const RESPONSE_BODY_AAD = 'schoolflow response';

/** The sign's plaintext: the body key, the client's clock (ms since the epoch) and the signed-in user's id ('' before). */
export interface SignPayload {
  k: string;
  t: number;
  u: string;
}

/** A request or answer body under encryption: `{data: base64(nonce ‖ AES-GCM(json) ‖ tag)}`. */
export interface EncryptedBody {
  data: string;
}

/**
 * Paths under BASE_API that travel plain: the contract's `/anon/**`, `/api/wjdc/wjdt/**` and `/file/**`, plus what
 * must work without a key (the key itself, the load balancer's health checks, the OpenAPI document, the socket).
 */
export const PLAIN_PATHS = ['/anon', '/api/wjdc/wjdt', '/file', '/api/security/get', '/health', '/docs', '/docs-json', '/socket.io'] as const;

/** Whether a path relative to BASE_API (`/api/login/v3`, no query) is outside encryption: one of PLAIN_PATHS or below one. */
export function isPlainPath(path: string): boolean {
  return PLAIN_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

/** The public key as answered: `key` with `filler` (one character) put at PUBLIC_KEY_FILLER_INDEX. */
export function publicKeyToWire(key: string, filler: string): string {
  if (filler.length !== 1) throw new Error('the filler is one character');
  return key.slice(0, PUBLIC_KEY_FILLER_INDEX) + filler + key.slice(PUBLIC_KEY_FILLER_INDEX);
}

/** The public key from its answer: the character at PUBLIC_KEY_FILLER_INDEX removed. */
export function publicKeyFromWire(wire: string): string {
  return wire.slice(0, PUBLIC_KEY_FILLER_INDEX) + wire.slice(PUBLIC_KEY_FILLER_INDEX + 1);
}

/** A decrypted sign's JSON read strictly: anything else is a bad sign. */
export function readSignPayload(value: unknown): SignPayload | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const o = value as Record<string, unknown>;
  if (Object.keys(o).length !== 3) return null;
  const { k, t, u } = o;
  if (typeof k !== 'string' || k.length !== BODY_KEY_LENGTH || [...k].some((c) => !BODY_KEY_ALPHABET.includes(c))) return null;
  if (typeof t !== 'number' || !Number.isSafeInteger(t) || t <= 0) return null;
  if (typeof u !== 'string' || u.length > 100) return null;
  return { k, t, u };
}

/** Whether a sign's time is inside the replay window around `now` (both directions: clocks differ a little). */
export function signTimeFresh(t: number, now: number, windowMs: number): boolean {
  return Math.abs(now - t) <= windowMs;
}

/** How long a used body key must be remembered: until its time leaves the window (at least 1 ms). */
export function replayMemoryMs(t: number, now: number, windowMs: number): number {
  return Math.max(1, t + windowMs - now);
}

/** Whether a parsed JSON body is exactly `{data: string}`. */
export function isEncryptedBody(body: unknown): body is EncryptedBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  return keys.length === 1 && keys[0] === 'data' && typeof (body as { data: unknown }).data === 'string';
}

/** Refusal reasons of a signed request (the operation log's detail and the answer's `data.sign`). */
export type SignRefusal = 'missing' | 'invalid' | 'stale' | 'replayed' | 'user' | 'body';
