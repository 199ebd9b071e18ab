import type { SemanticICONS } from 'semantic-ui-react';
// semantic-ui-react's own list of icon names (icons.css and its aliases); the package exports it only here.
import { ICONS_AND_ALIASES } from 'semantic-ui-react/dist/es/lib/SUI.js';

/**
 * Menus carry semantic-ui icon names ('bell outline', 'file alternate outline', 'tasks', …) or legacy names
 * (element-ui `el-icon-*`, svg-icon names). A semantic-ui name is used as it is; a legacy name maps to a semantic
 * icon through the aliases below; anything else falls back to a neutral glyph so a menu never shows a blank.
 */
export const LEGACY_ICON_ALIASES: Readonly<Record<string, SemanticICONS>> = {
  dashboard: 'home',
  home: 'home',
  user: 'user',
  people: 'users',
  peoples: 'users',
  users: 'users',
  setting: 'setting',
  settings: 'setting',
  system: 'setting',
  lock: 'lock',
  password: 'lock',
  security: 'shield alternate',
  shield: 'shield alternate',
  log: 'file alternate outline',
  logs: 'file alternate outline',
  history: 'history',
  audit: 'history',
  documentation: 'book',
  doc: 'book',
  docs: 'book',
  api: 'code',
  code: 'code',
  list: 'list',
  menu: 'sitemap',
  tree: 'sitemap',
  message: 'envelope outline',
  email: 'envelope outline',
  bell: 'bell outline',
  chart: 'chart bar outline',
  monitor: 'desktop',
  server: 'server',
  calendar: 'calendar alternate outline',
  date: 'calendar alternate outline',
  edit: 'edit outline',
  form: 'wpforms',
  table: 'table',
  star: 'star outline',
  search: 'search',
  school: 'graduation cap',
  education: 'graduation cap',
  book: 'book',
  personal: 'id card outline',
  account: 'id card outline',
  dict: 'book',
  role: 'user secret',
  org: 'sitemap',
  tool: 'wrench',
  link: 'linkify',
  guide: 'compass outline',
  clipboard: 'clipboard outline',
  task: 'tasks',
  tasks: 'tasks',
};

const SEMANTIC_NAMES: ReadonlySet<string> = new Set(ICONS_AND_ALIASES);
/** Every name a menu's icon may take, once each (the demo's icon page lists them). */
export const SEMANTIC_ICON_NAMES: readonly string[] = [...SEMANTIC_NAMES];

function isSemanticIcon(name: string): name is SemanticICONS {
  return SEMANTIC_NAMES.has(name);
}

export function menuIcon(raw: string | undefined, group: boolean): SemanticICONS {
  const name = (raw ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  const legacy = name.replace(/^el-icon-/, '').replace(/^icon-/, '');
  return LEGACY_ICON_ALIASES[legacy] ?? (isSemanticIcon(name) ? name : group ? 'folder outline' : 'file outline');
}
