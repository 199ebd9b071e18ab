import { AuthImage } from '../../components/auth-image.js';
import { EmptyState } from '../../components/empty-state.js';
import { usePagesT } from '../use-pages-t.js';

/** A picture card: an upload of the files module, fetched with the token (a published page's picture is anyone's to see). */
export function PictureCard({ resId, alt }: { resId: string | null; alt: string }) {
  const { pg } = usePagesT();
  if (!resId) return <EmptyState icon="image outline" text={pg('view.noPicture')} testId="cp-picture-empty" />;
  return (
    <figure className="sf-cp-picture">
      <AuthImage resId={resId} alt={alt} testId="cp-picture" />
      {alt ? <figcaption>{alt}</figcaption> : null}
    </figure>
  );
}
