import type { Page } from '@schoolflow/contracts';
import { postBlob, requestData, uploadWithProgress } from './http.js';

/** Reads a list answer: `{total, list}`, `{total, rows}` or a bare array (some lists are not paged). */
export function readPage<T>(data: unknown): Page<T> {
  if (Array.isArray(data)) return { total: data.length, list: data as T[] };
  const o = (data ?? {}) as { total?: unknown; list?: unknown; rows?: unknown };
  const list = (Array.isArray(o.list) ? o.list : Array.isArray(o.rows) ? o.rows : []) as T[];
  return { total: Number(o.total) || list.length, list };
}

/** The body of one page of an administration list (`{current, size, orders, query}`). */
export interface AdminPageBody {
  current: number;
  size: number;
  query: unknown;
}

/**
 * The system-administration endpoints (users, roles, menus, organisations, dictionaries, config): every one a POST
 * under its AdminPath; lists answer a page or a bare array, trees an array of nodes.
 */
export const adminApi = {
  page<T>(path: string, body: AdminPageBody, signal?: AbortSignal): Promise<Page<T>> {
    return requestData<unknown>(path, { json: { current: body.current, size: body.size, orders: [], query: body.query }, signal }).then((d) => readPage<T>(d));
  },
  tree<T>(path: string, signal?: AbortSignal): Promise<T[]> {
    return requestData<T[]>(path, { json: {}, signal }).then((d) => (Array.isArray(d) ? d : []));
  },
  post<T = unknown>(path: string, json: unknown, signal?: AbortSignal): Promise<T> {
    return requestData<T>(path, { json, signal });
  },
  /** A file the server writes (an export, a template), with the name it gives it. */
  file(path: string, json: unknown): Promise<{ blob: Blob; fileName: string | null }> {
    return postBlob(path, json);
  },
  /** Uploads one file as `file`, telling the percentage sent. */
  upload<T = unknown>(path: string, file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<T> {
    const form = new FormData();
    form.append('file', file, file.name);
    return uploadWithProgress<T>(path, form, onProgress, signal);
  },
};
