import { z } from 'zod';
import { Permission } from './permissions.js';
import { POST_KINDS } from './posts-api.js';
import { uuidText } from './schemas.js';

/**
 * 自定义页面 (docs/product/office.md#custom-pages, docs/adr/0056-custom-pages.md): an editor (`pages:manage`) builds a
 * page of cards on a 12-column grid, saves it (the previous layouts kept to revert to) and attaches it to a menu
 * flagged custom (remark `sfzdy` = '1') whose parameter (`zdycs`) is the page's id; the shell's route
 * `{menuurl}/{zdycs}` then shows it to the roles holding that menu. Under `/server/api/pages`.
 */
export const PAGES_BASE = '/api/pages';

export const pagesPath = {
  /** `GET` → `CustomPageSummary[]` (pages:manage); `POST` `pageNameSchema` → `CustomPageSummary`. */
  all: PAGES_BASE,
  /** `GET` → `CustomPage` (an editor, or a user whose role has a menu carrying the published page); `DELETE` (pages:manage). */
  one: (id: string): string => `${PAGES_BASE}/${id}`,
  /** `PUT` `pageNameSchema` → `CustomPageSummary`: rename. */
  name: (id: string): string => `${PAGES_BASE}/${id}/name`,
  /** `PUT` `pageLayoutInputSchema` → `CustomPage`: save the layout (the one it replaces kept as a version). */
  layout: (id: string): string => `${PAGES_BASE}/${id}/layout`,
  /** `PUT` `pagePublishSchema` → `CustomPageSummary`: publish or take back. */
  publish: (id: string): string => `${PAGES_BASE}/${id}/publish`,
  /** `GET` → `CustomPageVersion[]`: the kept layouts, newest first. */
  versions: (id: string): string => `${PAGES_BASE}/${id}/versions`,
  /** `POST` → `CustomPage`: make a kept layout the current one (the current one kept in turn). */
  revert: (id: string, version: number): string => `${PAGES_BASE}/${id}/versions/${version}/revert`,
  /** `GET` → `ChartData`: a chart card's named server source (anyone signed in; counts only). */
  source: (name: string): string => `${PAGES_BASE}/sources/${name}`,
} as const;

/** Building, saving, publishing and deleting pages: administrators. */
export const PAGES_MANAGE_PERMISSION = Permission.pagesManage;

/** The three pages of the shell's stem `customPages` (docs/adr/0056-custom-pages.md#routes). */
export const CUSTOM_PAGES_GROUP = { url: '/customPages', permission: 'menu:custom_pages', icon: 'object group outline', sort: 95 } as const;
export const CUSTOM_PAGES = [
  { key: 'manager', url: '/customPages/pageMangger', permission: PAGES_MANAGE_PERMISSION, icon: 'clone outline', sort: 1, hidden: false },
  { key: 'editor', url: '/customPages/drag_layout', permission: PAGES_MANAGE_PERMISSION, icon: 'th', sort: 2, hidden: true },
  { key: 'preview', url: '/customPages/page_view', permission: PAGES_MANAGE_PERMISSION, icon: 'eye', sort: 3, hidden: true },
] as const;
/** The view a menu flagged custom shows its page with: `{this}/{page id}`. */
export const PAGE_VIEW_URL = '/customPages/page_view';

export const PAGE_LIMITS = { nameMax: 30, cards: 24, cols: 12, rowsMax: 200, heightMax: 20, titleMax: 50, textMax: 5000, links: 10, labelMax: 50, urlMax: 300, altMax: 100, postsMax: 10, versionsKept: 10 } as const;

export const CARD_KINDS = ['text', 'picture', 'links', 'posts', 'chart', 'calendar'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/** The chart card's named server sources (docs/adr/0056-custom-pages.md#chart-source). */
export const CHART_SOURCES = ['leave-week'] as const;
export type ChartSource = (typeof CHART_SOURCES)[number];
export const CHART_TYPES = ['bar', 'line'] as const;

/** A card's size when it is first put on the grid. */
export const CARD_DEFAULT_SIZE: Record<CardKind, { w: number; h: number }> = {
  text: { w: 4, h: 3 },
  picture: { w: 4, h: 4 },
  links: { w: 3, h: 3 },
  posts: { w: 4, h: 4 },
  chart: { w: 6, h: 5 },
  calendar: { w: 6, h: 7 },
};

const int = (min: number, max: number) => z.number({ error: 'pages.validation.gridInvalid' }).int('pages.validation.gridInvalid').min(min, 'pages.validation.gridInvalid').max(max, 'pages.validation.gridInvalid');
const title = z.string({ error: 'pages.validation.titleTooLong' }).trim().max(PAGE_LIMITS.titleMax, 'pages.validation.titleTooLong').default('');

/** A link is a web address or an address of this app (`/…`, not `//…`): never `javascript:` and the like. */
export function isSafeLink(url: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(url) || /^\/(?!\/)[^\s]*$/.test(url);
}

const grid = {
  /** The card's key on the grid (made by the editor). */
  i: z.string({ error: 'pages.validation.gridInvalid' }).regex(/^[a-z0-9-]{1,40}$/, 'pages.validation.gridInvalid'),
  x: int(0, PAGE_LIMITS.cols - 1),
  y: int(0, PAGE_LIMITS.rowsMax),
  w: int(1, PAGE_LIMITS.cols),
  h: int(1, PAGE_LIMITS.heightMax),
  title,
};

export const cardSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ ...grid, kind: z.literal('text'), html: z.string({ error: 'pages.validation.textTooLong' }).max(PAGE_LIMITS.textMax, 'pages.validation.textTooLong').default('') }),
    z.object({ ...grid, kind: z.literal('picture'), resId: uuidText().nullable().default(null), alt: z.string().trim().max(PAGE_LIMITS.altMax, 'pages.validation.altTooLong').default('') }),
    z.object({
      ...grid,
      kind: z.literal('links'),
      items: z
        .array(
          z.object({
            label: z.string({ error: 'pages.validation.labelRequired' }).trim().min(1, 'pages.validation.labelRequired').max(PAGE_LIMITS.labelMax, 'pages.validation.labelTooLong'),
            url: z.string({ error: 'pages.validation.urlInvalid' }).trim().max(PAGE_LIMITS.urlMax, 'pages.validation.urlInvalid').refine(isSafeLink, 'pages.validation.urlInvalid'),
          }),
        )
        .max(PAGE_LIMITS.links, 'pages.validation.tooManyLinks')
        .default([]),
    }),
    z.object({ ...grid, kind: z.literal('posts'), postKind: z.enum(POST_KINDS, { error: 'validation.postKindInvalid' }).default('notice'), size: int(1, PAGE_LIMITS.postsMax).default(5) }),
    z.object({ ...grid, kind: z.literal('chart'), source: z.enum(CHART_SOURCES, { error: 'pages.validation.sourceUnknown' }).default('leave-week'), chartType: z.enum(CHART_TYPES, { error: 'pages.validation.sourceUnknown' }).default('bar') }),
    z.object({ ...grid, kind: z.literal('calendar') }),
  ],
  { error: 'pages.validation.cardKindUnknown' },
);
export type CardInput = z.input<typeof cardSchema>;
export type Card = z.output<typeof cardSchema>;

/** Cards may not sit over each other: two rectangles of the grid overlap. */
export function cardsOverlap(a: Pick<Card, 'x' | 'y' | 'w' | 'h'>, b: Pick<Card, 'x' | 'y' | 'w' | 'h'>): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** The layout JSON: its cards, each inside the 12 columns, keys unique, none over another. */
export const pageLayoutSchema = z
  .object({ cards: z.array(cardSchema, { error: 'pages.validation.gridInvalid' }).max(PAGE_LIMITS.cards, 'pages.validation.tooManyCards') })
  .superRefine((layout, ctx) => {
    const keys = new Set<string>();
    layout.cards.forEach((card, index) => {
      if (card.x + card.w > PAGE_LIMITS.cols) ctx.addIssue({ code: 'custom', path: ['cards', index, 'w'], message: 'pages.validation.gridInvalid' });
      if (keys.has(card.i)) ctx.addIssue({ code: 'custom', path: ['cards', index, 'i'], message: 'pages.validation.gridInvalid' });
      keys.add(card.i);
      for (let j = 0; j < index; j++) {
        const other = layout.cards[j];
        if (other && cardsOverlap(card, other)) ctx.addIssue({ code: 'custom', path: ['cards', index], message: 'pages.validation.cardsOverlap' });
      }
    });
  });
export type PageLayoutInput = z.input<typeof pageLayoutSchema>;
export type PageLayout = z.output<typeof pageLayoutSchema>;

/** Saving: the layout and the version it was edited from (a save over someone else's newer one is refused). */
export const pageLayoutInputSchema = z.object({ layout: pageLayoutSchema, baseVersion: z.number({ error: 'pages.validation.gridInvalid' }).int().min(0) });
export type PageLayoutSave = z.output<typeof pageLayoutInputSchema>;

export const pageNameSchema = z.object({
  name: z.string({ error: 'pages.validation.nameRequired' }).trim().min(1, 'pages.validation.nameRequired').max(PAGE_LIMITS.nameMax, 'pages.validation.nameTooLong'),
});
export type PageNameInput = z.infer<typeof pageNameSchema>;

export const pagePublishSchema = z.object({ published: z.boolean({ error: 'validation.invalid' }) });
export type PagePublishInput = z.infer<typeof pagePublishSchema>;

/** A menu that carries a page (custom flag, the page's id as parameter), as the manager lists it. */
export interface PageMenuRef {
  id: string;
  name: string;
  nameEn: string;
  home: boolean;
}

export interface CustomPageSummary {
  id: string;
  name: string;
  published: boolean;
  version: number;
  cards: number;
  menus: PageMenuRef[];
  updatedAt: string;
  updatedBy: string | null;
}

export interface CustomPage {
  id: string;
  name: string;
  published: boolean;
  version: number;
  layout: PageLayout;
  /** Whether the reader may edit it (the editor's buttons). */
  editable: boolean;
  updatedAt: string;
}

export interface CustomPageVersion {
  version: number;
  cards: number;
  savedAt: string;
  savedBy: string | null;
}

/** A chart source's answer: labels (ISO dates for `leave-week`) and one series of counts. */
export interface ChartData {
  source: ChartSource;
  labels: string[];
  values: number[];
}
