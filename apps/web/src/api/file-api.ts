import { FilePath } from '@schoolflow/contracts';
import { request, requestBlob, requestData, uploadWithProgress } from './http.js';

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
  /** Uploads with the progress reported (0–100) as it goes: the file widget's bar. `types`: extensions with the dot. */
  async uploadWithProgress(files: readonly File[], rules: { maxSizeKb: number; types: readonly string[]; limit: number }, onProgress: (percent: number) => void): Promise<FileRef[]> {
    const body = new FormData();
    for (const f of files) body.append('file', f, f.name);
    const qs = new URLSearchParams();
    if (rules.maxSizeKb > 0) qs.set('maxSize', String(rules.maxSizeKb));
    qs.set('types', rules.types.join(','));
    if (rules.limit > 0) qs.set('limit', String(rules.limit));
    const saved = await uploadWithProgress<FileRef[]>(`${FilePath.upload}?${qs.toString()}`, body, onProgress);
    return Array.isArray(saved) ? saved : [];
  },
  /** The names and suffixes of uploaded files. */
  async describe(resIds: readonly string[], signal?: AbortSignal): Promise<FileRef[]> {
    const list = await requestData<FileRef[]>(FilePath.getFiles, { json: { resIds }, signal });
    return Array.isArray(list) ? list : [];
  },
  async remove(resId: string): Promise<void> {
    await request<unknown>(`/file/remove/${encodeURIComponent(resId)}`, { method: 'POST' });
  },
  download(resId: string, signal?: AbortSignal): Promise<Blob> {
    return requestBlob(`/file/download/${encodeURIComponent(resId)}`, signal);
  },
};
