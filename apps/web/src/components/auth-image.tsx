import { useQuery } from '@tanstack/react-query';
import { Icon } from 'semantic-ui-react';
import { fileApi } from '../api/file-api.js';
import { useT } from '../i18n/use-t.js';
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

interface Props {
  resId: string;
  alt: string;
  className?: string;
  testId?: string;
  onClick?: () => void;
}

/** A stored picture: /file/download needs the token header, so it is fetched as a blob and shown by URL. */
export function AuthImage({ resId, alt, className, testId, onClick }: Props) {
  const { t } = useT();
  const picture = useQuery({
    queryKey: ['picture', resId] as const,
    queryFn: () => urlOf(resId),
    // the object URL lives until sign-out (urlOf's cache frees it); a failure shows as a broken picture, no toast
    staleTime: Infinity,
    meta: { silent: true },
  });
  const src = picture.data ?? null;
  const failed = picture.isError;

  if (failed) {
    return (
      <span className={`sf-image-failed ${className ?? ''}`} title={t('upload.imageFailed')} data-testid={testId}>
        <Icon name="image outline" />
      </span>
    );
  }
  return src ? (
    <img src={src} alt={alt} className={className} data-testid={testId} onClick={onClick} />
  ) : (
    <span className={`sf-image-loading ${className ?? ''}`} data-testid={testId}>
      <Icon name="spinner" loading />
    </span>
  );
}
