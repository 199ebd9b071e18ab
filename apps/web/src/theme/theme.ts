import Cookie from 'js-cookie';
import { Cookies, THEME_COOKIE_DAYS, THEMES, type ThemeKey } from '@schoolflow/contracts';
import { createStore, useStore } from '../util/store.js';

type Theme = (typeof THEMES)[number];

/** Accepts a theme key ('red') or its body class ('theme-red'); the configured default may use either. */
export function findTheme(value: string | undefined): Theme | undefined {
  if (value === undefined) return undefined;
  return THEMES.find((t) => t.key === value || (t.className !== '' && t.className === value));
}

const DEFAULT_THEME: Theme = THEMES[0];

export const themeStore = createStore<ThemeKey>(DEFAULT_THEME.key);

export function useTheme(): ThemeKey {
  return useStore(themeStore);
}

function apply(theme: Theme): void {
  for (const t of THEMES) if (t.className) document.body.classList.remove(t.className);
  if (theme.className) document.body.classList.add(theme.className);
  document.documentElement.style.setProperty('--sf-theme-color', theme.color);
  themeStore.set(theme.key);
}

/** Start-up: the cookie wins (the cookie stores the body class, empty for green), else the configured default. */
export function initTheme(themeDefault: string): void {
  const cookie = Cookie.get(Cookies.theme);
  const theme = (cookie !== undefined ? (findTheme(cookie) ?? (cookie === '' ? DEFAULT_THEME : undefined)) : undefined)
    ?? findTheme(themeDefault)
    ?? DEFAULT_THEME;
  apply(theme);
}

export function setTheme(key: ThemeKey): void {
  const theme = findTheme(key) ?? DEFAULT_THEME;
  Cookie.set(Cookies.theme, theme.className, { expires: THEME_COOKIE_DAYS, path: '/' });
  apply(theme);
}
