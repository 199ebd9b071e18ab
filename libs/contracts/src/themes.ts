/** The seven themes of docs/product/shell-and-sign-in.md#themes: body class and colour. Green is the default (empty class). */
export const THEMES = [
  { key: 'green', className: '', color: '#32833a' },
  { key: 'red', className: 'theme-red', color: '#5a0001' },
  { key: 'teal-dark', className: 'theme-teal-dark', color: '#032a2f' },
  { key: 'blue', className: 'theme-blue', color: '#2F5ABB' },
  { key: 'purple', className: 'theme-purple', color: '#841f68' },
  { key: 'grey', className: 'theme-grey', color: '#3f4040' },
  { key: 'pink', className: 'theme-pink', color: '#f5878a' },
] as const;
export type ThemeKey = (typeof THEMES)[number]['key'];
export const THEME_COOKIE_DAYS = 10;
export const Cookies = { sidebar: 'sidebarStatus', language: 'language', theme: 'theme' } as const;
export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LOGIN_RESULT_FLAG_KEY = 'loginResultFalse';
