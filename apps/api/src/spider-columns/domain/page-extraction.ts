import { compile, selectAll as cssSelectAll, selectOne as cssSelectOne } from 'css-select';
import type { AnyNode, Element } from 'domhandler';
import { getAttributeValue, getInnerHTML, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { SPIDER_LIMITS, type SpiderExtracted } from '@schoolflow/contracts';
import { sanitisePostHtml } from '../../publishing/domain/html-sanitiser.js';

/**
 * Reading a column's pages (docs/adr/0067-spider-columns.md#extraction), pure: the charset a page is written in, the
 * items its list holds (title, absolute link, date) by the column's CSS selectors, and an article's content — its
 * links and pictures made absolute, then sanitised as a post's body is. htmlparser2 parses, css-select selects.
 */

export interface Selectors {
  listSelector: string;
  titleSelector: string;
  linkSelector: string;
  dateSelector: string | null;
}

/** Which selector field is not CSS (the form names it), or null. */
export function invalidSelector(fields: Record<string, string | null>): string | null {
  for (const [field, selector] of Object.entries(fields)) {
    if (selector === null) continue;
    try {
      compile(selector);
    } catch {
      return field;
    }
  }
  return null;
}

/** The charset label of a `Content-Type` header (`text/html; charset=GBK` → `gbk`), or null. */
export function headerCharset(contentType: string | undefined): string | null {
  const m = /charset\s*=\s*["']?([A-Za-z0-9._:-]+)/i.exec(contentType ?? '');
  return m?.[1] ? m[1].toLowerCase() : null;
}

/** The charset a page declares in its first bytes: `<meta charset>` or the `http-equiv` form; null when it says none. */
export function metaCharset(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('latin1');
  const direct = /<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)/i.exec(head);
  return direct?.[1] ? direct[1].toLowerCase() : null;
}

/** The page as text: the header's charset, else the page's own `<meta>`, else a BOM, else UTF-8 (an unknown label: UTF-8). */
export function decodePage(bytes: Uint8Array, contentType: string | undefined): { text: string; charset: string } {
  let label = headerCharset(contentType) ?? metaCharset(bytes);
  if (!label && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) label = 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return { text: decoder.decode(bytes), charset: decoder.encoding };
}

/** An address relative to `base` made absolute (http and https only), or null. */
export function absoluteUrl(href: string | null | undefined, base: string): string | null {
  const raw = (href ?? '').trim();
  if (raw === '' || raw.startsWith('#') || /^(javascript|mailto|data|vbscript):/i.test(raw)) return null;
  try {
    const u = new URL(raw, base);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    u.hash = '';
    return u.href;
  } catch {
    return null;
  }
}

/** css-select over htmlparser2's nodes, its elements typed as such. */
const selectAll = (query: string, within: AnyNode | AnyNode[]): Element[] => cssSelectAll<AnyNode, Element>(query, within);
const selectOne = (query: string, within: AnyNode | AnyNode[]): Element | null => cssSelectOne<AnyNode, Element>(query, within);

const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** The element itself when it matches, else its first descendant that does. */
function pick(selector: string, within: Element): Element | null {
  try {
    const self = selectAll(selector, [within]).find((e) => e === within);
    return self ?? selectOne(selector, within.children);
  } catch {
    return null;
  }
}

export interface ListExtraction {
  /** Elements the list selector matched. */
  found: number;
  items: SpiderExtracted[];
  /** Matches without a usable link (their index, from 1). */
  withoutLink: number[];
}

/**
 * The list's items: each element the list selector matches gives one item — its link (`href` of the link selector's
 * element, made absolute), its title (the title selector's text, else the link's `title` or text), its date text.
 * The same link twice is one item; at most SPIDER_LIMITS.items.
 */
export function extractList(html: string, pageUrl: string, s: Selectors): ListExtraction {
  const doc = parseDocument(html);
  const rows = selectAll(s.listSelector, doc);
  const items: SpiderExtracted[] = [];
  const withoutLink: number[] = [];
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const link = pick(s.linkSelector, row);
    const url = link ? absoluteUrl(getAttributeValue(link, 'href'), pageUrl) : null;
    if (!url) {
      withoutLink.push(i + 1);
      return;
    }
    if (seen.has(url) || items.length >= SPIDER_LIMITS.items) return;
    seen.add(url);
    const titleEl = pick(s.titleSelector, row);
    const title = squash((titleEl ? getAttributeValue(titleEl, 'title') || textContent(titleEl) : '') || (link ? getAttributeValue(link, 'title') || textContent(link) : '')).slice(0, 100);
    const dateEl = s.dateSelector ? pick(s.dateSelector, row) : null;
    const date = dateEl ? squash(textContent(dateEl)).slice(0, 40) || null : null;
    items.push({ title: title || url.slice(0, 100), url, date });
  });
  return { found: rows.length, items, withoutLink };
}

/** Links and pictures of a fragment made absolute against the article's address (before sanitising drops what is not). */
function absolutise(nodes: AnyNode[], base: string): void {
  for (const el of selectAll('a[href], img[src]', nodes)) {
    const attr = el.name === 'img' ? 'src' : 'href';
    const abs = absoluteUrl(el.attribs[attr], base);
    if (abs) el.attribs[attr] = abs;
    else delete el.attribs[attr];
  }
}

/** The body a post may carry at most, with room for the source line. */
const CONTENT_MAX = 90_000;

/**
 * An article's content: the first element the content selector matches, its links and pictures absolute, sanitised as
 * a post's body (no script, style, frame, handler or `javascript:`). Null when the selector finds nothing or it says
 * nothing once sanitised.
 */
export function extractContent(html: string, pageUrl: string, selector: string): string | null {
  const doc = parseDocument(html);
  const el = selectOne(selector, doc);
  if (!el) return null;
  absolutise([el], pageUrl);
  const clean = sanitisePostHtml(getInnerHTML(el).slice(0, CONTENT_MAX));
  return clean === '' ? null : clean;
}
