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
