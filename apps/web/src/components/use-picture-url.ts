import { useQuery } from '@tanstack/react-query';
import { fileApi } from '../api/file-api.js';
import { onLocalSessionCleared } from '../session/session-store.js';

/** Object URLs of pictures already fetched, shared by every <AuthImage> of the page (freed on sign-out). */
const cache = new Map<string, Promise<string>>();
onLocalSessionCleared(() => {
  for (const p of cache.values()) p.then((url) => URL.revokeObjectURL(url), () => undefined);
  cache.clear();
});

function urlOf(resId: string): Promise<string> {
  let p = cache.get(resId);
  if (!p) {
    p = fileApi.download(resId).then((blob) => URL.createObjectURL(blob));
    p.catch(() => cache.delete(resId)); // a failure may be retried later
    cache.set(resId, p);
  }
  return p;
}

/** A stored picture's object URL (fetched with the token header, shared by every user of the page). */
export function usePictureUrl(resId: string) {
  return useQuery({
    queryKey: ['picture', resId] as const,
    queryFn: () => urlOf(resId),
    // the object URL lives until sign-out (urlOf's cache frees it); a failure shows as a broken picture, no toast
    staleTime: Infinity,
    meta: { silent: true },
  });
}
