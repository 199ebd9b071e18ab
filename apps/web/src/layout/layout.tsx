import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Icon } from 'semantic-ui-react';
import type { PermissionInfo } from '@schoolflow/contracts';
import { useAppConfig } from '../config/app-config.js';
import { useT } from '../i18n/use-t.js';
import { LangSwitch } from '../components/lang-switch.js';
import { resolveRoute, titleOf, type MenuModel } from '../router/menu-model.js';
import { hasView, takesParam } from '../router/view-registry.js';
import { AppMain } from './app-main.js';
import { Breadcrumbs } from './breadcrumbs.js';
import { FullscreenToggle } from './fullscreen-toggle.js';
import { HeaderLinks } from './header-links.js';
import { Sidebar } from './sidebar.js';
import { closeDrawer, toggleDrawer, toggleSidebar, useDrawerOpen, usePhoneLayout, useSidebarOpen } from './sidebar-state.js';
import { TabsBar } from './tabs-bar.js';
import { ThemePicker } from './theme-picker.js';
import { UserMenu } from './user-menu.js';
import { MessageBell } from './message-bell.js';
import { MessageDialog } from '../messages/message-dialog.js';
import { realtime } from '../realtime/realtime-client.js';
import { visitTab } from './tabs-store.js';

/** Sidebar, top bar, tabs and the page (docs/product/shell-and-sign-in.md#layout). */
export default function Layout({ info, model }: { info: PermissionInfo; model: MenuModel }) {
  const location = useLocation();
  const open = useSidebarOpen();
  const phone = usePhoneLayout();
  const drawerOpen = useDrawerOpen() && phone;
  const config = useAppConfig();
  const { t, lang } = useT();
  const resolution = resolveRoute(model, location.pathname, hasView, takesParam);
  const entry = resolution.kind === 'page' ? resolution.entry : null;

  useEffect(() => {
    if (entry) visitTab(model.dashboard, entry, location.search);
  }, [entry, model.dashboard, location.search]);

  // One socket for the signed-in session: opened once permissions are loaded, closed when the shell goes.
  const account = info.userInfo.userId;
  useEffect(() => {
    realtime.connect(account);
    return () => realtime.disconnect();
  }, [account]);

  // On a phone the drawer closes once one has gone somewhere (a menu item, a tab, back), and when the window grows out
  // of phone size: the page is what one came for.
  useEffect(() => {
    closeDrawer();
  }, [location.pathname, location.search, phone]);
  useEffect(() => {
    if (!drawerOpen) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeDrawer();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  useEffect(() => {
    const site = config.TITLE || t('app.name');
    document.title = entry ? `${titleOf(entry, lang)} - ${site}` : site;
  }, [entry, lang, config.TITLE, t]);

  if (resolution.kind === 'redirect') return <Navigate to={resolution.to} replace />;
  if (!entry) return <Navigate to="/404" replace />;

  return (
    <div className={`sf-app ${phone ? 'sf-phone' : open ? '' : 'sf-collapsed'}`} data-testid="app-layout">
      <Sidebar model={model} activePath={entry.path} phone={phone} drawerOpen={drawerOpen} />
      {drawerOpen ? <div className="sf-drawer-mask" aria-hidden onClick={closeDrawer} data-testid="sidebar-mask" /> : null}
      <div className="sf-main">
        <header className="sf-header">
          <div className="sf-navbar">
            <button
              type="button"
              className="sf-nav-btn sf-hamburger"
              title={t('navbar.toggleSidebar')}
              aria-label={t('navbar.toggleSidebar')}
              aria-expanded={phone ? drawerOpen : open}
              data-testid="sidebar-toggle"
              onClick={phone ? toggleDrawer : toggleSidebar}
            >
              <Icon name={phone ? 'bars' : open ? 'outdent' : 'indent'} />
            </button>
            <Breadcrumbs entry={entry} dashboard={model.dashboard} />
            <div className="sf-navbar-right">
              <HeaderLinks links={model.headerLinks} />
              <FullscreenToggle />
              <MessageBell />
              <LangSwitch className="sf-nav-lang" />
              <ThemePicker />
              <UserMenu info={info} />
            </div>
          </div>
          <TabsBar activePath={entry.path} />
        </header>
        <main className="sf-content">
          <AppMain entry={entry} />
        </main>
        <MessageDialog />
      </div>
    </div>
  );
}
