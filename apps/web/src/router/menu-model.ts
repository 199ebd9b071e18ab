import type { MenuNode, MenuRemark } from '@schoolflow/contracts';
import { webMessages } from '../i18n/use-t.js';

export const DASHBOARD_PATH = '/dashboard';
export const DASHBOARD_STEM = 'dashboard';

export interface Titled {
  titleZh: string;
  titleEn: string;
}

export interface Crumb extends Titled {
  path: string;
  isGroup: boolean;
}

/** One page the user may open, derived from a menu (or the dashboard). */
export interface RouteEntry extends Titled {
  /** Address of the page, e.g. `/ms/logs` or `{menuurl}/{zdycs}` for a custom page. */
  path: string;
  /** Registry key of the view: the menu path without its leading slash. */
  stem: string;
  /** Custom page parameter (remark.zdycs). */
  param?: string;
  icon: string;
  noCache: boolean;
  /** Ancestors, for the breadcrumb. */
  parents: Crumb[];
  /** A menu with sub-menus has no view of its own; opening it goes to its first page. */
  isGroup: boolean;
  firstLeaf?: string;
}

export interface NavItem extends Titled {
  /** Menu address as configured (used in data-testid). */
  menuPath: string;
  /** Where a click goes: an in-app path, or an external address opened in a new window. */
  to: string;
  external: boolean;
  icon: string;
}

export interface SidebarNode extends NavItem {
  children: SidebarNode[];
}

export interface MenuModel {
  routes: Map<string, RouteEntry>;
  sidebar: SidebarNode[];
  headerLinks: NavItem[];
  /** The menu flagged as home (remark.sfswsy = '1'), which replaces the dashboard view. */
  home: RouteEntry | null;
  dashboard: RouteEntry;
}

export function parseRemark(remark: unknown): MenuRemark {
  if (typeof remark !== 'string' || remark.trim() === '') return {};
  let raw: unknown;
  try {
    raw = JSON.parse(remark);
  } catch {
    return {}; // legacy free-text remarks are not JSON: treat as no flags
  }
  if (typeof raw !== 'object' || raw === null) return {};
  const o = raw as Record<string, unknown>;
  const out: MenuRemark = {};
  if (typeof o.menuNameEng === 'string' && o.menuNameEng.trim() !== '') out.menuNameEng = o.menuNameEng;
  // 菜单管理 saves the flags as booleans, the legacy data as '1'/'0': both read the same
  if (o.sfzdy === '1' || o.sfzdy === true) out.sfzdy = '1';
  else if (o.sfzdy === '0' || o.sfzdy === false) out.sfzdy = '0';
  if (typeof o.zdycs === 'string' && o.zdycs.trim() !== '') out.zdycs = o.zdycs.trim();
  if (o.sfswsy === '1' || o.sfswsy === true) out.sfswsy = '1';
  else if (o.sfswsy === '0' || o.sfswsy === false) out.sfswsy = '0';
  if (o.cdwz === 'top' || o.cdwz === 'left') out.cdwz = o.cdwz;
  if (o.noCache === true || o.noCache === 'true' || o.noCache === '1') out.noCache = true;
  if (o.hidden === true || o.hidden === 'true' || o.hidden === '1') out.hidden = true;
  return out;
}

/** Absolute addresses and server paths (e.g. `/server/docs`) are not SPA pages: they open in a new window. */
export function isExternalUrl(url: string, baseApi: string): boolean {
  if (/^(https?:)?\/\//i.test(url) || /^(mailto|tel):/i.test(url)) return true;
  return url === baseApi || url.startsWith(`${baseApi}/`);
}

export function normalizePath(path: string): string {
  const collapsed = `/${path}`.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed;
}

function joinPath(parent: string, url: string): string {
  return normalizePath(url.startsWith('/') ? url : `${parent}/${url}`);
}

export function dashboardEntry(home: RouteEntry | null): RouteEntry {
  return {
    path: DASHBOARD_PATH,
    stem: home?.stem ?? DASHBOARD_STEM,
    param: home?.param,
    titleZh: webMessages('zh').route.dashboard,
    titleEn: webMessages('en').route.dashboard,
    icon: 'home',
    noCache: true, // the home page is always fresh (docs/product/shell-and-sign-in.md#routes)
    parents: [],
    isGroup: false,
  };
}

/** Builds routes, sidebar and header links from the permission menus (docs/product/shell-and-sign-in.md#routes, #sidebar). */
export function buildMenuModel(menus: readonly MenuNode[], baseApi: string): MenuModel {
  const routes = new Map<string, RouteEntry>();
  const headerLinks: NavItem[] = [];
  let home: RouteEntry | null = null;

  const walk = (nodes: readonly MenuNode[], parentPath: string, parents: Crumb[]): { sidebar: SidebarNode[]; firstLeaf?: string } => {
    const sidebar: SidebarNode[] = [];
    let firstLeaf: string | undefined;
    for (const node of nodes) {
      const remark = parseRemark(node.remark);
      const url = (node.menuurl ?? '').trim();
      const titleZh = node.menuname;
      const titleEn = remark.menuNameEng ?? node.menuname;
      const icon = node.icon ?? '';
      const children = Array.isArray(node.menus) ? node.menus : [];
      const external = url !== '' && isExternalUrl(url, baseApi);
      const menuPath = external ? url : joinPath(parentPath, url);
      const routePath = remark.sfzdy === '1' && remark.zdycs ? `${menuPath}/${remark.zdycs}` : menuPath;
      const isGroup = children.length > 0;

      const sub = walk(children, menuPath, [...parents, { path: routePath, titleZh, titleEn, isGroup }]);
      if (!external) {
        const entry: RouteEntry = {
          path: routePath,
          stem: menuPath.replace(/^\//, ''),
          param: remark.sfzdy === '1' ? remark.zdycs : undefined,
          titleZh,
          titleEn,
          icon,
          noCache: remark.noCache === true,
          parents,
          isGroup,
          firstLeaf: sub.firstLeaf,
        };
        if (!routes.has(routePath)) routes.set(routePath, entry);
        if (!isGroup && remark.sfswsy === '1' && !home) home = entry;
        firstLeaf ??= isGroup ? sub.firstLeaf : routePath;
      }

      const item: SidebarNode = { menuPath, to: routePath, external, icon, titleZh, titleEn, children: [] };
      if (remark.cdwz === 'top') {
        headerLinks.push(item);
        continue;
      }
      if (remark.hidden) continue;
      if (!isGroup) {
        sidebar.push(item);
      } else if (sub.sidebar.length > 0) {
        sidebar.push({ ...item, children: sub.sidebar });
      } else if (children.length === 1 && children[0]) {
        // A parent whose single child is hidden shows that child directly.
        const only = children[0];
        const onlyRemark = parseRemark(only.remark);
        const onlyUrl = (only.menuurl ?? '').trim();
        const onlyExternal = isExternalUrl(onlyUrl, baseApi);
        const onlyPath = onlyExternal ? onlyUrl : joinPath(menuPath, onlyUrl);
        sidebar.push({
          menuPath: onlyPath,
          to: onlyRemark.sfzdy === '1' && onlyRemark.zdycs ? `${onlyPath}/${onlyRemark.zdycs}` : onlyPath,
          external: onlyExternal,
          icon: only.icon || icon,
          titleZh: only.menuname,
          titleEn: onlyRemark.menuNameEng ?? only.menuname,
          children: [],
        });
      } else {
        sidebar.push(item); // every child hidden: the parent opens its first page
      }
    }
    return { sidebar, firstLeaf };
  };

  const { sidebar } = walk(menus, '', []);
  return { routes, sidebar, headerLinks, home, dashboard: dashboardEntry(home) };
}

export type Resolution =
  | { kind: 'page'; entry: RouteEntry }
  | { kind: 'redirect'; to: string }
  | { kind: 'not-found' };

/** Entries made for `{page}/{param}` addresses, one per model and address (the shell compares entries by identity). */
const paramEntries = new WeakMap<MenuModel, Map<string, RouteEntry>>();

/**
 * `{menu page}/{param}` for a page whose view takes a parameter (a custom page's preview, its designer): the menu
 * page's entry with the last segment as its parameter — reachable only when the user holds that menu page.
 */
function paramEntry(model: MenuModel, path: string, takesParam: (stem: string) => boolean): RouteEntry | undefined {
  const cut = path.lastIndexOf('/');
  if (cut <= 0) return undefined;
  const parent = model.routes.get(path.slice(0, cut));
  const param = decodeURIComponent(path.slice(cut + 1));
  if (!parent || parent.isGroup || parent.param !== undefined || !takesParam(parent.stem) || param === '') return undefined;
  let made = paramEntries.get(model);
  if (!made) paramEntries.set(model, (made = new Map()));
  let entry = made.get(path);
  if (!entry) made.set(path, (entry = { ...parent, path, param }));
  return entry;
}

/** What the shell shows for an address: a page, a redirect (home, first page of a group) or 404. */
export function resolveRoute(model: MenuModel, pathname: string, hasView: (stem: string) => boolean, takesParam: (stem: string) => boolean = () => false): Resolution {
  const path = normalizePath(pathname);
  if (path === '/') return { kind: 'redirect', to: DASHBOARD_PATH };
  if (path === DASHBOARD_PATH) {
    return hasView(model.dashboard.stem) ? { kind: 'page', entry: model.dashboard } : { kind: 'page', entry: dashboardEntry(null) };
  }
  const entry = model.routes.get(path) ?? paramEntry(model, path, takesParam);
  if (!entry) return { kind: 'not-found' };
  if (entry.isGroup) return entry.firstLeaf ? { kind: 'redirect', to: entry.firstLeaf } : { kind: 'not-found' };
  return hasView(entry.stem) ? { kind: 'page', entry } : { kind: 'not-found' };
}

export function titleOf(item: Titled, lang: 'zh' | 'en'): string {
  return lang === 'en' ? item.titleEn : item.titleZh;
}
