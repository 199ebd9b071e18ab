import type { KnowledgeCategory } from '@schoolflow/contracts';

/** A category's name in the shown language (its English name where it has one). */
export function categoryName(c: Pick<KnowledgeCategory, 'name' | 'nameEn'>, lang: string): string {
  return lang === 'en' && c.nameEn ? c.nameEn : c.name;
}

/** Each category's depth in the tree (0: a top one, or one whose parent the reader does not see). */
export function depths(categories: readonly KnowledgeCategory[]): Map<string, number> {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const out = new Map<string, number>();
  const depthOf = (c: KnowledgeCategory, guard = 0): number => {
    const known = out.get(c.id);
    if (known !== undefined) return known;
    const parent = c.parentId ? byId.get(c.parentId) : undefined;
    const d = parent && guard < 16 ? depthOf(parent, guard + 1) + 1 : 0;
    out.set(c.id, d);
    return d;
  };
  for (const c of categories) depthOf(c);
  return out;
}

/** `id` and the categories under it (a category's subtree, which it may not be moved into). */
export function subtree(categories: readonly KnowledgeCategory[], id: string): Set<string> {
  const found = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of categories) {
      if (c.parentId && found.has(c.parentId) && !found.has(c.id)) {
        found.add(c.id);
        grew = true;
      }
    }
  }
  return found;
}
