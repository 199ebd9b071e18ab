import type { Language, SpiderColumn, SpiderItem, SpiderProblem, SpiderRun } from '@schoolflow/contracts';
import { translate } from '../../infrastructure/i18n/i18n.js';
import type { ColumnRow, ItemRow, RunRow, StoredProblem } from './spider-columns.repository.js';

/** A stored problem in words: its parameters that are problems themselves (a fetch's reason) put in words first. */
export function problemText(lang: Language, p: Pick<StoredProblem, 'key' | 'params'>): string {
  const params: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(p.params ?? {})) {
    const nested = typeof v === 'object' && v !== null && typeof (v as { key?: unknown }).key === 'string';
    params[k] = nested ? problemText(lang, v as StoredProblem) : v;
  }
  return translate(lang, p.key, params);
}

export const problemView = (lang: Language, p: StoredProblem): SpiderProblem => ({ url: p.url, message: problemText(lang, p) });

export function runView(r: RunRow, lang: Language): SpiderRun {
  return {
    id: r.id,
    trigger: r.trigger,
    state: r.state,
    found: r.found,
    added: r.added,
    published: r.published,
    problems: (r.problems ?? []).map((p) => problemView(lang, p)),
    failure: r.failure ? problemText(lang, r.failure) : null,
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
  };
}

export function columnView(c: ColumnRow, lastRun: RunRow | null, lang: Language): SpiderColumn {
  return {
    id: c.id,
    name: c.name,
    sourceUrl: c.sourceUrl,
    listSelector: c.listSelector,
    titleSelector: c.titleSelector,
    linkSelector: c.linkSelector,
    dateSelector: c.dateSelector,
    contentSelector: c.contentSelector,
    kind: c.kind,
    audience: c.audience,
    mode: c.mode,
    intervalHours: c.intervalHours,
    enabled: c.enabled,
    pending: c.pending,
    lastRun: lastRun ? runView(lastRun, lang) : null,
    nextRunAt: c.enabled && c.intervalHours !== null && c.nextRunAt ? c.nextRunAt.toISOString() : null,
    updatedAt: c.updatedAt.toISOString(),
  };
}

export function itemView(i: ItemRow): SpiderItem {
  return { id: i.id, columnId: i.columnId, title: i.title, url: i.url, date: i.date, content: i.content, state: i.state, postId: i.postId, collectedAt: i.createdAt.toISOString() };
}
