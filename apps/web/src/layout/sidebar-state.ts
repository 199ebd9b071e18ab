import { useSyncExternalStore } from 'react';
import Cookie from 'js-cookie';
import { Cookies } from '@schoolflow/contracts';
import { createStore, useStore } from '../util/store.js';

/** Sidebar open ('1') or collapsed ('0') in the sidebarStatus cookie; open by default (docs/product/shell-and-sign-in.md#sidebar). */
export const sidebarOpenStore = createStore(Cookie.get(Cookies.sidebar) !== '0');

export function useSidebarOpen(): boolean {
  return useStore(sidebarOpenStore);
}

export function toggleSidebar(): void {
  const next = !sidebarOpenStore.get();
  Cookie.set(Cookies.sidebar, next ? '1' : '0', { path: '/' });
  sidebarOpenStore.set(next);
}

/**
 * Below this width the shell is laid out for a phone (docs/product/shell-and-sign-in.md#sidebar): the sidebar leaves the
 * page and opens over it as a drawer. Kept in step with the `max-width: 767px` rules of styles/app.css.
 */
export const PHONE_QUERY = '(max-width: 767px)';

const phoneMedia = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : null;
const subscribePhone = (changed: () => void) => {
  phoneMedia?.addEventListener('change', changed);
  return () => phoneMedia?.removeEventListener('change', changed);
};
const isPhone = () => phoneMedia?.matches ?? false;

/** Whether the window is phone-sized now (the browser's media query says, live as the window turns or resizes). */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribePhone, isPhone, () => false);
}

/**
 * The phone drawer, open or not. Not kept in the cookie: a phone always starts with the page, and the desktop's
 * collapsed/open choice is left as it was.
 */
export const drawerOpenStore = createStore(false);

export function useDrawerOpen(): boolean {
  return useStore(drawerOpenStore);
}

export function toggleDrawer(): void {
  drawerOpenStore.set((open) => !open);
}

export function closeDrawer(): void {
  drawerOpenStore.set(false);
}
