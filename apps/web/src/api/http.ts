import { EXPIRY_CODES, LANGUAGE_HEADER, SIGN_HEADER, SUCCESS_CODES, type Envelope } from '@schoolflow/contracts';
import { appConfigStore, getAppConfig, mergeAppConfig } from '../config/app-config.js';
import type { SealedCall } from './encryption.js';
import { currentLanguage } from '../i18n/i18n.js';
import { translate } from '../i18n/use-t.js';
import { showExpiryModal } from '../session/expiry.js';
import { getToken, getTokenHeader, setToken } from '../session/token.js';
import { toast } from '../util/toast.js';

export type ApiErrorKind = 'server' | 'network' | 'cancelled' | 'bad-response';

/** A failed call. `message` is what to show: the server's translated msg, or a local message. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly kind: ApiErrorKind,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isCancelled(err: unknown): boolean {
  return err instanceof ApiError && err.kind === 'cancelled';
}

export function errorMessage(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  return translate('http.requestFailed');
}

/** Shows a failed call's message, unless the client already said it (network) or nobody waits (cancelled). */
export function reportError(err: unknown): void {
  if (err instanceof ApiError && (err.kind === 'network' || err.kind === 'cancelled')) return;
  toast.error(errorMessage(err));
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON body. */
  json?: unknown;
  /** application/x-www-form-urlencoded body. */
  form?: Record<string, string>;
  /** multipart/form-data body (file uploads); fetch sets the boundary. */
  multipart?: FormData;
  /** Extra request headers (e.g. If-Match). */
  headers?: Record<string, string>;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Do not raise the expiry modal on 5000x (sign-in, sign-out, the initial permission load handle it themselves). */
  silentExpiry?: boolean;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const base = getAppConfig().BASE_API;
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function isAbort(err: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (err instanceof DOMException && err.name === 'AbortError');
}

/** Reads `{code, result, msg, data}`; legacy answers that only carry `result` still map onto a code. */
function toEnvelope<T>(body: unknown, status: number): Envelope<T> | null {
  if (typeof body !== 'object' || body === null) return null;
  const o = body as Record<string, unknown>;
  if (typeof o.code !== 'number' && typeof o.result !== 'boolean') return null;
  const result = typeof o.result === 'boolean' ? o.result : SUCCESS_CODES.includes(Number(o.code));
  const code = typeof o.code === 'number' ? o.code : result ? 200 : status;
  // `data` is whatever the call answers; each caller states its type through T.
  return { code, result, msg: typeof o.msg === 'string' ? o.msg : '', data: o.data as T | undefined };
}

/*
 * Request encryption (docs/adr/0036-request-encryption.md) is loaded only when the served configuration turns it on:
 * the sign-in page of a school without it carries none of it (docs/adr/0033-sign-in-page-weight.md).
 */
const encryption = () => import('./encryption.js');

/** The user request signs name, bound to the token it was learnt with (the sign-in answers it, the permission read too). */
let signUser: { token: string; userId: string } | null = null;

export function rememberSignUser(token: string | null, userId: string | undefined): void {
  if (token && userId) signUser = { token, userId };
}

/**
 * The seal of a call to `path` when encryption applies to it, else undefined; fails like a call that could not be
 * sent when the encryption code or the server's key does not load.
 */
async function sealFor(path: string, plain: string | undefined, signal?: AbortSignal): Promise<SealedCall | undefined> {
  const config = getAppConfig();
  if (!config.REQUEST_ENCRYPT) return undefined;
  const token = getToken();
  try {
    const e = await encryption();
    return e.encrypts(path) ? await e.sealCall(config.BASE_API, plain, token && signUser?.token === token ? signUser.userId : '') : undefined;
  } catch (err) {
    if (isAbort(err, signal)) throw new ApiError(translate('http.cancelled'), -1, 'cancelled');
    toast.error(translate('http.networkError'), 5000);
    throw new ApiError(translate('http.networkError'), -1, 'network');
  }
}

/** A configuration read again after a refusal of the sign: stored; answers whether encryption is on now. */
function adoptConfig(raw: unknown): boolean {
  appConfigStore.set(mergeAppConfig(raw));
  return getAppConfig().REQUEST_ENCRYPT;
}

/** A refusal of request encryption's sign (`data.sign`), which a new configuration or key may cure. */
function isSignRefusal(data: unknown): boolean {
  return typeof data === 'object' && data !== null && typeof (data as { sign?: unknown }).sign === 'string';
}

/** An answer opened with its call's key (a sealed answer that does not open reads as no envelope). */
function opened(sealed: SealedCall | undefined, parsed: unknown): unknown {
  if (!sealed) return parsed;
  try {
    return sealed.open(parsed);
  } catch {
    return null;
  }
}

/**
 * One call to the API under BASE_API. Resolves with the envelope on success (code 200/1, result not false);
 * rejects with ApiError otherwise. The server answers 4xx/5xx with the envelope in the body, so the body is
 * always read.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  return send<T>(path, options, false);
}

async function send<T>(path: string, options: RequestOptions, retried: boolean): Promise<Envelope<T>> {
  const headerName = getTokenHeader();
  const token = getToken();
  const headers = new Headers({ ...options.headers, Accept: 'application/json', [LANGUAGE_HEADER]: currentLanguage() });
  if (token) headers.set(headerName, token);
  let body: BodyInit | undefined;
  // Under request encryption a form travels as a JSON object, sealed like any body; a multipart body stays as it is.
  const sealed = await sealFor(path, options.multipart ? undefined : options.form ? JSON.stringify(options.form) : options.json !== undefined ? JSON.stringify(options.json) : undefined, options.signal);
  if (sealed) {
    headers.set(SIGN_HEADER, sealed.sign);
    if (sealed.body !== undefined) headers.set('Content-Type', 'application/json');
    body = options.multipart ?? sealed.body;
  } else if (options.multipart) {
    body = options.multipart;
  } else if (options.form) {
    body = new URLSearchParams(options.form); // fetch sets the form-urlencoded content type
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set('Content-Type', 'application/json');
  }

  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.query), {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (err) {
    if (isAbort(err, options.signal)) throw new ApiError(translate('http.cancelled'), -1, 'cancelled');
    toast.error(translate('http.networkError'), 5000);
    throw new ApiError(translate('http.networkError'), -1, 'network');
  }

  // A token header in the answer replaces the stored token (sliding renewal). Only while a token is held, so a
  // late answer cannot resurrect a session that was just signed out.
  const renewed = res.headers.get(headerName);
  if (renewed && token && renewed !== token) setToken(renewed);

  let parsed: unknown;
  try {
    parsed = await res.json();
  } catch (err) {
    if (isAbort(err, options.signal)) throw new ApiError(translate('http.cancelled'), -1, 'cancelled');
    parsed = null;
  }
  const envelope = toEnvelope<T>(opened(sealed, parsed), res.status);
  if (!envelope) throw new ApiError(translate('http.badResponse', { status: res.status }), res.status, 'bad-response');
  if (SUCCESS_CODES.includes(envelope.code) && envelope.result) return envelope;
  if (!retried && isSignRefusal(envelope.data) && (await (await encryption()).cured(envelope.data, getAppConfig().BASE_API, currentLanguage(), adoptConfig))) {
    return send<T>(path, options, true);
  }
  if (EXPIRY_CODES.includes(envelope.code) && !options.silentExpiry && getToken()) showExpiryModal();
  throw new ApiError(envelope.msg || translate('http.requestFailed'), envelope.code, 'server', envelope.data);
}

/** Like request() but resolves with `data`. */
export async function requestData<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const envelope = await request<T>(path, options);
  // The contract types `data` as optional; calls that answer nothing are typed `T = undefined` by their callers.
  return envelope.data as T;
}

/**
 * A file behind the token header (GET /file/download/{resId} needs it, so an <img src> cannot load it directly).
 * Failures answer the server's JSON message when there is one.
 */
export async function requestBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const headers = new Headers({ [LANGUAGE_HEADER]: currentLanguage() });
  const token = getToken();
  if (token) headers.set(getTokenHeader(), token);
  // Under request encryption a download is signed; the file itself comes back plain, a refusal sealed.
  const sealed = await sealFor(path, undefined, signal);
  if (sealed) headers.set(SIGN_HEADER, sealed.sign);
  let res: Response;
  try {
    res = await fetch(buildUrl(path), { headers, credentials: 'include', signal });
  } catch (err) {
    if (isAbort(err, signal)) throw new ApiError(translate('http.cancelled'), -1, 'cancelled');
    throw new ApiError(translate('http.networkError'), -1, 'network');
  }
  const type = res.headers.get('Content-Type') ?? '';
  if (res.ok && !type.includes('application/json')) return res.blob();
  const parsed: unknown = await res.json().catch(() => null); // not JSON: fall back to the status below
  const envelope = toEnvelope<unknown>(opened(sealed, parsed), res.status);
  if (envelope && EXPIRY_CODES.includes(envelope.code) && getToken()) showExpiryModal();
  throw new ApiError(envelope?.msg || translate('http.badResponse', { status: res.status }), envelope?.code ?? res.status, 'server');
}

/** A file answered to a POST with a JSON body (Excel export and template). Same failure handling as requestBlob. */
export async function postBlob(path: string, json: unknown, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string | null }> {
  const headers = new Headers({ [LANGUAGE_HEADER]: currentLanguage(), 'Content-Type': 'application/json' });
  const token = getToken();
  if (token) headers.set(getTokenHeader(), token);
  const plain = JSON.stringify(json ?? {});
  const sealed = await sealFor(path, plain, signal);
  if (sealed) headers.set(SIGN_HEADER, sealed.sign);
  let res: Response;
  try {
    res = await fetch(buildUrl(path), { method: 'POST', headers, body: sealed?.body ?? plain, credentials: 'include', signal });
  } catch (err) {
    if (isAbort(err, signal)) throw new ApiError(translate('http.cancelled'), -1, 'cancelled');
    throw new ApiError(translate('http.networkError'), -1, 'network');
  }
  const type = res.headers.get('Content-Type') ?? '';
  if (res.ok && !type.includes('application/json')) {
    const disposition = res.headers.get('Content-Disposition') ?? '';
    const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
    const plain = /filename="?([^";]+)"?/i.exec(disposition);
    const decode = (v: string): string | null => {
      try {
        return decodeURIComponent(v.trim());
      } catch {
        return null;
      }
    };
    const fileName = (star?.[1] ? decode(star[1]) : null) ?? plain?.[1] ?? null;
    return { blob: await res.blob(), fileName };
  }
  const parsed: unknown = await res.json().catch(() => null); // not JSON: fall back to the status below
  const envelope = toEnvelope<unknown>(opened(sealed, parsed), res.status);
  if (envelope && EXPIRY_CODES.includes(envelope.code) && getToken()) showExpiryModal();
  throw new ApiError(envelope?.msg || translate('http.badResponse', { status: res.status }), envelope?.code ?? res.status, 'server');
}

/**
 * Multipart upload through XMLHttpRequest, because fetch reports no upload progress. `onProgress` gets 0…100.
 * Resolves with `data` of a successful envelope; rejects with ApiError like request().
 */
export async function uploadWithProgress<T>(path: string, form: FormData, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<T> {
  // Under request encryption an upload is signed; its multipart body stays plain, its answer comes back sealed.
  const sealed = await sealFor(path, undefined, signal);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(LANGUAGE_HEADER, currentLanguage());
    if (sealed) xhr.setRequestHeader(SIGN_HEADER, sealed.sign);
    const headerName = getTokenHeader();
    const token = getToken();
    if (token) xhr.setRequestHeader(headerName, token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => {
      toast.error(translate('http.networkError'), 5000);
      reject(new ApiError(translate('http.networkError'), -1, 'network'));
    };
    xhr.onabort = () => reject(new ApiError(translate('http.cancelled'), -1, 'cancelled'));
    xhr.onload = () => {
      const renewed = xhr.getResponseHeader(headerName);
      if (renewed && token && renewed !== token) setToken(renewed);
      const parsed = opened(sealed, parseJson(xhr.responseText));
      const envelope = toEnvelope<T>(parsed, xhr.status);
      if (!envelope) return reject(new ApiError(translate('http.badResponse', { status: xhr.status }), xhr.status, 'bad-response'));
      if (SUCCESS_CODES.includes(envelope.code) && envelope.result) return resolve(envelope.data as T);
      if (EXPIRY_CODES.includes(envelope.code) && getToken()) showExpiryModal();
      reject(new ApiError(envelope.msg || translate('http.requestFailed'), envelope.code, 'server', envelope.data));
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
