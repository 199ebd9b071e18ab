import sanitizeHtml from 'sanitize-html';
import { sanitisePostHtml } from '../../publishing/domain/html-sanitiser.js';
import { tsvectorText } from './cjk-search.js';
import type { ArticleWrite } from './knowledge.repository.js';

/** Elements after which the words of one block stop and the next begin (no bigram, no phrase across them). */
const BLOCK_END = /<\/(?:p|h[1-6]|li|blockquote|pre|tr|td|th|ul|ol|table)>|<br\s*\/?>|<hr\s*\/?>/gi;

/**
 * An article's body as kept: the publishing module's sanitiser (the rich-text editor's HTML, nothing that runs),
 * composed (NFC) so the text the search cut and the text it highlights are one.
 */
export function articleHtml(html: string): string {
  return sanitisePostHtml(html.normalize('NFC'));
}

/**
 * The words of sanitised HTML as one line: tags dropped (a block's end a space), the escapes the sanitiser writes
 * read back, runs of white space one space. What is indexed, what snippets are cut from, and whether the body says
 * anything at all.
 */
export function articleText(safeHtml: string): string {
  const spaced = safeHtml.replace(BLOCK_END, (end) => `${end} `);
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
    .normalize('NFC');
}

/**
 * What is written for an article's title and body: the body sanitised, its text, and the search vector over both
 * (title weighted A, body D; docs/adr/0060-knowledge-base.md#search) — or null when the body, sanitised, says
 * nothing (no text and no picture).
 */
export function articleWrite(v: { categoryId: string; title: string; body: string; attachments: string[] }): ArticleWrite | null {
  const title = v.title.normalize('NFC');
  const body = articleHtml(v.body);
  const bodyText = articleText(body);
  if (bodyText === '' && !/<img\s/i.test(body)) return null;
  return { categoryId: v.categoryId, title, body, bodyText, attachments: v.attachments, search: tsvectorText([{ text: title, weight: 'A' }, { text: bodyText, weight: 'D' }]) };
}
