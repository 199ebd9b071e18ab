import { Suspense, useMemo } from 'react';
import { ErrorBoundary } from '../components/error-boundary.js';
import { PageLoader } from '../components/page-loader.js';
import type { RouteEntry } from '../router/menu-model.js';
import { ViewContext } from '../router/view-context.js';
import { viewFor } from '../router/view-registry.js';
import { useStore } from '../util/store.js';
import { tabsStore } from './tabs-store.js';

function ViewHost({ entry, active }: { entry: RouteEntry; active: boolean }) {
  const View = viewFor(entry.stem);
  const place = useMemo(() => ({ path: entry.path, active }), [entry.path, active]);
  if (!View) return null;
  return (
    <ViewContext.Provider value={place}>
      <div className="sf-view" hidden={!active} data-testid={`view-${entry.path}`}>
        <ErrorBoundary>
          <Suspense fallback={<PageLoader />}>
            {/* eslint-disable-next-line react-hooks/static-components -- false positive: viewFor answers the one lazy component view-registry.ts makes per page (at module load, or once per resource name), the same on every render, so nothing remounts */}
            <View param={entry.param} active={active} />
          </Suspense>
        </ErrorBoundary>
      </div>
    </ViewContext.Provider>
  );
}

/**
 * Keep-alive area: every open tab's page stays mounted (hidden) so its state survives switching tabs, except
 * pages marked noCache (the dashboard), which mount fresh each visit (docs/product/shell-and-sign-in.md#tabs).
 */
export function AppMain({ entry }: { entry: RouteEntry }) {
  const tabs = useStore(tabsStore);
  const kept = tabs.filter((t) => !t.entry.noCache).map((t) => t.entry);
  const shown = kept.some((e) => e.path === entry.path) ? kept : [...kept, entry];
  return (
    <>
      {shown.map((e) => (
        <ViewHost key={e.path} entry={e} active={e.path === entry.path} />
      ))}
    </>
  );
}
