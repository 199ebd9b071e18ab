import { useQuery } from '@tanstack/react-query';
import { fileApi } from '../api/file-api.js';

/** A document's bytes for the in-page preview, fetched with the session's token (the files module's permission). */
export function useDocumentBytes(resId: string) {
  return useQuery({
    queryKey: ['files', 'bytes', resId] as const,
    queryFn: async () => (await fileApi.download(resId)).arrayBuffer(),
    staleTime: Infinity,
    // a preview at a time is kept; the next one opened replaces it when this one is closed
    gcTime: 60_000,
    meta: { silent: true },
  });
}
