import { type CreatePostBody, createPostSchema, type Language } from '@schoolflow/contracts';
import { translate } from '../../infrastructure/i18n/i18n.js';
import type { ColumnRow, ItemRow } from './spider-columns.repository.js';

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The post an item becomes: its title, its content (if any) and the source link, as the column's kind to its audience. */
export function itemPost(column: Pick<ColumnRow, 'kind' | 'audience'>, item: Pick<ItemRow, 'title' | 'url' | 'content'>, lang: Language): CreatePostBody {
  const source = `<p class="post-source">${escapeHtml(translate(lang, 'publishing.columns.post.source'))}<a href="${escapeHtml(item.url)}" target="_blank">${escapeHtml(item.url)}</a></p>`;
  return createPostSchema.parse({ kind: column.kind, title: item.title, body: `${item.content ?? ''}${source}`, audience: column.audience, publish: true });
}
