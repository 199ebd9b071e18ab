import { type MouseEvent, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Icon, Popup } from 'semantic-ui-react';
import { useAppConfig } from '../config/app-config.js';
import { useT } from '../i18n/use-t.js';
import { DASHBOARD_PATH, titleOf, type MenuModel, type SidebarNode } from '../router/menu-model.js';
import { menuIcon } from '../util/menu-icon.js';
import { closeDrawer, useSidebarOpen } from './sidebar-state.js';

interface Props {
  model: MenuModel;
  activePath: string;
  /** Phone-sized window: the sidebar is a drawer over the page, with its titles, open only when asked for. */
  phone: boolean;
  drawerOpen: boolean;
}

/** Keys of the groups on the way to the active page, so its group opens by itself. */
function ancestorsOf(nodes: readonly SidebarNode[], path: string, trail: string[] = []): string[] | null {
  for (const n of nodes) {
    if (n.children.length === 0) {
      if (n.to === path) return trail;
      continue;
    }
    const found = ancestorsOf(n.children, path, [...trail, n.menuPath]);
    if (found) return found;
  }
  return null;
}

function contains(node: SidebarNode, path: string): boolean {
  return node.to === path || node.children.some((c) => contains(c, path));
}

function ItemLink({ node, active, depth, iconOnly }: { node: SidebarNode; active: boolean; depth: number; iconOnly: boolean }) {
  const { lang } = useT();
  const title = titleOf(node, lang);
  const inner = (
    <>
      <Icon name={menuIcon(node.icon, false)} className="sf-menu-icon" />
      {iconOnly ? null : <span className="sf-menu-title">{title}</span>}
      {node.external && !iconOnly ? <Icon name="external alternate" className="sf-menu-ext" /> : null}
    </>
  );
  const common = {
    className: `sf-menu-item ${active ? 'active' : ''}`,
    style: { paddingLeft: iconOnly ? undefined : 20 + depth * 18 },
    'data-testid': `menu-item-${node.menuPath}`,
    title: iconOnly ? title : undefined,
  };
  return node.external ? (
    <a href={node.to} target="_blank" rel="noopener noreferrer" {...common}>
      {inner}
    </a>
  ) : (
    <Link to={node.to} {...common} aria-current={active ? 'page' : undefined}>
      {inner}
    </Link>
  );
}

function Branch({
  node,
  depth,
  activePath,
  expanded,
  toggle,
}: {
  node: SidebarNode;
  depth: number;
  activePath: string;
  expanded: ReadonlySet<string>;
  toggle: (key: string) => void;
}) {
  const { lang } = useT();
  if (node.children.length === 0) {
    return (
      <li role="none">
        <ItemLink node={node} active={node.to === activePath} depth={depth} iconOnly={false} />
      </li>
    );
  }
  const open = expanded.has(node.menuPath);
  const holdsActive = contains(node, activePath);
  return (
    <li role="none" className={`sf-submenu ${open ? 'open' : ''} ${holdsActive ? 'holds-active' : ''}`}>
      <button
        type="button"
        className="sf-menu-item sf-submenu-title"
        style={{ paddingLeft: 20 + depth * 18 }}
        aria-expanded={open}
        data-testid={`menu-item-${node.menuPath}`}
        onClick={() => toggle(node.menuPath)}
      >
        <Icon name={menuIcon(node.icon, true)} className="sf-menu-icon" />
        <span className="sf-menu-title">{titleOf(node, lang)}</span>
        <Icon name="angle down" className="sf-submenu-arrow" />
      </button>
      {open ? (
        <ul className="sf-menu sf-menu-nested" role="menu">
          {node.children.map((c) => (
            <Branch key={c.menuPath} node={c} depth={depth + 1} activePath={activePath} expanded={expanded} toggle={toggle} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** Collapsed sidebar: icons only; a group's pages fly out on hover. */
function CollapsedEntry({ node, activePath }: { node: SidebarNode; activePath: string }) {
  const { lang } = useT();
  if (node.children.length === 0) {
    return (
      <li role="none">
        <Popup
          position="right center"
          inverted
          size="small"
          content={titleOf(node, lang)}
          trigger={
            <span>
              <ItemLink node={node} active={node.to === activePath} depth={0} iconOnly />
            </span>
          }
        />
      </li>
    );
  }
  const flat = (n: SidebarNode): SidebarNode[] => (n.children.length === 0 ? [n] : n.children.flatMap(flat));
  return (
    <li role="none" className={contains(node, activePath) ? 'holds-active' : ''}>
      <Popup
        on="hover"
        hoverable
        position="right center"
        className="sf-flyout"
        basic
        trigger={
          <button type="button" className="sf-menu-item sf-submenu-title" data-testid={`menu-item-${node.menuPath}`} title={titleOf(node, lang)}>
            <Icon name={menuIcon(node.icon, true)} className="sf-menu-icon" />
          </button>
        }
      >
        <div className="sf-flyout-title">{titleOf(node, lang)}</div>
        <ul className="sf-menu" role="menu">
          {flat(node).map((c) => (
            <li role="none" key={c.menuPath}>
              <ItemLink node={c} active={c.to === activePath} depth={0} iconOnly={false} />
            </li>
          ))}
        </ul>
      </Popup>
    </li>
  );
}

export function Sidebar({ model, activePath, phone, drawerOpen }: Props) {
  // a phone's drawer always shows the titles: icons alone (the desktop's collapsed bar) would leave a phone guessing
  const open = useSidebarOpen() || phone;
  const config = useAppConfig();
  const { t } = useT();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  // The short sign-in title fits the 220px brand bar; the full TITLE is the document title.
  const brand = config.LOGIN_TITLE || config.TITLE || t('app.name');

  // Open the group that holds the current page whenever the page (or the menu) changes: once per change, while
  // rendering, so the user may close it again afterwards.
  const [openedFor, setOpenedFor] = useState<{ sidebar: typeof model.sidebar; path: string } | null>(null);
  if (openedFor?.sidebar !== model.sidebar || openedFor.path !== activePath) {
    setOpenedFor({ sidebar: model.sidebar, path: activePath });
    const trail = ancestorsOf(model.sidebar, activePath);
    if (trail && trail.length > 0) setExpanded((prev) => new Set([...prev, ...trail]));
  }

  const toggle = (key: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const dashboard: SidebarNode = useMemo(
    () => ({ ...model.dashboard, menuPath: DASHBOARD_PATH, to: DASHBOARD_PATH, external: false, icon: 'home', children: [] }),
    [model.dashboard],
  );

  // A link followed in the drawer closes it, even one to the page already shown (the address does not change then).
  const closeOnLink = (e: MouseEvent<HTMLElement>) => {
    if (e.target instanceof Element && e.target.closest('a')) closeDrawer();
  };

  return (
    <aside
      className={`sf-sidebar ${open ? '' : 'collapsed'} ${phone ? 'sf-drawer' : ''} ${drawerOpen ? 'sf-drawer-open' : ''}`}
      data-testid="sidebar"
      data-collapsed={open ? 'false' : 'true'}
      data-drawer={phone ? (drawerOpen ? 'open' : 'closed') : undefined}
      aria-hidden={phone && !drawerOpen ? true : undefined}
      onClick={phone ? closeOnLink : undefined}
    >
      <Link to={DASHBOARD_PATH} className="sf-logo" title={brand}>
        {config.LOGO_URL ? <img src={config.LOGO_URL} alt="" /> : <Icon name="graduation cap" className="sf-logo-icon" />}
        {open ? <span className="sf-logo-title">{brand}</span> : null}
      </Link>
      <nav className="sf-menu-scroll">
        <ul className="sf-menu" role="menu">
          {open ? (
            <>
              <Branch node={dashboard} depth={0} activePath={activePath} expanded={expanded} toggle={toggle} />
              {model.sidebar.map((n) => (
                <Branch key={n.menuPath} node={n} depth={0} activePath={activePath} expanded={expanded} toggle={toggle} />
              ))}
            </>
          ) : (
            <>
              <CollapsedEntry node={dashboard} activePath={activePath} />
              {model.sidebar.map((n) => (
                <CollapsedEntry key={n.menuPath} node={n} activePath={activePath} />
              ))}
            </>
          )}
        </ul>
      </nav>
    </aside>
  );
}
