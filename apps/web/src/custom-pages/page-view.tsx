import { Link } from 'react-router-dom';
import { Button, Message, Segment } from 'semantic-ui-react';
import { errorMessage } from '../api/http.js';
import { EmptyState } from '../components/empty-state.js';
import { PageLoader } from '../components/page-loader.js';
import type { ViewProps } from '../router/view-props.js';
import { PageGrid } from './page-grid.js';
import { usePage } from './use-page.js';
import { pagesText, usePagesT } from './use-pages-t.js';
import './custom-pages.css';

/**
 * A custom page (`/customPages/page_view/{id}`; docs/product/office.md#custom-pages): the preview an editor opens from
 * the manager, what a menu flagged custom with the page's id shows, and the home page when that menu is flagged home.
 * The server decides who may see it (not found otherwise).
 */
export default function PageView({ param, active }: ViewProps) {
  const { pg } = usePagesT();
  const page = usePage(param, active);
  // opened without a page (the bare menu address): nothing to show
  if (!param) return <Message warning content={pagesText('errors.notFound')} data-testid="cp-view-error" />;
  if (page.isPending) return <PageLoader />;
  if (page.isError) return <Message negative content={errorMessage(page.error)} data-testid="cp-view-error" />;
  const data = page.data;
  return (
    <div className="sf-page sf-cp-page" data-testid="cp-view" data-page={data.id} data-version={data.version}>
      {data.editable ? (
        <Segment className="sf-card sf-cp-toolbar">
          <strong>{data.name}</strong>
          {data.published ? null : <span className="sf-hint"> {pg('view.draft')}</span>}
          <Button as={Link} to={`/customPages/drag_layout/${data.id}`} size="small" icon="edit" content={pg('manager.design')} data-testid="cp-view-design" />
        </Segment>
      ) : null}
      {data.layout.cards.length === 0 ? <EmptyState icon="object group outline" text={pg('view.empty')} testId="cp-view-empty" /> : <PageGrid layout={data.layout} active={active} />}
    </div>
  );
}
