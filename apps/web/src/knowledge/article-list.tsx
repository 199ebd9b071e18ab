import { Button, Icon, Message, Pagination, Segment } from 'semantic-ui-react';
import type { KnowledgeCategory } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { EmptyState } from '../components/empty-state.js';
import { CardHead } from '../components/list-page.js';
import { categoryName } from './category-names.js';
import { ARTICLES_PAGE_SIZE } from './knowledge-client.js';
import { TextParts } from './text-parts.js';
import { useArticles } from './use-articles.js';
import { useKnowledgeT } from './use-knowledge-t.js';

/**
 * 文章: a category's articles (and those of the categories under it), newest first, or the search's results, best
 * first — each with its title and a passage, what matched marked — a page at a time.
 */
export function ArticleList({
  category,
  q,
  page,
  canWrite,
  active,
  onOpen,
  onPage,
  onCreate,
}: {
  category: KnowledgeCategory | null;
  q: string;
  page: number;
  canWrite: boolean;
  active: boolean;
  onOpen: (id: string) => void;
  onPage: (page: number) => void;
  onCreate: () => void;
}) {
  const { k, lang } = useKnowledgeT();
  const articles = useArticles({ categoryId: category?.id ?? '', q, current: page }, active);
  const data = articles.data ?? { total: 0, list: [] };
  const pages = Math.max(1, Math.ceil(data.total / ARTICLES_PAGE_SIZE));
  // while a new search runs the previous answer stays in view (keepPreviousData): the list names its query only once
  // the answer is the query's own, so what it highlights is that query's
  const title = q ? k('list.results', { q }) : category ? categoryName(category, lang) : k('tree.all');
  return (
    <Segment className="sf-card sf-kb-list" loading={articles.isFetching && !articles.data} data-testid="kb-list" data-total={data.total} data-q={articles.isPlaceholderData ? undefined : q} data-stale={articles.isPlaceholderData || undefined}>
      <CardHead
        icon={q ? 'search' : 'file alternate outline'}
        title={title}
        sub={
          <span className="sf-card-sub" data-testid="kb-list-count">
            {k('list.count', { n: data.total })}
          </span>
        }
        tools={canWrite ? <Button type="button" primary size="small" icon="plus" content={k('list.create')} onClick={onCreate} data-testid="kb-article-create" /> : null}
      />
      {articles.isError ? <Message negative content={errorMessage(articles.error)} /> : null}
      {data.list.length === 0 && !articles.isFetching ? <EmptyState icon={q ? 'search' : 'file outline'} text={q ? k('list.noHits', { q }) : k('list.empty')} testId="kb-list-empty" /> : null}
      <div className="sf-kb-items">
        {data.list.map((a) => (
          <article key={a.id} className="sf-kb-item" data-testid="kb-article-item" data-id={a.id} data-title={a.title}>
            <button type="button" className="sf-kb-item-title" onClick={() => onOpen(a.id)} data-testid="kb-article-open">
              <TextParts parts={a.titleParts} />
            </button>
            <p className="sf-kb-excerpt">
              <TextParts parts={a.excerpt} testId="kb-article-excerpt" />
            </p>
            <div className="sf-kb-item-meta">
              <span>
                <Icon name="folder outline" />
                {categoryName({ name: a.categoryName, nameEn: a.categoryNameEn }, lang)}
              </span>
              <span>{k('list.version', { version: a.version })}</span>
              <span>{k('list.updated', { by: a.updatedBy ?? '—', at: a.updatedAt })}</span>
              {a.attachments > 0 ? (
                <span>
                  <Icon name="attach" />
                  {k('list.attachments', { n: a.attachments })}
                </span>
              ) : null}
            </div>
          </article>
        ))}
      </div>
      {pages > 1 ? (
        <div className="sf-kb-pager">
          <Pagination size="mini" activePage={page} totalPages={pages} firstItem={null} lastItem={null} siblingRange={1} onPageChange={(_e, d) => onPage(Number(d.activePage) || 1)} data-testid="kb-pager" />
        </div>
      ) : null}
    </Segment>
  );
}
