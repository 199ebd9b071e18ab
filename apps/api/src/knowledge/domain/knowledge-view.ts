import { formatSchoolTime, type KnowledgeArticle, type KnowledgeArticleSummary, type KnowledgeCategory, type KnowledgeFile, type KnowledgeVersionSummary } from '@schoolflow/contracts';
import { excerpt, markAll, type Segment } from './cjk-search.js';
import type { ArticleListRecord, ArticleRecord, CategoryRecord, Reach, VersionRecord } from './knowledge.repository.js';

/** How long a list's excerpt is (characters). */
export const EXCERPT_LENGTH = 120;

const at = (d: Date, timeZone: string): string => formatSchoolTime(new Date(d).getTime(), timeZone);

/**
 * Categories in the order a tree shows them: each after its parent, siblings by sort then name. A category whose
 * parent is not among them (a reader who edits a subcategory but may not read the category above) is a root.
 */
export function treeOrder<C extends { id: string; parent_id: string | null; sort: number; name: string }>(categories: readonly C[]): C[] {
  const ids = new Set(categories.map((c) => c.id));
  const children = new Map<string | null, C[]>();
  for (const c of categories) {
    const parent = c.parent_id && ids.has(c.parent_id) ? c.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  for (const list of children.values()) list.sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name, 'zh') || a.id.localeCompare(b.id));
  const out: C[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null) => {
    for (const c of children.get(parent) ?? []) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      out.push(c);
      walk(c.id);
    }
  };
  walk(null);
  return out;
}

/** `id` and the categories below it, among `categories` (a list: each category's subtree holds its articles too). */
export function subtreeOf(categories: readonly { id: string; parent_id: string | null }[], id: string): Set<string> {
  const found = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of categories) {
      if (c.parent_id && found.has(c.parent_id) && !found.has(c.id)) {
        found.add(c.id);
        grew = true;
      }
    }
  }
  return found;
}

export function categoryView(c: CategoryRecord, reach: Reach): KnowledgeCategory {
  return {
    id: c.id,
    parentId: c.parent_id,
    name: c.name,
    nameEn: c.name_en,
    sort: c.sort,
    everyone: c.read_everyone,
    roles: c.reader_roles,
    departmentIds: c.reader_departments,
    editors: c.editors,
    articles: c.articles,
    canEdit: reach.get(c.id)?.editable ?? false,
  };
}

/** An article of a list or of the search: the title and an excerpt, the query's terms marked (none: a plain list). */
export function articleSummary(a: ArticleListRecord, terms: readonly Segment[], timeZone: string): KnowledgeArticleSummary {
  return {
    id: a.id,
    categoryId: a.category_id,
    categoryName: a.category_name,
    categoryNameEn: a.category_name_en,
    title: a.title,
    version: a.version,
    excerpt: excerpt(a.body_text, terms, EXCERPT_LENGTH),
    titleParts: markAll(a.title, terms),
    attachments: a.attachments.length,
    updatedBy: a.updated_by,
    updatedAt: at(a.updated_at, timeZone),
  };
}

export function articleView(a: ArticleRecord, files: KnowledgeFile[], canEdit: boolean, timeZone: string): KnowledgeArticle {
  return {
    id: a.id,
    categoryId: a.category_id,
    categoryName: a.category_name,
    categoryNameEn: a.category_name_en,
    title: a.title,
    body: a.body,
    attachments: files,
    version: a.version,
    canEdit,
    createdBy: a.created_by,
    createdAt: at(a.created_at, timeZone),
    updatedBy: a.updated_by,
    updatedAt: at(a.updated_at, timeZone),
  };
}

export function versionSummary(v: Omit<VersionRecord, 'body' | 'attachments'>, current: number, timeZone: string): KnowledgeVersionSummary {
  return { version: v.version, title: v.title, restoredFrom: v.restored_from, current: v.version === current, savedBy: v.saved_by, savedAt: at(v.saved_at, timeZone) };
}
