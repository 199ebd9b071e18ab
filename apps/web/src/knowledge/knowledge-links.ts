import { KNOWLEDGE_PAGE } from '@schoolflow/contracts';

/**
 * Where the knowledge base shows what (its page's query; docs/product/office.md#knowledge-base): a category's articles
 * (`category`), the search (`q`), a page of either (`page`), an article (`id`), the form for a new article
 * (`edit=new`) or for the article (`edit=article`). One menu page, its states named by its query.
 */
export interface KnowledgePlace {
  category: string;
  q: string;
  page: number;
  id: string;
  edit: '' | 'new' | 'article';
}

const NOWHERE: KnowledgePlace = { category: '', q: '', page: 1, id: '', edit: '' };

export function placeOf(query: URLSearchParams): KnowledgePlace {
  const page = Number(query.get('page'));
  const edit = query.get('edit');
  return {
    category: query.get('category') ?? '',
    q: query.get('q') ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    id: query.get('id') ?? '',
    edit: edit === 'new' || edit === 'article' ? edit : '',
  };
}

/** The page's address for a place (what is not given is not kept). */
export function knowledgeLink(place: Partial<KnowledgePlace>): string {
  const p = { ...NOWHERE, ...place };
  const query = new URLSearchParams();
  if (p.category) query.set('category', p.category);
  if (p.q) query.set('q', p.q);
  if (p.page > 1) query.set('page', String(p.page));
  if (p.id) query.set('id', p.id);
  if (p.edit) query.set('edit', p.edit);
  const search = query.toString();
  return search ? `${KNOWLEDGE_PAGE.url}?${search}` : KNOWLEDGE_PAGE.url;
}
