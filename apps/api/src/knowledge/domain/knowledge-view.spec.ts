import { describe, expect, it } from '@jest/globals';
import { subtreeOf, treeOrder } from './knowledge-view.js';

const c = (id: string, parent: string | null, sort: number, name = id) => ({ id, parent_id: parent, sort, name });

describe('the knowledge base tree as shown', () => {
  it('puts each category after its parent, siblings by sort then name', () => {
    const all = [c('b', null, 2), c('a2', 'a', 1, '乙'), c('a', null, 1), c('a1', 'a', 1, '甲'), c('b1', 'b', 0)];
    expect(treeOrder(all).map((x) => x.id)).toEqual(['a', 'a1', 'a2', 'b', 'b1']);
  });

  it('makes a category whose parent the reader does not see a root (an editor of a subcategory only)', () => {
    expect(treeOrder([c('child', 'hidden', 1), c('top', null, 0)]).map((x) => x.id)).toEqual(['top', 'child']);
  });

  it('finds a category and everything below it', () => {
    const all = [c('a', null, 0), c('b', 'a', 0), c('c', 'b', 0), c('d', null, 0)];
    expect([...subtreeOf(all, 'a')].sort()).toEqual(['a', 'b', 'c']);
    expect([...subtreeOf(all, 'd')]).toEqual(['d']);
  });
});
