import { useId } from 'react';
import { useIsMutating, useMutation, useQuery } from '@tanstack/react-query';
import { saveBlob } from '../api/http.js';
import { fileApi, type FileRef, type UploadRules } from '../api/file-api.js';

/**
 * The mutation keys of the uploads and removals under way of one form's file fields (`scope`, from useUploadScope):
 * the form tells it is waiting on them from the mutation cache, not from a flag each field reports back.
 */
export const fileKeys = {
  busy: (scope: string) => ['files', 'busy', scope] as const,
  upload: (scope: string) => [...fileKeys.busy(scope), 'upload'] as const,
  remove: (scope: string) => [...fileKeys.busy(scope), 'remove'] as const,
};

/**
 * A form's file fields: `scope` goes to each of its FileUploads (`busyScope`), and `busy` is true while any of them
 * uploads or removes a file — the form holds its submit meanwhile.
 */
export function useUploadScope(): { scope: string; busy: boolean } {
  const scope = useId();
  const busy = useIsMutating({ mutationKey: fileKeys.busy(scope) }) > 0;
  return { scope, busy };
}

/** Uploads files under a field's rules (the server checks them again); answers what it saved. */
export function useUploadFiles() {
  return useMutation({ mutationFn: (u: { files: readonly File[]; rules: UploadRules }) => fileApi.upload(u.files, u.rules) });
}

/** Removes an uploaded file; `scope`: the form's (useUploadScope), whose submit waits for it. */
export function useRemoveFile(scope = '') {
  return useMutation({ mutationKey: fileKeys.remove(scope), mutationFn: (resId: string) => fileApi.remove(resId) });
}

/** Uploads files with the progress reported as it goes (the file widget's bar); `scope` as for useRemoveFile. */
export function useUploadWithProgress(scope = '') {
  return useMutation({ mutationKey: fileKeys.upload(scope), mutationFn: (u: { files: readonly File[]; rules: UploadRules; onProgress: (percent: number) => void }) => fileApi.uploadWithProgress(u.files, u.rules, u.onProgress) });
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
