import { DASHBOARD_PATH, type RouteEntry } from '../router/menu-model.js';
import { createStore } from '../util/store.js';

/** An open tab (docs/product/shell-and-sign-in.md#tabs). The dashboard tab is fixed: first, never closed. */
export interface TabView {
  path: string;
  entry: RouteEntry;
  fixed: boolean;
  /** The query the page was last shown with (e.g. `?id=` of a detail page), so the tab goes back to it. */
  search: string;
}

export const tabsStore = createStore<TabView[]>([]);

export function resetTabs(): void {
  tabsStore.set([]);
}

/** Makes sure the dashboard tab leads, and adds the visited page when it has a title. */
export function visitTab(dashboard: RouteEntry, entry: RouteEntry, search = ''): void {
  tabsStore.set((tabs) => {
    let next = tabs;
    const first = next[0];
    if (!first || first.path !== DASHBOARD_PATH || first.entry !== dashboard) {
      next = [{ path: DASHBOARD_PATH, entry: dashboard, fixed: true, search: '' }, ...next.filter((t) => t.path !== DASHBOARD_PATH)];
    }
    const titled = entry.titleZh !== '' || entry.titleEn !== '';
    if (titled && !next.some((t) => t.path === entry.path)) next = [...next, { path: entry.path, entry, fixed: false, search }];
    else if (next.some((t) => t.path === entry.path && t.search !== search)) next = next.map((t) => (t.path === entry.path ? { ...t, search } : t));
    return next;
  });
}

/** Returns the remaining tabs. */
export function closeTab(path: string): TabView[] {
  tabsStore.set((tabs) => tabs.filter((t) => t.fixed || t.path !== path));
  return tabsStore.get();
}

export function closeOtherTabs(path: string): TabView[] {
  tabsStore.set((tabs) => tabs.filter((t) => t.fixed || t.path === path));
  return tabsStore.get();
}

export function closeAllTabs(): TabView[] {
  tabsStore.set((tabs) => tabs.filter((t) => t.fixed));
  return tabsStore.get();
}
