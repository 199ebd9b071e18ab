import { Icon } from 'semantic-ui-react';
import { useT } from '../i18n/use-t.js';
import { usePictureUrl } from './use-picture-url.js';

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
  const picture = usePictureUrl(resId);
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
