import { request, requestBlob } from './http.js';

export interface FileRef {
  resId: string;
  resName: string;
  resSuffix: string;
}

export interface UploadRules {
  /** KB; 0 = unlimited. */
  maxSizeKb: number;
  /** Lower-case extensions with the dot, e.g. ['.jpg', '.png']. */
  types: readonly string[];
  /** Files per field; 0 = unlimited. */
  limit: number;
}

/** Files (docs/product/shell-and-sign-in.md#file-upload): multipart field `file`; downloads need the token header. */
export const fileApi = {
  async upload(files: readonly File[], rules: UploadRules): Promise<FileRef[]> {
    const body = new FormData();
    for (const f of files) body.append('file', f, f.name);
    const env = await request<FileRef[]>('/file/upload', {
      method: 'POST',
      multipart: body,
      query: { maxSize: rules.maxSizeKb || undefined, types: rules.types.join(','), limit: rules.limit || undefined },
    });
    return Array.isArray(env.data) ? env.data : [];
  },
  async remove(resId: string): Promise<void> {
    await request<unknown>(`/file/remove/${encodeURIComponent(resId)}`, { method: 'POST' });
  },
  download(resId: string, signal?: AbortSignal): Promise<Blob> {
    return requestBlob(`/file/download/${encodeURIComponent(resId)}`, signal);
  },
};
