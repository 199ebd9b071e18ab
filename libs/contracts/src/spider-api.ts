import { z } from 'zod';
import { audienceSchema } from './posts-api.js';
import { isUuid } from './schemas.js';

/**
 * 栏目采集 (view stem `spiderColumn`; docs/product/publishing.md#columns-from-other-sites, docs/adr/0067-spider-columns.md):
 * a column of another site's pages (the education bureau's notices) collected into posts of publishing — a source page,
 * CSS selectors for its list items and their title, link and date, optionally the article's content; the kind and
 * audience to publish as; review first or publish automatically; by hand or every N hours. Under
 * `/server/api/spider-columns`, for those holding `spider:manage`.
 */
export const SPIDER_BASE = '/api/spider-columns';

export const spiderPath = {
  /** `GET` → `SpiderColumn[]`; `POST` `spiderColumnInputSchema` → `SpiderColumn`. */
  columns: SPIDER_BASE,
  /** `GET` → `SpiderColumnDetail` (with its last runs); `PUT` `spiderColumnInputSchema` → `SpiderColumn`; `DELETE`. */
  column: (id: string): string => `${SPIDER_BASE}/${id}`,
  /** `POST` `spiderTrySchema` → `SpiderPreview`: fetches once, saves nothing (the form's "try the selectors"). */
  tryOut: `${SPIDER_BASE}/try`,
  /** `POST` → `SpiderRunStarted`: a collection as a job, its progress pushed as `job.progress` (kind SPIDER_JOB). */
  run: (id: string): string => `${SPIDER_BASE}/${id}/run`,
  /** `GET` `spiderItemQuerySchema` → `SpiderItemPage`. */
  items: (id: string): string => `${SPIDER_BASE}/${id}/items`,
  /** `POST` → `SpiderItem`: published as a post of the column's kind and audience, through publishing's own use case. */
  publishItem: (itemId: string): string => `${SPIDER_BASE}/items/${itemId}/publish`,
  /** `POST` → `SpiderItem`: left aside (not published). */
  ignoreItem: (itemId: string): string => `${SPIDER_BASE}/items/${itemId}/ignore`,
} as const;

/** Managing columns, trying them, running them and deciding their items. */
export const SPIDER_MANAGE_PERMISSION = 'spider:manage';
/** The page (menu 信息发布 → 栏目采集). */
export const SPIDER_PAGE = { url: '/spiderColumn', permission: SPIDER_MANAGE_PERMISSION, icon: 'rss', sort: 8 } as const;
/** A collection's job (`sys_job` kind), its `job.progress` pushes too. */
export const SPIDER_JOB = 'spider-run';

/** The kinds a column may publish as: those that take any audience and need no field of their own. */
export const SPIDER_POST_KINDS = ['notice', 'activity'] as const;
export type SpiderPostKind = (typeof SPIDER_POST_KINDS)[number];
/** `review`: collected items wait for an editor; `auto`: each new item is published as it is collected. */
export const SPIDER_MODES = ['review', 'auto'] as const;
export type SpiderMode = (typeof SPIDER_MODES)[number];
export const SPIDER_ITEM_STATES = ['pending', 'published', 'ignored'] as const;
export type SpiderItemState = (typeof SPIDER_ITEM_STATES)[number];
/** The intervals the form offers (hours); null: collected by hand only. The schema takes any whole number 1–720. */
export const SPIDER_INTERVALS = [1, 2, 6, 12, 24, 72, 168] as const;

export const SPIDER_LIMITS = {
  name: 50,
  url: 2000,
  selector: 200,
  /** Items a page yields at most (the rest are left for the next run). */
  items: 100,
  /** Articles the dry run opens for their content (the first ones). */
  previewArticles: 3,
  intervalHours: 720,
} as const;

const text = (max: number, required: string) =>
  z
    .string({ error: required })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, required).max(max, 'validation.tooLong'));
const optionalSelector = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v) || null,
  z.string({ error: 'validation.invalid' }).max(SPIDER_LIMITS.selector, 'validation.tooLong').nullable(),
);
const selectorWithDefault = z.preprocess((v) => (typeof v === 'string' ? v.trim() : v) || 'a', z.string({ error: 'validation.invalid' }).max(SPIDER_LIMITS.selector, 'validation.tooLong'));

/** An absolute http or https address (what the fetcher takes; where it points is checked when fetched). */
export function isWebAddress(raw: string): boolean {
  try {
    const u = new URL(raw);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' && u.username === '' && u.password === '';
  } catch {
    return false;
  }
}

const sourceUrl = z
  .string({ error: 'publishing.columns.validation.urlInvalid' })
  .transform((s) => s.trim())
  .pipe(z.string().max(SPIDER_LIMITS.url, 'validation.tooLong').refine(isWebAddress, 'publishing.columns.validation.urlInvalid'));

/** What a dry run needs: where to fetch and what to pick out. */
export const spiderTrySchema = z.object({
  sourceUrl,
  listSelector: text(SPIDER_LIMITS.selector, 'publishing.columns.validation.listSelectorRequired'),
  titleSelector: selectorWithDefault,
  linkSelector: selectorWithDefault,
  dateSelector: optionalSelector,
  contentSelector: optionalSelector,
});
export type SpiderTryBody = z.infer<typeof spiderTrySchema>;

export const spiderColumnInputSchema = spiderTrySchema.extend({
  name: text(SPIDER_LIMITS.name, 'publishing.columns.validation.nameRequired'),
  kind: z.enum(SPIDER_POST_KINDS, { error: 'validation.invalid' }),
  audience: audienceSchema,
  mode: z.enum(SPIDER_MODES, { error: 'validation.invalid' }),
  /** Every this many hours, or null: by hand only. */
  intervalHours: z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
    z.number({ error: 'publishing.columns.validation.intervalInvalid' }).int('publishing.columns.validation.intervalInvalid').min(1, 'publishing.columns.validation.intervalInvalid').max(SPIDER_LIMITS.intervalHours, 'publishing.columns.validation.intervalInvalid').nullable(),
  ),
  enabled: z.boolean({ error: 'validation.invalid' }).default(true),
});
export type SpiderColumnValues = z.input<typeof spiderColumnInputSchema>;
export type SpiderColumnBody = z.infer<typeof spiderColumnInputSchema>;

export const spiderItemQuerySchema = z.object({
  state: z.enum([...SPIDER_ITEM_STATES, 'all'], { error: 'validation.invalid' }).default('pending'),
  current: z.coerce.number({ error: 'validation.invalid' }).int().min(1).default(1),
  size: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(100).default(20),
});
export type SpiderItemQuery = z.infer<typeof spiderItemQuerySchema>;

export const isSpiderId = (id: string): boolean => isUuid(id);

/** One item as a page yields it (a dry run's, or one collected). */
export interface SpiderExtracted {
  title: string;
  /** Absolute. */
  url: string;
  /** The date text the date selector found, as the page writes it (null: none). */
  date: string | null;
}

/** A problem of a run or a dry run, in the caller's language: with the item's address when it is about one. */
export interface SpiderProblem {
  url: string | null;
  message: string;
}

export interface SpiderPreview {
  /** Where the list was read in the end (after redirects) and the charset it was decoded with. */
  url: string;
  charset: string;
  /** Items the list selector found (the preview lists the first SPIDER_LIMITS.items of those with a link). */
  found: number;
  items: (SpiderExtracted & { content: string | null })[];
  problems: SpiderProblem[];
}

export interface SpiderRun {
  id: string;
  trigger: 'manual' | 'schedule';
  state: 'running' | 'completed' | 'failed';
  found: number;
  added: number;
  /** Items published automatically by this run. */
  published: number;
  problems: SpiderProblem[];
  /** The run's own failure (the page could not be read), in the caller's language. */
  failure: string | null;
  startedAt: string;
  finishedAt: string | null;
}

export interface SpiderColumn {
  id: string;
  name: string;
  sourceUrl: string;
  listSelector: string;
  titleSelector: string;
  linkSelector: string;
  dateSelector: string | null;
  contentSelector: string | null;
  kind: SpiderPostKind;
  audience: z.infer<typeof audienceSchema>;
  mode: SpiderMode;
  intervalHours: number | null;
  enabled: boolean;
  /** Items waiting for a decision. */
  pending: number;
  lastRun: SpiderRun | null;
  /** When the sweep runs it next (enabled with an interval only). */
  nextRunAt: string | null;
  updatedAt: string;
}

export interface SpiderColumnDetail extends SpiderColumn {
  runs: SpiderRun[];
}

export interface SpiderItem {
  id: string;
  columnId: string;
  title: string;
  url: string;
  date: string | null;
  /** Sanitised HTML of the article's content (null: no content selector, or it found nothing). */
  content: string | null;
  state: SpiderItemState;
  postId: string | null;
  collectedAt: string;
}

export interface SpiderItemPage {
  total: number;
  list: SpiderItem[];
}

export interface SpiderRunStarted {
  jobId: string;
  runId: string;
}

/** `job.progress`'s result of a collection (kind SPIDER_JOB). */
export interface SpiderRunProgress {
  runId: string;
  found: number;
  added: number;
  published: number;
}
