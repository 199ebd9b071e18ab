import { Button, Icon, Segment } from 'semantic-ui-react';
import type { KnowledgeCategory } from '@schoolflow/contracts';
import { CardHead } from '../components/list-page.js';
import { categoryName, depths } from './category-names.js';
import { useKnowledgeT } from './use-knowledge-t.js';

/**
 * 分类: the categories I read as a tree — all articles first, each category indented under its parent, a lock where
 * its readers are restricted — choosing one lists its articles (and those under it). A manager adds and edits here.
 */
export function CategoryTree({
  categories,
  loading,
  selected,
  manage,
  onSelect,
  onCreate,
  onEdit,
}: {
  categories: readonly KnowledgeCategory[];
  loading: boolean;
  selected: string;
  manage: boolean;
  onSelect: (id: string) => void;
  onCreate: () => void;
  onEdit: (c: KnowledgeCategory) => void;
}) {
  const { k, lang } = useKnowledgeT();
  const depth = depths(categories);
  return (
    <Segment className="sf-card sf-kb-tree" loading={loading} data-testid="kb-tree">
      <CardHead
        icon="sitemap"
        title={k('tree.title')}
        tools={manage ? <Button type="button" size="mini" basic icon="plus" title={k('tree.create')} aria-label={k('tree.create')} onClick={onCreate} data-testid="kb-category-create" /> : null}
      />
      <ul className="sf-kb-tree-list">
        <li className={selected === '' ? 'active' : undefined}>
          <button type="button" className="sf-kb-tree-item" onClick={() => onSelect('')} data-testid="kb-category-all">
            <Icon name="book" /> {k('tree.all')}
          </button>
        </li>
        {categories.map((c) => (
          <li key={c.id} className={selected === c.id ? 'active' : undefined} style={{ paddingLeft: `${(depth.get(c.id) ?? 0) * 1.1}em` }} data-testid="kb-category" data-id={c.id} data-name={c.name}>
            <button type="button" className="sf-kb-tree-item" onClick={() => onSelect(c.id)} data-testid={`kb-category-${c.id}`}>
              <Icon name={selected === c.id ? 'folder open outline' : 'folder outline'} />
              <span className="sf-kb-tree-name">{categoryName(c, lang)}</span>
              {c.everyone ? null : <Icon name="lock" className="sf-kb-lock" title={k('tree.restricted')} aria-label={k('tree.restricted')} />}
              {c.articles > 0 ? <span className="sf-kb-count">{c.articles}</span> : null}
            </button>
            {manage ? (
              <button type="button" className="sf-link sf-kb-tree-edit" title={k('tree.edit')} aria-label={k('tree.edit')} onClick={() => onEdit(c)} data-testid={`kb-category-edit-${c.id}`}>
                <Icon name="edit outline" />
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {categories.length === 0 && !loading ? <div className="sf-hint">{k('tree.empty')}</div> : null}
    </Segment>
  );
}
