import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, Form, Icon, Message } from 'semantic-ui-react';
import { KNOWLEDGE_LIMITS, KNOWLEDGE_MANAGE_PERMISSION, KNOWLEDGE_PAGE } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { useAuthorized } from '../components/authorized.js';
import { PageLoader } from '../components/page-loader.js';
import { tabsStore } from '../layout/tabs-store.js';
import type { ViewProps } from '../router/view-props.js';
import { useStore } from '../util/store.js';
import { useDialogTarget } from '../util/use-disclosure.js';
import { ArticleList } from './article-list.js';
import { ArticleReader } from './article-reader.js';
import { CategoryForm, type CategoryDraft, categoryDraft, newCategoryDraft } from './category-form.js';
import { CategoryTree } from './category-tree.js';
import { knowledgeLink, type KnowledgePlace, placeOf } from './knowledge-links.js';
import { useArticle } from './use-article.js';
import { useCategories } from './use-categories.js';
import { useKnowledgeT } from './use-knowledge-t.js';
// the rich-text editor's own look (its area, toolbar), as publishing's pages load it
import '../publishing/publishing.css';
import './knowledge.css';

// the article form carries the rich-text editor (tiptap): its own chunk, loaded only when writing
const ArticleForm = lazy(() => import('./article-form.js'));

/**
 * The query this page was last shown with; a page kept alive in a background tab keeps its tab's own (it must not
 * follow another page's query and drop an article being written).
 */
function usePageQuery(active: boolean): URLSearchParams {
  const location = useLocation();
  const tabs = useStore(tabsStore);
  const own = tabs.find((t) => t.path === KNOWLEDGE_PAGE.url)?.search ?? '';
  return new URLSearchParams(active && location.pathname === KNOWLEDGE_PAGE.url ? location.search : own);
}

/**
 * 知识库 (`/zskgl`; docs/product/office.md#knowledge-base): the category tree, the search, a category's articles or the
 * search's results, an article to read with its versions and attachments, and for editors the article form; for
 * managers the categories' form. What is shown is named by the page's query (knowledge-links.ts); what anyone may
 * read or write the server decides.
 */
export default function KnowledgeView({ active }: ViewProps) {
  const { k } = useKnowledgeT();
  const navigate = useNavigate();
  const place = placeOf(usePageQuery(active));
  const go = (to: Partial<KnowledgePlace>) => void navigate(knowledgeLink(to));
  const categories = useCategories(active);
  const list = categories.data ?? [];
  const manage = useAuthorized({ all: [KNOWLEDGE_MANAGE_PERMISSION] });
  const { target: categoryForm, open: openCategoryForm, close: closeCategoryForm } = useDialogTarget<CategoryDraft>();
  const category = list.find((c) => c.id === place.category) ?? null;
  const canWrite = list.some((c) => c.canEdit);

  let main;
  if (place.edit === 'new' && canWrite) {
    main = (
      <Suspense fallback={<PageLoader text={k('form.loadingEditor')} />}>
        <ArticleForm article={null} categories={list} defaultCategory={place.category} onDone={(id) => go(id ? { category: place.category, id } : { category: place.category })} />
      </Suspense>
    );
  } else if (place.id && place.edit === 'article') {
    main = <EditArticle id={place.id} active={active} categories={list} onDone={() => go({ category: place.category, id: place.id })} />;
  } else if (place.id) {
    main = (
      <ArticleReader
        key={place.id}
        id={place.id}
        active={active}
        onBack={() => go({ category: place.category, q: place.q, page: place.page })}
        onEdit={() => go({ category: place.category, id: place.id, edit: 'article' })}
        onDeleted={() => go({ category: place.category })}
      />
    );
  } else {
    main = (
      <ArticleList
        category={category}
        q={place.q}
        page={place.page}
        canWrite={canWrite}
        active={active}
        onOpen={(id) => go({ category: place.category, q: place.q, page: place.page, id })}
        onPage={(page) => go({ category: place.category, q: place.q, page })}
        onCreate={() => go({ category: place.category, edit: 'new' })}
      />
    );
  }

  return (
    <div className="sf-page sf-knowledge" data-testid="knowledge-view">
      {categories.isError ? <Message negative content={errorMessage(categories.error)} /> : null}
      <div className="sf-kb-layout">
        <aside className="sf-kb-side">
          <CategoryTree
            categories={list}
            loading={categories.isFetching && !categories.data}
            selected={place.category}
            manage={manage}
            onSelect={(id) => go({ category: id })}
            onCreate={() => openCategoryForm(newCategoryDraft(place.category))}
            onEdit={(c) => openCategoryForm(categoryDraft(c))}
          />
        </aside>
        <section className="sf-kb-main">
          <SearchBar key={place.q} q={place.q} onSearch={(q) => go({ category: place.category, q })} />
          {main}
        </section>
      </div>
      {categoryForm ? <CategoryForm draft={categoryForm} categories={list} onClose={closeCategoryForm} /> : null}
    </div>
  );
}

/** The search box: what was searched stays in it; clearing it goes back to the list. */
function SearchBar({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { k } = useKnowledgeT();
  // keyed by `q`: a new search (or a link) starts it afresh
  const [text, setText] = useState(q);
  return (
    <Form className="sf-kb-search" onSubmit={() => onSearch(text.trim())} data-testid="kb-search">
      <div className="ui fluid action left icon input">
        <Icon name="search" />
        <input type="search" value={text} maxLength={KNOWLEDGE_LIMITS.queryMax} placeholder={k('search.placeholder')} aria-label={k('search.placeholder')} onChange={(e) => setText(e.target.value)} data-testid="kb-search-input" />
        <Button type="submit" primary content={k('search.submit')} data-testid="kb-search-submit" />
        {q ? <Button type="button" basic content={k('search.clear')} onClick={() => onSearch('')} data-testid="kb-search-clear" /> : null}
      </div>
    </Form>
  );
}

/** The form on an article loaded first (a save is made from the version it was opened at). */
function EditArticle({ id, active, categories, onDone }: { id: string; active: boolean; categories: Parameters<typeof ArticleForm>[0]['categories']; onDone: () => void }) {
  const { k } = useKnowledgeT();
  const article = useArticle(id, active);
  if (article.isError) return <Message negative content={errorMessage(article.error)} />;
  if (!article.data) return <PageLoader />;
  return (
    <Suspense fallback={<PageLoader text={k('form.loadingEditor')} />}>
      <ArticleForm key={`${id}:${article.data.version}`} article={article.data} categories={categories} defaultCategory={article.data.categoryId} onDone={onDone} />
    </Suspense>
  );
}
