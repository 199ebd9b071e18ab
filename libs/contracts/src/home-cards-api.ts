import { z } from 'zod';
import { Permission, RoleCode } from './permissions.js';

/**
 * 首页卡片管理 (docs/product/administration.md#home-cards, docs/adr/0066-pictures-and-home-cards.md#home-cards): which
 * cards of the home page each role sees, and their order. A role without its own layout has the defaults below; a
 * user sees the union of their roles' cards. Under `/server/api/home-cards`.
 */
export const HOME_CARDS_BASE = '/api/home-cards';

export const homeCardsPath = {
  /** `GET` → `HomeCardKey[]`: my cards, in order. */
  mine: `${HOME_CARDS_BASE}/mine`,
  /** `GET` → `RoleHomeCards`; `PUT` `roleHomeCardsSchema`; `DELETE`: back to the defaults (home_cards:manage). */
  role: (code: string): string => `${HOME_CARDS_BASE}/roles/${encodeURIComponent(code)}`,
} as const;

export const HOME_CARDS_MANAGE_PERMISSION = Permission.homeCardsManage;
/** The page: 首页卡片管理 under 系统管理, for administrators. */
export const HOME_CARDS_PAGE = { url: '/ms/homeCards', permission: HOME_CARDS_MANAGE_PERMISSION, icon: 'th large', sort: 55 } as const;

/** Every card the home page can show, in the catalogue's order (the greeting and the week strip are the page's, not cards). */
export const HOME_CARDS = ['backlog', 'todos', 'otherWork', 'posts', 'pictures'] as const;
export type HomeCardKey = (typeof HOME_CARDS)[number];

/** What a role shows until an administrator sets its own: the home page as it was before cards were configurable, with the carousel. */
export function defaultHomeCards(role: string): HomeCardKey[] {
  return role === RoleCode.student || role === RoleCode.parent ? ['backlog', 'todos', 'otherWork', 'posts', 'pictures'] : ['backlog', 'todos', 'otherWork', 'pictures'];
}

export interface HomeCardSetting {
  card: HomeCardKey;
  enabled: boolean;
}

/** A role's layout: every card of the catalogue once, in order, each shown or not. */
export interface RoleHomeCards {
  role: string;
  cards: HomeCardSetting[];
  /** False: the defaults (nothing saved for the role). */
  custom: boolean;
}

/** A role's cards as the page lists them: its saved layout, or the defaults (enabled first, the rest after, off). */
export function roleLayout(role: string, saved: readonly HomeCardSetting[] | null): HomeCardSetting[] {
  if (saved && saved.length > 0) {
    const known = saved.filter((s) => (HOME_CARDS as readonly string[]).includes(s.card));
    const missing = HOME_CARDS.filter((c) => !known.some((s) => s.card === c)).map((card) => ({ card, enabled: false }));
    return [...known, ...missing];
  }
  const on = defaultHomeCards(role);
  return [...on.map((card) => ({ card, enabled: true })), ...HOME_CARDS.filter((c) => !on.includes(c)).map((card) => ({ card, enabled: false }))];
}

/**
 * A user's cards: the union of their roles' enabled cards; a card's place is its best (lowest) place among the roles
 * that show it, ties by the catalogue's order. A user with no role sees the defaults of none (the staff's).
 */
export function homeCardsFor(roles: readonly string[], layouts: ReadonlyMap<string, readonly HomeCardSetting[]>): HomeCardKey[] {
  const best = new Map<HomeCardKey, number>();
  for (const role of roles.length > 0 ? roles : ['']) {
    const enabled = roleLayout(role, layouts.get(role) ?? null).filter((s) => s.enabled);
    enabled.forEach((s, i) => best.set(s.card, Math.min(best.get(s.card) ?? Infinity, i)));
  }
  return [...best.entries()].sort((a, b) => a[1] - b[1] || HOME_CARDS.indexOf(a[0]) - HOME_CARDS.indexOf(b[0])).map(([card]) => card);
}

export const roleHomeCardsSchema = z
  .object({
    cards: z
      .array(z.object({ card: z.enum(HOME_CARDS, { error: 'pictures.validation.cardUnknown' }), enabled: z.boolean({ error: 'validation.invalid' }) }), { error: 'pictures.validation.cardsRequired' })
      .min(1, 'pictures.validation.cardsRequired')
      .max(HOME_CARDS.length, 'pictures.validation.cardTwice'),
  })
  .refine((v) => new Set(v.cards.map((c) => c.card)).size === v.cards.length, { message: 'pictures.validation.cardTwice', path: ['cards'] });
export type RoleHomeCardsInput = z.input<typeof roleHomeCardsSchema>;
