import { Injectable } from '@nestjs/common';
import { SPIDER_LIMITS, type SpiderExtracted, type SpiderPreview, type SpiderTryBody } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { AppException } from '../../infrastructure/http/app-exception.js';
import { logger } from '../../infrastructure/logging/logger.js';
import { SpiderErrors } from '../spider-columns.errors.js';
import { ItemPublisher } from './item-publisher.js';
import { extractContent, extractList, invalidSelector, type ListExtraction } from './page-extraction.js';
import { FetchRefused, PageFetcher } from './page-fetcher.js';
import { type ColumnRow, SpiderColumnsRepository, type StoredProblem } from './spider-columns.repository.js';

export interface RunOutcome {
  found: number;
  added: number;
  published: number;
  problems: StoredProblem[];
  failure: StoredProblem | null;
}

/** A refusal as a stored problem (its key and parameters), read later in the reader's language. */
const problemOf = (err: unknown, url: string | null = null): StoredProblem => {
  if (err instanceof FetchRefused) return { url, key: err.key, params: err.params };
  if (err instanceof AppException) return { url, key: err.messageKey, params: err.params ?? {} };
  return { url, key: 'publishing.columns.fetch.unreachable', params: { reason: 'error' } };
};

/**
 * Collecting a column (docs/adr/0067-spider-columns.md#collecting): its list page fetched and read by its selectors,
 * the items it has not collected yet (by address) kept — each with its article's content when the column names a
 * content selector — and, in automatic mode, published as they are kept. A page that cannot be read fails the run;
 * a problem of one item (its article unread, its publishing refused) is noted and the run goes on. The dry run is
 * the same reading without saving anything.
 */
@Injectable()
export class ColumnCollector {
  constructor(
    private readonly db: DataSource,
    private readonly repo: SpiderColumnsRepository,
    private readonly fetcher: PageFetcher,
    private readonly publisher: ItemPublisher,
  ) {}

  /** The selectors are CSS, or the refusal naming the first that is not. */
  checkSelectors(b: SpiderTryBody): void {
    const field = invalidSelector({ listSelector: b.listSelector, titleSelector: b.titleSelector, linkSelector: b.linkSelector, dateSelector: b.dateSelector, contentSelector: b.contentSelector });
    if (field) throw SpiderErrors.selectorInvalid(field as 'listSelector');
  }

  /** The list as the column's selectors read it: its address, charset and items; a page unread or empty is refused. */
  private async readList(b: SpiderTryBody): Promise<{ url: string; charset: string; list: ListExtraction }> {
    let page;
    try {
      page = await this.fetcher.fetch(b.sourceUrl);
    } catch (err) {
      if (err instanceof FetchRefused) throw SpiderErrors.fetch(err.key, err.params);
      throw err;
    }
    const list = extractList(page.text, page.url, b);
    if (list.found === 0) throw SpiderErrors.nothingFound(b.listSelector);
    if (list.items.length === 0) throw SpiderErrors.noLinks(list.found, b.linkSelector);
    return { url: page.url, charset: page.charset, list };
  }

  /** An article's content by the selector, or the problem why not. */
  private async content(item: SpiderExtracted, selector: string): Promise<{ content: string | null; problem: StoredProblem | null }> {
    try {
      const page = await this.fetcher.fetch(item.url);
      const content = extractContent(page.text, page.url, selector);
      return { content, problem: content === null ? { url: item.url, key: 'publishing.columns.errors.noContentFound', params: {} } : null };
    } catch (err) {
      const reason = problemOf(err);
      return { content: null, problem: { url: item.url, key: 'publishing.columns.errors.articleUnread', params: { reason: { key: reason.key, params: reason.params } } } };
    }
  }

  private withoutLinks(list: ListExtraction): StoredProblem[] {
    return list.withoutLink.slice(0, 10).map((n) => ({ url: null, key: 'publishing.columns.errors.itemWithoutLink', params: { n } }));
  }

  /** The dry run: what a run would find, nothing saved; the first articles opened for their content. */
  async tryOut(b: SpiderTryBody): Promise<{ preview: Omit<SpiderPreview, 'problems'>; problems: StoredProblem[] }> {
    this.checkSelectors(b);
    const { url, charset, list } = await this.readList(b);
    const problems = this.withoutLinks(list);
    const items: SpiderPreview['items'] = [];
    for (const [i, item] of list.items.entries()) {
      if (b.contentSelector && i < SPIDER_LIMITS.previewArticles) {
        const got = await this.content(item, b.contentSelector);
        if (got.problem) problems.push(got.problem);
        items.push({ ...item, content: got.content });
      } else items.push({ ...item, content: null });
    }
    return { preview: { url, charset, found: list.found, items }, problems };
  }

  /** One run of a column, recorded in its run row; `progress` is told each item done of those new. */
  async collect(columnId: string, runId: string, progress: (done: number, total: number) => void = () => undefined): Promise<RunOutcome | null> {
    const column = await this.repo.get(this.db, columnId);
    if (!column) return null;
    const out: RunOutcome = { found: 0, added: 0, published: 0, problems: [], failure: null };
    try {
      const { list } = await this.readList(column);
      out.found = list.items.length;
      out.problems.push(...this.withoutLinks(list));
      const known = await this.repo.known(this.db, column.id, list.items.map((i) => i.url));
      // the page lists the newest first: kept oldest first, so the newest is the latest collected
      const fresh = list.items.filter((i) => !known.has(i.url)).reverse();
      progress(0, fresh.length);
      for (const [i, item] of fresh.entries()) {
        await this.keep(column, item, out);
        progress(i + 1, fresh.length);
      }
    } catch (err) {
      out.failure = problemOf(err, column.sourceUrl);
    }
    await this.repo.finishRun(this.db, runId, out);
    logger.info({ columnId, runId, found: out.found, added: out.added, published: out.published, failed: out.failure?.key ?? null }, 'column collected');
    return out;
  }

  private async keep(column: ColumnRow, item: SpiderExtracted, out: RunOutcome): Promise<void> {
    let content: string | null = null;
    if (column.contentSelector) {
      const got = await this.content(item, column.contentSelector);
      content = got.content;
      if (got.problem) out.problems.push(got.problem);
    }
    const id = await this.repo.insertItem(this.db, column.id, { url: item.url, title: item.title, date: item.date, content });
    if (!id) return; // another run kept it first
    out.added++;
    if (column.mode !== 'auto') return;
    const row = await this.repo.item(this.db, id);
    if (!row) return;
    try {
      await this.publisher.publishAsOwner(column, row);
      out.published++;
    } catch (err) {
      if (!(err instanceof AppException)) throw err;
      out.problems.push({ url: item.url, key: 'publishing.columns.errors.publishFailed', params: { reason: { key: err.messageKey, params: err.params ?? {} } } });
    }
  }
}
