import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Icon } from 'semantic-ui-react';
import { useT } from '../i18n/use-t.js';
import { titleOf } from '../router/menu-model.js';
import { useStore } from '../util/store.js';
import { closeAllTabs, closeOtherTabs, closeTab, tabsStore, type TabView } from './tabs-store.js';

interface ContextMenu {
  tab: TabView;
  x: number;
  y: number;
}

/** Browser-like tabs of the visited pages (docs/product/shell-and-sign-in.md#tabs). */
export function TabsBar({ activePath }: { activePath: string }) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const tabs = useStore(tabsStore);
  const scroller = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<ContextMenu | null>(null);

  // Keep the active tab in view.
  useEffect(() => {
    const el = scroller.current?.querySelector<HTMLElement>('.sf-tab.active');
    el?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [activePath, tabs.length]);

  // Any click or scroll elsewhere closes the context menu.
  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    window.addEventListener('click', close);
    window.addEventListener('scroll', close, true);
    return () => {
      window.removeEventListener('click', close);
      window.removeEventListener('scroll', close, true);
    };
  }, [menu]);

  /** After closing the active tab, go to the last remaining tab, or home when none remains. */
  const afterClose = (remaining: TabView[], closedActive: boolean) => {
    if (!closedActive) return;
    const last = remaining[remaining.length - 1];
    void navigate(last ? last.path + last.search : '/');
  };

  const close = (tab: TabView) => afterClose(closeTab(tab.path), tab.path === activePath);
  const closeOthers = (tab: TabView) => {
    closeOtherTabs(tab.path);
    if (tab.path !== activePath) void navigate(tab.path + tab.search);
  };
  const closeAll = () => afterClose(closeAllTabs(), true);

  const openMenu = (e: MouseEvent, tab: TabView) => {
    if (tab.fixed) return; // the home tab has no context menu
    e.preventDefault();
    setMenu({ tab, x: e.clientX, y: e.clientY });
  };

  const scroll = (dx: number) => scroller.current?.scrollBy({ left: dx, behavior: 'smooth' });

  return (
    <div className="sf-tabs" data-testid="tabs-bar">
      <button type="button" className="sf-tabs-arrow" title={t('tabs.scrollLeft')} aria-label={t('tabs.scrollLeft')} data-testid="tabs-scroll-left" onClick={() => scroll(-240)}>
        <Icon name="angle left" />
      </button>
      <div className="sf-tabs-scroll" ref={scroller} role="tablist">
        {tabs.map((tab) => {
          const active = tab.path === activePath;
          return (
            <div
              key={tab.path}
              role="tab"
              tabIndex={0}
              aria-selected={active}
              className={`sf-tab ${active ? 'active' : ''} ${tab.fixed ? 'fixed' : ''}`}
              data-testid={`tab-${tab.path}`}
              onClick={() => void navigate(tab.path + tab.search)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void navigate(tab.path + tab.search);
              }}
              onContextMenu={(e) => openMenu(e, tab)}
              onAuxClick={(e) => {
                if (e.button === 1 && !tab.fixed) close(tab); // middle click closes, as in browsers
              }}
            >
              <span className="sf-tab-dot" aria-hidden />
              <span className="sf-tab-title">{titleOf(tab.entry, lang)}</span>
              {tab.fixed ? null : (
                <button
                  type="button"
                  className="sf-tab-close"
                  aria-label={t('tabs.closeThis')}
                  data-testid={`tab-close-${tab.path}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    close(tab);
                  }}
                >
                  <Icon name="close" />
                </button>
              )}
            </div>
          );
        })}
      </div>
      <button type="button" className="sf-tabs-arrow" title={t('tabs.scrollRight')} aria-label={t('tabs.scrollRight')} data-testid="tabs-scroll-right" onClick={() => scroll(240)}>
        <Icon name="angle right" />
      </button>
      {menu ? (
        <ul className="sf-contextmenu" style={{ left: menu.x, top: menu.y }} role="menu" data-testid="tabs-context-menu">
          <li role="menuitem" data-testid="tabs-context-close-this" onClick={() => close(menu.tab)}>
            <Icon name="close" /> {t('tabs.closeThis')}
          </li>
          <li role="menuitem" data-testid="tabs-context-close-others" onClick={() => closeOthers(menu.tab)}>
            <Icon name="minus square outline" /> {t('tabs.closeOthers')}
          </li>
          <li role="menuitem" data-testid="tabs-context-close-all" onClick={closeAll}>
            <Icon name="window close outline" /> {t('tabs.closeAll')}
          </li>
        </ul>
      ) : null}
    </div>
  );
}
