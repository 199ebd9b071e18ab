import { useEffect, useState } from 'react';
import { Icon, Segment } from 'semantic-ui-react';
import { AuthImage } from '../components/auth-image.js';
import { useHomePictures } from './use-album-queries.js';
import { usePicturesT } from './use-pictures-t.js';
import './pictures.css';

const EVERY_MS = 5000;

/**
 * The home page's picture card (校园风采; docs/product/campus-life.md#pictures): the pictures of albums shown on the
 * home page that the user sees, one at a time, turning every 5 s while the page is on screen. Nothing shows when
 * there is no such picture (the card takes no room on a school without albums for the home page).
 */
export function HomeCarousel({ active }: { active: boolean }) {
  const { p } = usePicturesT();
  const pictures = useHomePictures(active).data ?? [];
  const [at, setAt] = useState(0);
  const n = pictures.length;
  useEffect(() => {
    if (!active || n < 2) return;
    const id = window.setInterval(() => setAt((i) => (i + 1) % n), EVERY_MS);
    return () => window.clearInterval(id);
  }, [active, n]);
  if (n === 0) return null;
  const shown = pictures[at % n];
  if (!shown) return null;
  return (
    <Segment className="sf-area" data-testid="dashboard-pictures">
      <h3 className="sf-area-title">
        <Icon name="images outline" /> {p('home.title')}
      </h3>
      <div className="sf-carousel">
        <AuthImage resId={shown.resId} alt={shown.caption || shown.albumTitle} testId="dashboard-picture" />
      </div>
      <div className="sf-carousel-caption">{shown.caption || shown.albumTitle}</div>
      {n > 1 ? (
        <div className="sf-carousel-nav">
          {pictures.map((pic, i) => (
            <button key={pic.id} type="button" className={`sf-carousel-dot ${i === at % n ? 'active' : ''}`} aria-label={`${i + 1}/${n}`} onClick={() => setAt(i)} />
          ))}
        </div>
      ) : null}
    </Segment>
  );
}
