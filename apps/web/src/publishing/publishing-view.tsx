import { lazy, Suspense, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { postPublishPermission, type PostKind, type PUBLISHING_PAGES } from '@schoolflow/contracts';
import { useAuthorized } from '../components/authorized.js';
import { PageLoader } from '../components/page-loader.js';
import { tabsStore } from '../layout/tabs-store.js';
import type { ViewProps } from '../router/view-props.js';
import { useStore } from '../util/store.js';
import { pageOf } from './post-links.js';
import { PostDetailPanel } from './post-detail.js';
import { PostLists } from './post-lists.js';
import { PostReceiptsPanel } from './post-receipts.js';
import { usePostsLive } from './use-posts-live.js';
import { usePublishingT } from './use-publishing-t.js';
import './publishing.css';

// The compose page carries the rich-text editor (tiptap, ProseMirror): its own chunk, loaded only when composing.
const ComposePanel = lazy(() => import('./compose/compose-panel.js'));

/**
 * The query this page was last shown with. Routes come from menus, one per kind, so the detail, receipts and compose
 * forms are states of the kind's page named by its query. A page kept alive in a background tab must not follow
 * another page's query (it would drop a half-written post): while hidden it keeps its tab's own query.
 */
function usePageQuery(kind: PostKind, active: boolean): URLSearchParams {
  const location = useLocation();
  const tabs = useStore(tabsStore);
  const own = tabs.find((t) => t.path === pageOf(kind))?.search ?? '';
  return new URLSearchParams(active && location.pathname === pageOf(kind) ? location.search : own);
}

function PublishingPage({ kind, active }: { kind: PostKind; active: boolean }) {
  const { p } = usePublishingT();
  const query = usePageQuery(kind, active);
  const canPublish = useAuthorized({ all: [postPublishPermission(kind)] });
  usePostsLive();
  const id = query.get('id') ?? '';
  if (query.get('compose') === '1' && canPublish) {
    return (
      <Suspense fallback={<PageLoader text={p('web.compose.loadingEditor')} />}>
        <ComposePanel kind={kind} />
      </Suspense>
    );
  }
  if (id && query.get('view') === 'receipts') return <PostReceiptsPanel key={id} id={id} kind={kind} active={active} />;
  if (id) return <PostDetailPanel key={id} id={id} kind={kind} active={active} />;
  return <PostLists kind={kind} canPublish={canPublish} active={active} />;
}

/** One view component per kind, made once (the registry's lazy import picks it by its stem). */
function viewOfKind(kind: PostKind): ComponentType<ViewProps> {
  function KindView({ active }: ViewProps) {
    return <PublishingPage kind={kind} active={active} />;
  }
  KindView.displayName = `PublishingView(${kind})`;
  return KindView;
}

export const publishingViews: Readonly<Record<(typeof PUBLISHING_PAGES)[number]['kind'], ComponentType<ViewProps>>> = {
  notice: viewOfKind('notice'),
  homework: viewOfKind('homework'),
  activity: viewOfKind('activity'),
  performance: viewOfKind('performance'),
};
