import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/empty-state.js';
import { usePagesT } from '../use-pages-t.js';

/** A links card: app addresses open as pages of the app, web addresses in a new window (the schema took only these two). */
export function LinksCard({ items, live }: { items: readonly { label: string; url: string }[]; live: boolean }) {
  const { pg } = usePagesT();
  if (items.length === 0) return <EmptyState icon="linkify" text={pg('view.noLinks')} testId="cp-links-empty" />;
  return (
    <ul className="sf-cp-links" data-testid="cp-links">
      {items.map((item, index) =>
        !live ? (
          <li key={index}>{item.label}</li>
        ) : item.url.startsWith('/') ? (
          <li key={index}>
            <Link to={item.url}>{item.label}</Link>
          </li>
        ) : (
          <li key={index}>
            <a href={item.url} target="_blank" rel="noopener noreferrer nofollow">
              {item.label}
            </a>
          </li>
        ),
      )}
    </ul>
  );
}
