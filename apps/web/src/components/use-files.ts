import { useMutation, useQuery } from '@tanstack/react-query';
import { saveBlob } from '../api/http.js';
import { fileApi, type FileRef, type UploadRules } from '../api/file-api.js';

/** Uploads files under a field's rules (the server checks them again); answers what it saved. */
export function useUploadFiles() {
  return useMutation({ mutationFn: (u: { files: readonly File[]; rules: UploadRules }) => fileApi.upload(u.files, u.rules) });
}

/** Removes an uploaded file. */
export function useRemoveFile() {
  return useMutation({ mutationFn: (resId: string) => fileApi.remove(resId) });
}

/** Uploads files with the progress reported as it goes (the file widget's bar). */
export function useUploadWithProgress() {
  return useMutation({ mutationFn: (u: { files: readonly File[]; rules: UploadRules; onProgress: (percent: number) => void }) => fileApi.uploadWithProgress(u.files, u.rules, u.onProgress) });
}

/** Downloads an uploaded file (with the session's token) and saves it under its own name. */
export function useDownloadFile() {
  return useMutation({
    mutationFn: async (file: FileRef) => saveBlob(await fileApi.download(file.resId), `${file.resName}${file.resSuffix}`),
  });
}

/** The names and suffixes of `resIds` (ids a field holds that the page has not seen uploaded); a failure is the caller's to say. */
export function useFileNames(resIds: readonly string[]) {
  return useQuery({
    queryKey: ['files', 'names', resIds] as const,
    queryFn: ({ signal }) => fileApi.describe(resIds, signal),
    enabled: resIds.length > 0,
    staleTime: Infinity,
    meta: { silent: true },
  });
}
